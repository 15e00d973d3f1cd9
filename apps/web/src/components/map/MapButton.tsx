import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';

/** A round control over the map's edge (recenter, fit the ride): an icon named by its label and tooltip. */
export function MapButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Paper elevation={3} sx={{ alignSelf: 'flex-end' }}>
      <Tooltip title={label} placement="left">
        <IconButton aria-label={label} onClick={onClick}>
          {icon}
        </IconButton>
      </Tooltip>
    </Paper>
  );
}
