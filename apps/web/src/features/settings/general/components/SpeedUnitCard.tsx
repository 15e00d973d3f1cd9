import { SPEED_UNITS } from '@fairway/domain';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSpeedUnit } from '../../../devices';
import { SettingsCard } from './SettingsCard';

/**
 * The operator's speed unit. Not a site setting: it is kept in this browser and every speed on the map and
 * the fleet follows it at once, so it needs no Save and is open to every role.
 */
export function SpeedUnitCard() {
  const { t } = useTranslation();
  const [unit, setUnit] = useSpeedUnit();
  const labelId = useId();
  return (
    <SettingsCard title={t('settings.dashboard.title')} subtitle={t('settings.dashboard.subtitle')}>
      <div>
        <Typography id={labelId} variant="body2" sx={{ mb: 1 }}>
          {t('settings.dashboard.speedUnit')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={unit}
          aria-labelledby={labelId}
          // A click on the pressed button answers null; the unit stays as it is.
          onChange={(_event, next: (typeof SPEED_UNITS)[number] | null) => next && setUnit(next)}
        >
          {SPEED_UNITS.map((option) => (
            <ToggleButton key={option} value={option}>
              {t(`settings.dashboard.${option}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </div>
    </SettingsCard>
  );
}
