import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GuestRideView } from '@fairway/domain';
import { unlockPhase, type UnlockPhase } from '@fairway/domain/rules/rides';
import { useI18n } from '../../i18n/I18nProvider';

/** ms since the current unlock attempt began, on the server's clock. */
export const unlockElapsedMs = (ride: GuestRideView, serverNow: number): number | null =>
  ride.unlockRequestedAt ? serverNow - Date.parse(ride.unlockRequestedAt) : null;

export const phaseOf = (ride: GuestRideView, serverNow: number): UnlockPhase =>
  unlockPhase({
    elapsedMs: unlockElapsedMs(ride, serverNow),
    attempts: ride.unlockAttempts,
    retriesLeft: ride.retriesLeft,
  });

/**
 * Waiting for the cart to confirm the unlock (spec §2 progress messages, §4 failed after 20 s with one
 * retry, then the reception). The messages are a polite live region; the animation stops for people who
 * ask for reduced motion.
 */
export function AwaitingPanel({
  ride,
  serverNow,
  retrying,
  onRetry,
}: {
  ride: GuestRideView;
  serverNow: number;
  retrying: boolean;
  onRetry: () => void;
}) {
  const { t } = useI18n();
  const phase = phaseOf(ride, serverNow);
  const failed = phase === 'failed' || phase === 'reception';
  return (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <Typography variant="h4" component="h1">
        {failed ? t('session.failedTitle') : t('session.awaitingTitle')}
      </Typography>
      {!failed && <UnlockAnimation />}
      <Box role="status" aria-live="polite" aria-atomic="true" sx={{ width: '100%' }}>
        {failed ? (
          <Alert
            role="none"
            severity={phase === 'reception' ? 'error' : 'warning'}
            sx={{ textAlign: 'left' }}
          >
            {t(`session.phase.${phase}`)}
          </Alert>
        ) : (
          <Typography sx={{ fontSize: '1.15rem' }}>{t(`session.phase.${phase}`)}</Typography>
        )}
      </Box>
      {phase === 'failed' && (
        <Button variant="contained" size="large" fullWidth onClick={onRetry} loading={retrying}>
          {t('session.retry')}
        </Button>
      )}
      {ride.payment?.refunded && (
        <Alert severity="info" role="note" sx={{ width: '100%', textAlign: 'left' }}>
          {t('session.refunded')}
        </Alert>
      )}
    </Stack>
  );
}

function UnlockAnimation() {
  const ring = {
    position: 'absolute',
    inset: 0,
    borderRadius: '50%',
    border: 3,
    borderColor: 'primary.main',
    animation: 'ride-pulse 1.8s ease-out infinite',
    '@media (prefers-reduced-motion: reduce)': { animation: 'none', opacity: 0.35 },
  } as const;
  return (
    <Box
      aria-hidden
      sx={{ position: 'relative', width: 120, height: 120, my: 2 }}
      data-testid="unlock-animation"
    >
      <Box sx={ring} />
      <Box sx={{ ...ring, animationDelay: '0.9s' }} />
      <Box
        sx={{
          position: 'absolute',
          inset: 16,
          borderRadius: '50%',
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
          display: 'grid',
          placeItems: 'center',
        }}
      >
        <LockOpenOutlined sx={{ fontSize: 48 }} />
      </Box>
    </Box>
  );
}
