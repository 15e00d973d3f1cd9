import ScheduleIcon from '@mui/icons-material/Schedule';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

interface OverdueFilterChipProps {
  /** how many carts are overdue now */
  count: number;
  on: boolean;
  onChange: (on: boolean) => void;
}

/** The fleet list's "Overdue" filter: a toggle showing how many carts are overdue now. */
export function OverdueFilterChip({ count, on, onChange }: OverdueFilterChipProps) {
  const { t } = useTranslation();
  return (
    <Chip
      icon={<ScheduleIcon />}
      label={t('overrun.filterCount', { count })}
      color={count > 0 ? 'warning' : 'default'}
      variant={on ? 'filled' : 'outlined'}
      onClick={() => onChange(!on)}
      aria-pressed={on}
      // Nothing to show and not on: there is nothing to filter by.
      disabled={count === 0 && !on}
      data-testid="fleet-overdue-filter"
    />
  );
}
