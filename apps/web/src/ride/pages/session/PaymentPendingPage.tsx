import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GuestPaymentView } from '@fairway/domain';
import { useEffect, useMemo, useState } from 'react';
import { errorText, isNotFound } from '../../api/errors';
import { guestApi } from '../../api/guest-api';
import { isAbort } from '../../api/http';
import { RideLayout } from '../../components/RideLayout';
import { LoadingSpinner, MessagePanel } from '../../components/States';
import { RIDE_POLL_MS } from '@fairway/domain/rules/rides';
import { useI18n } from '../../i18n/I18nProvider';
import { readPendingPayment, savePendingPayment, saveSession } from '../../lib/ride-storage';
import { useSiteBrand } from '../../lib/use-site-brand';
import { navigate, useLocation } from '../../router/navigation';
import { CHECKOUT_SESSION_PLACEHOLDER, ridePaths } from '../../router/routes';

/** No more polling: the payment failed, was cancelled or refunded, or bought a ride. */
const settled = (payment: GuestPaymentView) =>
  payment.refunded ||
  payment.status === 'failed' ||
  payment.status === 'cancelled' ||
  (payment.status === 'succeeded' && payment.rideId !== null);

/**
 * /ride/:id/session/pending?payment=… — where the card provider sends the guest back. The server unlocks the
 * cart when the provider confirms the payment; this page follows the payment every 2 s until it has a ride
 * (then it becomes the session page) or an outcome to tell.
 */
export default function PaymentPendingPage({ deviceId }: { deviceId: string }) {
  const { t } = useI18n();
  const { query } = useLocation();
  const site = useSiteBrand(deviceId);
  const fromUrl = query.get('payment');
  const paymentId = useMemo(() => {
    if (fromUrl && fromUrl !== CHECKOUT_SESSION_PLACEHOLDER) return fromUrl;
    const pending = readPendingPayment();
    return pending && pending.deviceId === deviceId ? pending.paymentId : null;
  }, [fromUrl, deviceId]);
  const [payment, setPayment] = useState<GuestPaymentView | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (!paymentId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const answer = await guestApi.payment(paymentId, controller.signal);
        setPayment(answer);
        setError(null);
        if (settled(answer)) return;
      } catch (failure) {
        if (controller.signal.aborted || isAbort(failure)) return;
        setError(failure);
        if (isNotFound(failure)) return;
      }
      if (!controller.signal.aborted) timer = setTimeout(() => void poll(), RIDE_POLL_MS);
    };
    void poll();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [paymentId]);

  const rideId = payment?.status === 'succeeded' && !payment.refunded ? payment.rideId : null;
  useEffect(() => {
    if (!rideId) return;
    saveSession({ sessionId: rideId, deviceId });
    savePendingPayment(null);
    navigate(ridePaths.session(deviceId, rideId), { replace: true });
  }, [rideId, deviceId]);

  const title = t('payment.title');
  const backToPrices = { label: t('payment.backToPrices'), to: ridePaths.prices(deviceId) };
  const backToCart = { label: t('app.backToCart'), to: ridePaths.home(deviceId) };
  let content;
  if (!paymentId || isNotFound(error))
    content = (
      <MessagePanel title={t('payment.notFound')} action={backToCart}>
        <Typography>{t('payment.notFoundText')}</Typography>
      </MessagePanel>
    );
  else if (payment?.refunded)
    content = (
      <MessagePanel title={t('payment.refundedTitle')} action={backToCart}>
        <Alert severity="info">{t('payment.refunded')}</Alert>
      </MessagePanel>
    );
  else if (payment?.status === 'failed')
    content = (
      <MessagePanel title={t('payment.failedTitle')} action={backToPrices}>
        <Alert severity="error">{t('payment.failed')}</Alert>
      </MessagePanel>
    );
  else if (payment?.status === 'cancelled')
    content = (
      <MessagePanel title={t('payment.cancelledTitle')} action={backToPrices}>
        <Alert severity="warning">{t('payment.cancelled')}</Alert>
      </MessagePanel>
    );
  else
    content = (
      <Stack spacing={2}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        <LoadingSpinner
          label={payment?.status === 'succeeded' ? t('payment.unlocking') : t('payment.checking')}
        />
        {error !== null && (
          <Alert severity="warning" role="status">
            {errorText(t, error)}
          </Alert>
        )}
      </Stack>
    );
  return (
    <RideLayout title={title} site={site}>
      {content}
    </RideLayout>
  );
}
