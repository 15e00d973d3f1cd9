import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { isBookingNotFound } from '../../booking/booking-errors';
import { bookingMessages } from '../../booking/locales';
import { CartLoadError } from '../../components/CartLoadError';
import { RideLayout } from '../../components/RideLayout';
import { LoadingSkeleton, MessagePanel } from '../../components/States';
import { useI18n, useNamespace } from '../../i18n/I18nProvider';
import { cartTitle } from '../../lib/cart-title';
import { bookingCodeOf } from '../../lib/guest-codes';
import { useResource } from '../../lib/use-resource';
import { linkProps, navigate, useLocation } from '../../router/navigation';
import { ridePaths } from '../../router/routes';
import { StatusPanel } from '../home/StatusPanel';
import { DetailsStep } from './DetailsStep';
import { loadBookingPrices, loadRidePrices } from './load-prices';
import { RateList } from './RateList';

/**
 * /ride/:id/prices (spec §2 Prices page): the site's guest prices for the chosen service; `?rate=` is the
 * details step of the chosen one; `?cancelled=1` is where the provider's checkout returns on cancel.
 * `?bookingId=` (with `reservationCode`, else the code this tab holds) pays for that booking instead of a
 * ride now: its service's prices at its time, and the checkout returns to the booking's page.
 */
export default function PricesPage({ deviceId }: { deviceId: string }) {
  const { t } = useI18n();
  const bt = useNamespace(bookingMessages);
  const { query } = useLocation();
  const bookingId = query.get('bookingId') || undefined;
  const code = bookingId ? query.get('reservationCode') || bookingCodeOf(bookingId) : null;
  const queriedService = query.get('serviceId') || undefined;
  const rateId = query.get('rate');
  const cancelled = query.get('cancelled') === '1';
  const prices = useResource(
    bookingId
      ? code
        ? `booking-prices:${bookingId}:${code}`
        : null
      : `prices:${deviceId}:${queriedService ?? ''}`,
    (signal) =>
      bookingId && code
        ? loadBookingPrices(bookingId, code, signal)
        : loadRidePrices(deviceId, queriedService, signal),
  );
  const booking = prices.data?.booking ?? null;
  // Paid meanwhile (or expired, or ridden): the booking's page says what now.
  const settled = booking !== null && booking.view.state !== 'paymentRequired';
  useEffect(() => {
    if (bookingId && settled) navigate(ridePaths.guestBooking(bookingId), { replace: true });
  }, [bookingId, settled]);

  if (bookingId && !code)
    return (
      <RideLayout title={t('prices.title')}>
        <MessagePanel
          title={t('prices.title')}
          action={{ label: bt('unlock.toBooking'), to: ridePaths.guestBooking(bookingId) }}
        >
          <Typography>{bt('unlock.codeMissing')}</Typography>
        </MessagePanel>
      </RideLayout>
    );
  if (bookingId && isBookingNotFound(prices.error))
    return (
      <RideLayout title={bt('refusals.bookingNotFound')}>
        <MessagePanel
          title={bt('refusals.bookingNotFound')}
          action={{ label: bt('unlock.toBooking'), to: ridePaths.guestBooking(bookingId) }}
        >
          <Typography>{bt('code.notFoundText')}</Typography>
        </MessagePanel>
      </RideLayout>
    );
  if (prices.error) return <CartLoadError error={prices.error} onRetry={prices.reload} />;
  if (!prices.data || settled)
    return (
      <RideLayout title={t('prices.title')}>
        <LoadingSkeleton />
      </RideLayout>
    );

  const { cart, rates, unlockFee } = prices.data;
  const serviceId = booking ? (booking.view.serviceId ?? undefined) : queriedService;
  const sale = booking ? { bookingId: booking.view._id, reservationCode: booking.code } : undefined;
  const site = { name: cart.siteName, logoUrl: cart.siteLogoUrl };
  // A booking already holds its cart (the cart shows BOOKED to others): only a ride needs it free now.
  const forSale = (booking !== null || cart.status === 'AVAILABLE') && cart.paymentsActive;
  const chosen = rateId ? rates.find((rate) => rate._id === rateId && rate.availableNow) : undefined;
  if (chosen && forSale)
    return (
      <RideLayout title={t('details.title')} site={site}>
        <DetailsStep cart={cart} rate={chosen} unlockFee={unlockFee} serviceId={serviceId} booking={sale} />
      </RideLayout>
    );

  const serviceName = cart.services.find((service) => service._id === serviceId)?.name;
  const subtitle = booking ? [bt('page.title'), booking.view.serviceName] : [cartTitle(t, cart), serviceName];
  return (
    <RideLayout title={t('prices.title')} site={site}>
      <Stack spacing={3}>
        <Stack spacing={0.5}>
          <Typography variant="h4" component="h1">
            {t('prices.title')}
          </Typography>
          <Typography color="text.secondary">{subtitle.filter(Boolean).join(' · ')}</Typography>
        </Stack>
        {cancelled && (
          <Alert severity="warning" role="status">
            {t('payment.cancelled')}
          </Alert>
        )}
        {!booking && cart.status !== 'AVAILABLE' ? (
          <StatusPanel status={cart.status} />
        ) : !cart.paymentsActive ? (
          <Alert severity="info" role="note">
            {t('cart.paymentsInactive')}
          </Alert>
        ) : (
          <RateList
            deviceId={deviceId}
            serviceId={serviceId}
            rates={rates}
            unlockFee={unlockFee}
            booking={sale}
          />
        )}
        {bookingId ? (
          <Button
            variant="text"
            sx={{ alignSelf: 'flex-start' }}
            {...linkProps(ridePaths.guestBooking(bookingId))}
          >
            {bt('unlock.toBooking')}
          </Button>
        ) : (
          <Button variant="text" sx={{ alignSelf: 'flex-start' }} {...linkProps(ridePaths.home(deviceId))}>
            {t('app.backToCart')}
          </Button>
        )}
      </Stack>
    </RideLayout>
  );
}
