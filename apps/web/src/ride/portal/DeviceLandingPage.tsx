import { useEffect } from 'react';
import { isNotFound } from '../api/errors';
import { RideLayout } from '../components/RideLayout';
import { ErrorPanel, LoadingSkeleton } from '../components/States';
import { useI18n } from '../i18n/I18nProvider';
import { useResource } from '../lib/use-resource';
import { navigate } from '../router/navigation';
import { ridePaths } from '../router/routes';
import { NotFoundPage } from '../RideApp';
import { portalApi } from './portal-api';

/** Where a cart's QR code (`/unlock/{id}`) leads: the cart's own page, or its club's portal. */
async function landingOf(deviceId: string, signal: AbortSignal): Promise<string> {
  const cart = await portalApi.cart(deviceId, signal);
  const site = await portalApi.site(cart.siteId, signal);
  return site.scanToRideToggle ? ridePaths.home(deviceId) : ridePaths.portalHome(site._id);
}

/**
 * /unlock/{deviceId} — the device landing (spec §2): a scan-to-ride club's cart opens its ride page, any
 * other club's its portal (a member's key, a booking's code, the master code). Replaced in history, so the
 * phone's back button does not land here again.
 */
export default function DeviceLandingPage({ deviceId }: { deviceId: string }) {
  const { t } = useI18n();
  const landing = useResource(`landing:${deviceId}`, (signal) => landingOf(deviceId, signal));
  useEffect(() => {
    if (landing.data) navigate(landing.data, { replace: true });
  }, [landing.data]);

  if (isNotFound(landing.error)) return <NotFoundPage />;
  return (
    <RideLayout title={landing.error ? t('errors.title') : t('app.loading')}>
      {landing.error ? <ErrorPanel error={landing.error} onRetry={landing.reload} /> : <LoadingSkeleton />}
    </RideLayout>
  );
}
