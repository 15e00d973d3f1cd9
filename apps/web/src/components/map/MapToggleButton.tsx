import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

interface MapToggleButtonProps {
  label: string;
  icon: ReactNode;
  selected: boolean;
  onChange: (on: boolean) => void;
  testId: string;
}

/** An on/off map control (a layer, a tool), its state said with aria-pressed, its name by label and tooltip. */
export function MapToggleButton({ label, icon, selected, onChange, testId }: MapToggleButtonProps) {
  return (
    <Tooltip title={label} placement="left">
      <ToggleButton
        value={testId}
        selected={selected}
        onChange={() => onChange(!selected)}
        aria-label={label}
        data-testid={testId}
        size="small"
        color="primary"
        sx={{ border: 0, borderRadius: 0, p: 1.25 }}
      >
        {icon}
      </ToggleButton>
    </Tooltip>
  );
}
