import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { GuestRideView } from '@fairway/domain';
import { useI18n } from '../../i18n/I18nProvider';

/** Whether the guest's riding ride has run past its service's time (the server's `dueAt`, pauses included). */
export const isRideDue = (ride: Pick<GuestRideView, 'stage' | 'dueAt'>, serverNow: number): boolean =>
  ride.stage === 'active' && ride.dueAt !== null && serverNow >= Date.parse(ride.dueAt);

/**
 * A gentle reminder once the ride's time is up (issue 23): when it ended and where the cart goes. Staff are
 * alerted separately after the club's grace; the guest only ever sees this friendly note.
 */
export function DueReminder({ ride, serverNow }: { ride: GuestRideView; serverNow: number }) {
  const { t, locale } = useI18n();
  if (!isRideDue(ride, serverNow) || ride.dueAt === null) return null;
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(ride.dueAt));
  return (
    <Alert severity="info" role="status" data-testid="ride-due-reminder">
      <AlertTitle>{t('session.dueTitle')}</AlertTitle>
      {t('session.dueReminder', { time })}
    </Alert>
  );
}
