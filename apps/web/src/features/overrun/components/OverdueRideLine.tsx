import ScheduleIcon from '@mui/icons-material/Schedule';
import { isOverdue, rideOverrun, type RideView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../lib/use-now';
import { formatOverdueDuration } from '../lib/overdue-format';
import { OVERDUE_CLOCK_MS } from '../use-overdue-carts';

interface OverdueRideLineProps {
  overrun: RideView['overrun'];
  /** the hole the cart is near (the ride detail's), null off the course or without a layout */
  hole: number | null;
}

/**
 * The ride pane's "Overdue by 12 min, near hole 7" (issue 23): shown while the open ride is overdue (past
 * its service and the site's grace, or alerted), the minutes counted from when it was due and kept current.
 */
export function OverdueRideLine({ overrun, hole }: OverdueRideLineProps) {
  const { t, i18n } = useTranslation();
  const now = useNow(OVERDUE_CLOCK_MS);
  if (!overrun || !isOverdue(overrun, now)) return null;
  const seconds = rideOverrun(overrun, overrun.graceMinutes, now)?.overdueSeconds ?? 0;
  const duration = formatOverdueDuration(seconds, i18n.language);
  return (
    <Alert severity="warning" icon={<ScheduleIcon />} role="status" data-testid="ride-overdue">
      {hole === null ? t('overrun.line', { duration }) : t('overrun.lineNearHole', { duration, hole })}
    </Alert>
  );
}
