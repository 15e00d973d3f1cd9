import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import type { GuestCartView } from '@fairway/domain';
import { lazy, Suspense, useEffect, useState } from 'react';
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
import { loadHome } from './load-home';
import { StatusPanel } from './StatusPanel';

// The code dialog's text field (with MUI's whole input family) loads when the guest reaches for it.
const loadCodeDialog = () => import('./CodeDialog');
const CodeDialog = lazy(() => loadCodeDialog().then((module) => ({ default: module.CodeDialog })));
const preloadCodeDialog = () => void loadCodeDialog();

/** /ride/:id — the page a guest's phone opens from the cart's QR code (spec §2 Guest ride flow). */
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
      <Stack spacing={3}>
        <Stack spacing={1}>
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          {cart.carNumber && cart.carName && <Typography color="text.secondary">{cart.carName}</Typography>}
          <BatteryIndicator percent={cart.battery} charging={cart.charging} />
        </Stack>
        {cart.status === 'AVAILABLE' ? <AvailablePanel cart={cart} /> : <StatusPanel status={cart.status} />}
        {/* Whatever the cart's status: a flat tyre or a dirty seat is worth telling the club either way. */}
        <Button variant="text" sx={{ alignSelf: 'center' }} {...linkProps(ridePaths.report(cart._id))}>
          {t('cart.reportProblem')}
        </Button>
      </Stack>
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
            <Box>
              <Typography id="ride-service-label" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                {t('cart.service')}
              </Typography>
              <ToggleButtonGroup
                aria-labelledby="ride-service-label"
                orientation="vertical"
                exclusive
                fullWidth
                color="primary"
                value={serviceId ?? null}
                onChange={(_event, value: string | null) => {
                  if (value) setServiceId(value);
                }}
              >
                {cart.services.map((service) => (
                  <ToggleButton
                    key={service._id}
                    value={service._id}
                    sx={{ justifyContent: 'space-between', gap: 2 }}
                  >
                    <span>{service.name}</span>
                    {service.duration > 0 && (
                      <Box component="span" sx={{ color: 'text.secondary', fontWeight: 400 }}>
                        {formatMinutes(service.duration, locale)}
                      </Box>
                    )}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Box>
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
