import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { errorText } from '../../api/errors';
import { guestApi, type RideAction } from '../../api/guest-api';
import { RideLayout } from '../../components/RideLayout';
import { ErrorPanel, LoadingSpinner, MessagePanel } from '../../components/States';
import { useI18n } from '../../i18n/I18nProvider';
import { clearSavedSession, saveSession } from '../../lib/ride-storage';
import { useNow } from '../../lib/use-now';
import { useSiteBrand } from '../../lib/use-site-brand';
import { linkProps } from '../../router/navigation';
import { ridePaths } from '../../router/routes';
import { ActivePanel } from './ActivePanel';
import { AwaitingPanel } from './AwaitingPanel';
import { EndedPanel } from './EndedPanel';
import { EndRideBar } from './EndRideBar';
import { useRideSession } from './use-ride-session';

/**
 * /ride/:id/session/:sessionId (spec §2 Session screen, §4 Ride (guest)): awaiting the cart's confirmation,
 * then the running ride with pause/resume and End ride, then the ride-ended page.
 */
export default function SessionPage({ deviceId, sessionId }: { deviceId: string; sessionId: string }) {
  const { t } = useI18n();
  const site = useSiteBrand(deviceId);
  const session = useRideSession(sessionId);
  const { ride } = session;
  const stage = ride?.stage;
  const now = useNow(1_000, stage === 'awaiting' || stage === 'active' || stage === 'paused');
  const serverNow = now + session.offsetMs;
  const [busy, setBusy] = useState<RideAction | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  // The phone remembers an open ride (the cart page leads back to it) and forgets an ended or unknown one.
  const rideDeviceId = ride?.deviceId;
  useEffect(() => {
    if (!stage || !rideDeviceId) return;
    if (stage === 'ended') clearSavedSession(sessionId);
    else saveSession({ sessionId, deviceId: rideDeviceId });
  }, [stage, rideDeviceId, sessionId]);
  useEffect(() => {
    if (session.notFound) clearSavedSession(sessionId);
  }, [session.notFound, sessionId]);

  async function run(action: RideAction): Promise<void> {
    setBusy(action);
    setActionError(null);
    try {
      session.apply(await guestApi.rideAction(sessionId, action));
    } catch (failure) {
      setActionError(errorText(t, failure));
      session.reload();
    } finally {
      setBusy(null);
    }
  }

  if (session.notFound)
    return (
      <RideLayout title={t('refusals.sessionNotFound')} site={site}>
        <MessagePanel
          title={t('refusals.sessionNotFound')}
          action={{ label: t('app.backToCart'), to: ridePaths.home(deviceId) }}
        >
          <Typography>{t('session.notFoundText')}</Typography>
        </MessagePanel>
      </RideLayout>
    );
  if (!ride) {
    if (session.error)
      return (
        <RideLayout title={t('errors.title')} site={site}>
          <ErrorPanel error={session.error} onRetry={session.reload} />
        </RideLayout>
      );
    return (
      <RideLayout title={t('app.loading')} site={site}>
        <LoadingSpinner />
      </RideLayout>
    );
  }

  const open = ride.stage === 'active' || ride.stage === 'paused';
  const title =
    ride.stage === 'awaiting'
      ? t('session.awaitingTitle')
      : ride.stage === 'ended'
        ? t('session.endedTitle')
        : ride.stage === 'paused'
          ? t('session.pausedTitle')
          : t('session.activeTitle');
  return (
    <RideLayout
      title={title}
      site={site}
      footer={open ? <EndRideBar ending={busy === 'end'} onEnd={() => run('end')} /> : undefined}
    >
      <Stack spacing={2}>
        {actionError && (
          <Alert severity="error" role="alert">
            {actionError}
          </Alert>
        )}
        {ride.stage === 'awaiting' && (
          <AwaitingPanel
            ride={ride}
            serverNow={serverNow}
            retrying={busy === 'retry'}
            onRetry={() => void run('retry')}
          />
        )}
        {open && (
          <ActivePanel
            ride={ride}
            serverNow={serverNow}
            busy={busy === 'pause' || busy === 'resume' ? busy : null}
            onPause={() => void run('pause')}
            onResume={() => void run('resume')}
          />
        )}
        {ride.stage === 'ended' && <EndedPanel ride={ride} />}
        {/* A flat tyre shows itself on the course: the cart's page is not reachable during a ride. */}
        {ride.stage !== 'awaiting' && (
          <Button variant="text" sx={{ alignSelf: 'center' }} {...linkProps(ridePaths.report(deviceId))}>
            {t('cart.reportProblem')}
          </Button>
        )}
      </Stack>
    </RideLayout>
  );
}
