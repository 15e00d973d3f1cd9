import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RideLayout } from '../components/RideLayout';
import { ErrorPanel, LoadingSkeleton } from '../components/States';
import { useI18n, useNamespace } from '../i18n/I18nProvider';
import { useResource } from '../lib/use-resource';
import { portalApi } from '../portal/portal-api';
import { ridePaths } from '../router/routes';
import { BookingCodeEntry } from './BookingCodeEntry';
import { BookingDetails } from './BookingDetails';
import { BookingStatePanel } from './BookingStatePanel';
import { ChangeCart } from './ChangeCart';
import { bookingMessages } from './locales';
import { usePaymentLanding } from './use-payment-landing';
import { useGuestBooking } from './use-guest-booking';

/**
 * /guest/booking/:id (spec §2 Booking page): opened with the booking's code (the portal's booking card
 * keeps it for this tab, else the guest types it here). Its times, names and the club's note, then what
 * the guest can do now, as the server decides it: nothing (expired), lock or unlock the open ride, unlock
 * in the window (counting down to it), or pay first; and 'Problem with cart?' to move to another cart.
 */
export default function GuestBookingPage({ bookingId }: { bookingId: string }) {
  const { t } = useI18n();
  const bt = useNamespace(bookingMessages);
  const booking = useGuestBooking(bookingId);
  const { view, code } = booking;
  const siteId = view?.siteId ?? null;
  const site = useResource(siteId && `site:${siteId}`, (signal) => portalApi.site(siteId!, signal));
  const payment = usePaymentLanding(view, booking.refresh);

  const title = bt('page.title');
  if (code === null)
    return (
      <RideLayout title={title}>
        <BookingCodeEntry bookingId={bookingId} lost={booking.lost} onAccept={booking.accept} />
      </RideLayout>
    );
  if (!view || !site.data) {
    const error = view ? site.error : booking.error;
    return (
      <RideLayout title={error ? t('errors.title') : t('app.loading')}>
        {error ? (
          <ErrorPanel error={error} onRetry={view ? site.reload : booking.refresh} />
        ) : (
          <LoadingSkeleton />
        )}
      </RideLayout>
    );
  }

  const club = site.data;
  return (
    <RideLayout
      title={title}
      site={{ name: club.displayName || club.name, logoUrl: club.logoUrl }}
      back={{ to: ridePaths.portalHome(club._id), label: bt('page.backToClub') }}
    >
      <Stack spacing={3}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        {payment.paid && (
          <Alert severity="success" role="status">
            {bt('payment.paid')}
          </Alert>
        )}
        <BookingDetails view={view} timeZone={club.timezone} />
        {view.note.trim() !== '' && (
          <Alert severity="info" role="note" sx={{ whiteSpace: 'pre-wrap' }}>
            <AlertTitle>{bt('page.note')}</AlertTitle>
            {view.note}
          </Alert>
        )}
        <BookingStatePanel
          booking={booking}
          view={view}
          code={code}
          timeZone={club.timezone}
          payment={payment}
        />
        {view.mayChangeCart && <ChangeCart bookingId={bookingId} code={code} onMoved={booking.apply} />}
      </Stack>
    </RideLayout>
  );
}
