import type { GuestCartView } from '@fairway/domain';
import { Suspense, useEffect, useState } from 'react';
import { BatteryIndicator } from '../../components/BatteryIndicator';
import { CartLoadError } from '../../components/CartLoadError';
import { RideLayout } from '../../components/RideLayout';
import { LoadingSkeleton } from '../../components/States';
import { useI18n } from '../../i18n/I18nProvider';
import { cartTitle } from '../../lib/cart-title';
import { formatMinutes } from '../../lib/format';
import { useResource } from '../../lib/use-resource';
import { navigate, linkProps } from '../../router/navigation';
import { ridePaths } from '../../router/routes';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { lazyWithTheme } from '../../ui/lazy-with-theme';
import { loadHome } from './load-home';
import { StatusPanel } from './StatusPanel';

// The code dialog's text field (with MUI's whole input family) loads when the guest reaches for it.
const loadCodeDialog = () => import('./CodeDialog');
const CodeDialog = lazyWithTheme(async () => ({ default: (await loadCodeDialog()).CodeDialog }));
const preloadCodeDialog = () => void loadCodeDialog();

/**
 * /ride/:id — the page a guest's phone opens from the cart's QR code (spec §2 Guest ride flow). Plain
 * elements styled by ride.css: the first visit carries no MUI (issue 22 item 6).
 */
export function HomePage({ deviceId }: { deviceId: string }) {
  const { t } = useI18n();
  const home = useResource(`home:${deviceId}`, (signal) => loadHome(deviceId, signal));
  const resume = home.data?.resumeSessionId ?? null;

  useEffect(() => {
    if (resume) navigate(ridePaths.session(deviceId, resume), { replace: true });
  }, [deviceId, resume]);

  if (home.error) return <CartLoadError error={home.error} onRetry={home.reload} />;
  if (!home.data || resume)
    return (
      <RideLayout title={t('app.loading')}>
        <LoadingSkeleton />
      </RideLayout>
    );

  const { cart } = home.data;
  const title = cartTitle(t, cart);
  return (
    <RideLayout title={title} site={{ name: cart.siteName, logoUrl: cart.siteLogoUrl }}>
      <div className="rd-stack rd-stack--3">
        <div className="rd-stack rd-stack--1">
          <h1 className="rd-h4">{title}</h1>
          {cart.carNumber && cart.carName && <p className="rd-text rd-secondary">{cart.carName}</p>}
          <BatteryIndicator percent={cart.battery} charging={cart.charging} />
        </div>
        {cart.status === 'AVAILABLE' ? <AvailablePanel cart={cart} /> : <StatusPanel status={cart.status} />}
        {/* Whatever the cart's status: a flat tyre or a dirty seat is worth telling the club either way. */}
        <Button variant="text" align="center" {...linkProps(ridePaths.report(cart._id))}>
          {t('cart.reportProblem')}
        </Button>
      </div>
    </RideLayout>
  );
}

function AvailablePanel({ cart }: { cart: GuestCartView }) {
  const { t, locale } = useI18n();
  const [serviceId, setServiceId] = useState<string | undefined>(cart.services[0]?._id);
  const [codeOpen, setCodeOpen] = useState(false);
  return (
    <StatusPanel status="AVAILABLE">
      {cart.paymentsActive ? (
        <>
          {cart.services.length > 1 && (
            <div>
              <h3 id="ride-service-label" className="rd-service-label">
                {t('cart.service')}
              </h3>
              {/* One pressed button of a group, as MUI's exclusive ToggleButtonGroup. */}
              <div role="group" aria-labelledby="ride-service-label" className="rd-toggle-group">
                {cart.services.map((service) => (
                  <button
                    key={service._id}
                    type="button"
                    className="rd-toggle"
                    aria-pressed={service._id === serviceId}
                    onClick={() => setServiceId(service._id)}
                  >
                    <span>{service.name}</span>
                    {service.duration > 0 && (
                      <span className="rd-toggle-extra">{formatMinutes(service.duration, locale)}</span>
                    )}
                  </button>
                ))}
              </div>
            </div>
          )}
          <Button
            variant="contained"
            size="large"
            fullWidth
            {...linkProps(ridePaths.prices(cart._id, { serviceId }))}
          >
            {t('cart.choosePrice')}
          </Button>
        </>
      ) : (
        <Alert severity="info" role="note">
          {t('cart.paymentsInactive')}
        </Alert>
      )}
      <Button
        variant="outlined"
        fullWidth
        onPointerDown={preloadCodeDialog}
        onFocus={preloadCodeDialog}
        onClick={() => setCodeOpen(true)}
      >
        {t('cart.haveCode')}
      </Button>
      {codeOpen && (
        <Suspense fallback={null}>
          <CodeDialog deviceId={cart._id} onClose={() => setCodeOpen(false)} />
        </Suspense>
      )}
    </StatusPanel>
  );
}
