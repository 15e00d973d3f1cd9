import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { isGuestApiError } from '../../api/http';
import { bookingErrorText } from '../../booking/booking-errors';
import { bookingMessages } from '../../booking/locales';
import { RideLayout } from '../../components/RideLayout';
import { LoadingSpinner } from '../../components/States';
import { useI18n, useNamespace } from '../../i18n/I18nProvider';
import { formatWait } from '../../lib/format';
import { saveSession } from '../../lib/ride-storage';
import { useCountdown } from '../../lib/use-countdown';
import { useSiteBrand } from '../../lib/use-site-brand';
import { linkProps, navigate } from '../../router/navigation';
import { ridePaths } from '../../router/routes';

/** A refusal worth another try as it is (no answer, too many tries); anything else needs the guest to act. */
const transient = (error: unknown) =>
  isGuestApiError(error) && (error.status === 0 || error.status === 429 || error.status >= 500);

type Attempt = { kind: 'sending' } | { kind: 'refused'; error: unknown; until: number | null };

/**
 * A link that unlocks a cart at once (spec §2 Guest routes: a virtual key's, a booking's): the unlock is
 * sent once when the page opens, then the ride's session page replaces this one (the session page shows the
 * cart's confirmation, as after any unlock in the ride flow). A refusal reads in the guest's language with
 * a way on (`fallback`); no answer or too many tries (counted down) can be tried again. `intercept` takes
 * a refusal that leads elsewhere (a booking that needs paying) and answers whether it did.
 */
export function UnlockRoute({
  deviceId,
  send,
  intercept,
  fallback,
}: {
  deviceId: string;
  send: () => Promise<{ session: string }>;
  intercept?: (error: unknown) => boolean;
  fallback: { label: string; to: string };
}) {
  const { t } = useI18n();
  const bt = useNamespace(bookingMessages);
  const site = useSiteBrand(deviceId);
  const [attempt, setAttempt] = useState<Attempt>({ kind: 'sending' });
  const [round, setRound] = useState(0);
  const sent = useRef(-1);

  const run = useEffectEvent(async () => {
    try {
      const { session } = await send();
      saveSession({ sessionId: session, deviceId });
      navigate(ridePaths.session(deviceId, session), { replace: true });
    } catch (error) {
      if (intercept?.(error)) return;
      const wait = isGuestApiError(error) && error.status === 429 ? error.retryAfter : undefined;
      setAttempt({ kind: 'refused', error, until: wait ? Date.now() + wait * 1000 : null });
    }
  });

  useEffect(() => {
    // Once per round, even when React runs the effect twice: an unlock is not a read.
    if (sent.current === round) return;
    sent.current = round;
    void run();
  }, [round]);

  const waitSeconds = useCountdown(attempt.kind === 'refused' ? attempt.until : null);

  if (attempt.kind === 'sending')
    return (
      <RideLayout title={bt('unlock.title')} site={site}>
        <Stack spacing={2}>
          <Typography variant="h4" component="h1">
            {bt('unlock.title')}
          </Typography>
          <LoadingSpinner label={bt('unlock.sending')} />
        </Stack>
      </RideLayout>
    );

  const { error } = attempt;
  const waiting = waitSeconds > 0;
  const text = waiting
    ? t('code.tooManyTries', { time: formatWait(waitSeconds) })
    : bookingErrorText(t, bt, error);
  return (
    <RideLayout title={bt('unlock.refusedTitle')} site={site}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h4" component="h1">
          {bt('unlock.refusedTitle')}
        </Typography>
        <Alert severity={waiting ? 'warning' : 'error'} role="alert" sx={{ alignSelf: 'stretch' }}>
          {text}
        </Alert>
        {transient(error) && (
          <Button
            variant="contained"
            disabled={waiting}
            onClick={() => {
              setAttempt({ kind: 'sending' });
              setRound((value) => value + 1);
            }}
          >
            {t('app.retry')}
          </Button>
        )}
        <Button variant={transient(error) ? 'text' : 'contained'} {...linkProps(fallback.to)}>
          {fallback.label}
        </Button>
      </Stack>
    </RideLayout>
  );
}
