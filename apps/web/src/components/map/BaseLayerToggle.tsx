import MapIcon from '@mui/icons-material/Map';
import SatelliteAltIcon from '@mui/icons-material/SatelliteAlt';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import type { BaseLayer } from './base-layer';

/** Street/satellite switch (spec §2 Map toggles). */
export function BaseLayerToggle({
  value,
  onChange,
}: {
  value: BaseLayer;
  onChange: (layer: BaseLayer) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper elevation={3}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={value}
        onChange={(_event, next: BaseLayer | null) => next && onChange(next)}
        aria-label={t('map.baseLayer')}
      >
        <ToggleButton value="street" aria-label={t('map.street')} data-testid="base-layer-street">
          <MapIcon fontSize="small" sx={{ mr: { sm: 0.5 } }} />
          <span className="fw-toggle-label">{t('map.street')}</span>
        </ToggleButton>
        <ToggleButton value="satellite" aria-label={t('map.satellite')} data-testid="base-layer-satellite">
          <SatelliteAltIcon fontSize="small" sx={{ mr: { sm: 0.5 } }} />
          <span className="fw-toggle-label">{t('map.satellite')}</span>
        </ToggleButton>
      </ToggleButtonGroup>
    </Paper>
  );
}
