import BubbleChartIcon from '@mui/icons-material/BubbleChart';
import DirectionsCarIcon from '@mui/icons-material/DirectionsCar';
import TimelineIcon from '@mui/icons-material/Timeline';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MapToggleButton } from '../../../components/map/MapToggleButton';

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
  /** Toggles of other features' layers (the course), below the map's own. */
  extra?: ReactNode;
}

/** A column of on/off buttons; each says its state with aria-pressed. */
export function MapToggles({ state, onChange, extra }: MapTogglesProps) {
  const { t } = useTranslation();
  return (
    <Paper
      elevation={3}
      role="group"
      aria-label={t('map.layersLabel')}
      sx={{ alignSelf: 'flex-end', display: 'flex', flexDirection: 'column' }}
    >
      {TOGGLES.map(({ toggle, icon, testId }) => (
        <MapToggleButton
          key={toggle}
          label={t(`map.toggles.${toggle}`)}
          icon={icon}
          selected={state[toggle]}
          onChange={(on) => onChange(toggle, on)}
          testId={testId}
        />
      ))}
      {extra}
    </Paper>
  );
}
