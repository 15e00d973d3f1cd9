import HistoryIcon from '@mui/icons-material/History';
import LayersIcon from '@mui/icons-material/Layers';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { canPressTool, type MapTool } from '../lib/map-tool';

interface MapToolButtonsProps {
  open: MapTool | null;
  onPress: (tool: MapTool) => void;
}

/** Spec §2 Map buttons History and Zones (role user and up); the open one shows pressed. */
export function MapToolButtons({ open, onPress }: MapToolButtonsProps) {
  const { t } = useTranslation();
  const disabled = !canPressTool(open);
  return (
    <Paper elevation={3}>
      <ToggleButtonGroup size="small" exclusive value={open} aria-label={t('map.tools.label')}>
        <ToggleButton
          value="history"
          disabled={disabled}
          onClick={() => onPress('history')}
          data-testid="map-history-button"
          sx={{ textTransform: 'none', gap: 0.5 }}
        >
          <HistoryIcon fontSize="small" />
          {t('map.tools.history')}
        </ToggleButton>
        <ToggleButton
          value="zones"
          disabled={disabled}
          onClick={() => onPress('zones')}
          data-testid="map-zones-button"
          sx={{ textTransform: 'none', gap: 0.5 }}
        >
          <LayersIcon fontSize="small" />
          {t('map.tools.zones')}
        </ToggleButton>
      </ToggleButtonGroup>
    </Paper>
  );
}
