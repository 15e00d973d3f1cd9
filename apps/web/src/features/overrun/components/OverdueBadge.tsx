import ScheduleIcon from '@mui/icons-material/Schedule';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** A cart's overdue mark in the fleet list (the map rings its marker). */
export function OverdueBadge() {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color="warning"
      icon={<ScheduleIcon />}
      label={t('overrun.badge')}
      data-testid="cart-overdue"
    />
  );
}
