import BubbleChartIcon from '@mui/icons-material/BubbleChart';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import TimelineIcon from '@mui/icons-material/Timeline';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §2 Map toggles (satellite and recenter have their own controls). */
export type MapToggle = 'carts' | 'trails' | 'findCart' | 'clustering';

const TOGGLES: { toggle: MapToggle; icon: ReactNode; testId: string }[] = [
  { toggle: 'carts', icon: <DirectionsCarIcon />, testId: 'map-carts-toggle' },
  { toggle: 'trails', icon: <TimelineIcon />, testId: 'map-trails-toggle' },
  { toggle: 'findCart', icon: <TravelExploreIcon />, testId: 'map-find-toggle' },
  { toggle: 'clustering', icon: <BubbleChartIcon />, testId: 'map-cluster-toggle' },
];

interface MapTogglesProps {
  state: Record<MapToggle, boolean>;
  onChange: (toggle: MapToggle, on: boolean) => void;
}

/** A column of on/off buttons; each says its state with aria-pressed. */
export function MapToggles({ state, onChange }: MapTogglesProps) {
  const { t } = useTranslation();
  return (
    <Paper
      elevation={3}
      role="group"
      aria-label={t('map.layersLabel')}
      sx={{ alignSelf: 'flex-end', display: 'flex', flexDirection: 'column' }}
    >
      {TOGGLES.map(({ toggle, icon, testId }) => (
        <Tooltip key={toggle} title={t(`map.toggles.${toggle}`)} placement="left">
          <ToggleButton
            value={toggle}
            selected={state[toggle]}
            onChange={() => onChange(toggle, !state[toggle])}
            aria-label={t(`map.toggles.${toggle}`)}
            data-testid={testId}
            size="small"
            color="primary"
            sx={{ border: 0, borderRadius: 0, p: 1.25 }}
          >
            {icon}
          </ToggleButton>
        </Tooltip>
      ))}
    </Paper>
  );
}
