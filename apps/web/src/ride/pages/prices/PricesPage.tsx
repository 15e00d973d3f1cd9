import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { guestApi } from '../../api/guest-api';
import { CartLoadError } from '../../components/CartLoadError';
import { RideLayout } from '../../components/RideLayout';
import { LoadingSkeleton } from '../../components/States';
import { useI18n } from '../../i18n/I18nProvider';
import { cartTitle } from '../../lib/cart-title';
import { useResource } from '../../lib/use-resource';
import { linkProps, useLocation } from '../../router/navigation';
import { ridePaths } from '../../router/routes';
import { loadCart } from '../home/cart-cache';
import { StatusPanel } from '../home/StatusPanel';
import { DetailsStep } from './DetailsStep';
import { RateList } from './RateList';

/**
 * /ride/:id/prices (spec §2 Prices page): the site's guest prices for the chosen service; `?rate=` is the
 * details step of the chosen one; `?cancelled=1` is where the provider's checkout returns on cancel.
 */
export default function PricesPage({ deviceId }: { deviceId: string }) {
  const { t } = useI18n();
  const { query } = useLocation();
  const serviceId = query.get('serviceId') || undefined;
  const rateId = query.get('rate');
  const cancelled = query.get('cancelled') === '1';
  const prices = useResource(`prices:${deviceId}:${serviceId ?? ''}`, async (signal) => {
    const cart = await loadCart(deviceId, signal);
    const answer = await guestApi.rates(cart.siteId, serviceId, signal);
    return { cart, ...answer };
  });

  if (prices.error) return <CartLoadError error={prices.error} onRetry={prices.reload} />;
  if (!prices.data)
    return (
      <RideLayout title={t('prices.title')}>
        <LoadingSkeleton />
      </RideLayout>
    );

  const { cart, rates, unlockFee } = prices.data;
  const site = { name: cart.siteName, logoUrl: cart.siteLogoUrl };
  const chosen = rateId ? rates.find((rate) => rate._id === rateId && rate.availableNow) : undefined;
  if (chosen && cart.status === 'AVAILABLE' && cart.paymentsActive)
    return (
      <RideLayout title={t('details.title')} site={site}>
        <DetailsStep cart={cart} rate={chosen} unlockFee={unlockFee} serviceId={serviceId} />
      </RideLayout>
    );

  const serviceName = cart.services.find((service) => service._id === serviceId)?.name;
  return (
    <RideLayout title={t('prices.title')} site={site}>
      <Stack spacing={3}>
        <Stack spacing={0.5}>
          <Typography variant="h4" component="h1">
            {t('prices.title')}
          </Typography>
          <Typography color="text.secondary">
            {[cartTitle(t, cart), serviceName].filter(Boolean).join(' · ')}
          </Typography>
        </Stack>
        {cancelled && (
          <Alert severity="warning" role="status">
            {t('payment.cancelled')}
          </Alert>
        )}
        {cart.status !== 'AVAILABLE' ? (
          <StatusPanel status={cart.status} />
        ) : !cart.paymentsActive ? (
          <Alert severity="info" role="note">
            {t('cart.paymentsInactive')}
          </Alert>
        ) : (
          <RateList deviceId={deviceId} serviceId={serviceId} rates={rates} unlockFee={unlockFee} />
        )}
        <Button variant="text" sx={{ alignSelf: 'flex-start' }} {...linkProps(ridePaths.home(deviceId))}>
          {t('app.backToCart')}
        </Button>
      </Stack>
    </RideLayout>
  );
}
