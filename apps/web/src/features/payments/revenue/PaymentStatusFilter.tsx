import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { STATUS_FILTERS, type StatusFilter } from './use-payment-history';

/** All, Succeeded, Pending, Cancelled, Failed (spec §2 Revenue); it wraps on a phone rather than overflow. */
export function PaymentStatusFilter({
  value,
  onChange,
}: {
  value: StatusFilter;
  onChange: (status: StatusFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      onChange={(_event, next: StatusFilter | null) => next && onChange(next)}
      aria-label={t('revenue.history.statusFilter')}
      sx={{ flexWrap: 'wrap' }}
    >
      {STATUS_FILTERS.map((status) => (
        <ToggleButton key={status} value={status} sx={{ px: 1.5 }}>
          {t(`revenue.history.filters.${status}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
