import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { isGuestApiError } from '../../api/http';
import { bookingApi } from '../../booking/booking-api';
import { bookingMessages } from '../../booking/locales';
import { RideLayout } from '../../components/RideLayout';
import { MessagePanel } from '../../components/States';
import { useNamespace } from '../../i18n/I18nProvider';
import { bookingCodeOf, rememberBookingCode } from '../../lib/guest-codes';
import { navigate, useLocation } from '../../router/navigation';
import { ridePaths } from '../../router/routes';
import { UnlockRoute } from './UnlockRoute';

/**
 * /ride/:id/booking/:bookingId?reservationCode= (spec §2 Guest routes): unlocks the booking's cart with its
 * code (from the address, else the one this tab holds) and opens the ride's session page. A booking that
 * still needs paying goes to its prices; any other refusal (not yet, expired, …) leads to the booking page.
 */
export default function BookingUnlockPage({ deviceId, bookingId }: { deviceId: string; bookingId: string }) {
  const bt = useNamespace(bookingMessages);
  const { query } = useLocation();
  const fromUrl = query.get('reservationCode');
  const code = useMemo(() => {
    if (fromUrl && /^\d{6}$/.test(fromUrl)) {
      // The booking page and the prices page of this tab need it too.
      rememberBookingCode(bookingId, fromUrl);
      return fromUrl;
    }
    return bookingCodeOf(bookingId);
  }, [fromUrl, bookingId]);
  const toBooking = { label: bt('unlock.toBooking'), to: ridePaths.guestBooking(bookingId) };

  if (!code)
    return (
      <RideLayout title={bt('unlock.refusedTitle')}>
        <MessagePanel title={bt('unlock.refusedTitle')} action={toBooking}>
          <Typography>{bt('unlock.codeMissing')}</Typography>
        </MessagePanel>
      </RideLayout>
    );
  return (
    <UnlockRoute
      deviceId={deviceId}
      send={() => bookingApi.unlock(bookingId, code)}
      intercept={(error) => {
        if (!(isGuestApiError(error) && error.code === 'paymentRequired')) return false;
        navigate(ridePaths.prices(deviceId, { bookingId, reservationCode: code }), { replace: true });
        return true;
      }}
      fallback={toBooking}
    />
  );
}
