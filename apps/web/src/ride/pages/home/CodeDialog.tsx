import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../api/errors';
import { guestApi } from '../../api/guest-api';
import { isGuestApiError } from '../../api/http';
import { useI18n } from '../../i18n/I18nProvider';
import { formatWait } from '../../lib/format';
import { useCountdown } from '../../lib/use-countdown';
import { saveSession } from '../../lib/ride-storage';
import { navigate } from '../../router/navigation';
import { ridePaths } from '../../router/routes';

export const CODE_LENGTH = 6;

/** What the last try answered: nothing yet, a refusal to show, or too many tries (until when). */
type Outcome =
  | { kind: 'none' }
  | { kind: 'refused'; text: string; wrongCode: boolean }
  | { kind: 'tooManyTries'; until: number };

const NONE: Outcome = { kind: 'none' };

/**
 * "Have a code?": the cart's 6-digit code (spec §5: digits only, submit disabled until 6), sent to the
 * unlock call; the ride it opens is the session page. Mounted only while open, so it starts empty. Only a
 * wrong code marks the field; too many tries count down to the next one in the guest's language (the
 * server's `retryAfter`), with the submit held until then.
 */
export function CodeDialog({ deviceId, onClose }: { deviceId: string; onClose: () => void }) {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(NONE);
  const [busy, setBusy] = useState(false);
  const waitSeconds = useCountdown(outcome.kind === 'tooManyTries' ? outcome.until : null);
  const waiting = outcome.kind === 'tooManyTries' && waitSeconds > 0;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code.length !== CODE_LENGTH || busy || waiting) return;
    setBusy(true);
    setOutcome(NONE);
    try {
      const { session } = await guestApi.unlockWithCode(deviceId, code);
      saveSession({ sessionId: session, deviceId });
      navigate(ridePaths.session(deviceId, session));
    } catch (failure) {
      setOutcome(outcomeOf(failure));
      setBusy(false);
    }
  }

  function outcomeOf(failure: unknown): Outcome {
    if (isGuestApiError(failure) && failure.status === 429 && failure.retryAfter)
      return { kind: 'tooManyTries', until: Date.now() + failure.retryAfter * 1000 };
    const wrongCode = isGuestApiError(failure) && failure.code === 'invalidCode';
    return { kind: 'refused', text: errorText(t, failure), wrongCode };
  }

  const alert =
    outcome.kind === 'refused'
      ? outcome.text
      : waiting
        ? t('code.tooManyTries', { time: formatWait(waitSeconds) })
        : null;

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="code-dialog-title"
      aria-describedby="code-dialog-text"
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="code-dialog-title">{t('code.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="code-dialog-text">{t('code.text')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            margin="normal"
            label={t('code.label')}
            helperText={t('code.helper')}
            value={code}
            onChange={(event) => {
              setCode(event.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH));
              // A new code is a new try; a countdown still running stays until it ends.
              if (outcome.kind === 'refused') setOutcome(NONE);
            }}
            error={outcome.kind === 'refused' && outcome.wrongCode}
            slotProps={{
              // The hint says what a code looks like; it is never the error (the alert says what went wrong).
              formHelperText: { error: false },
              htmlInput: {
                inputMode: 'numeric',
                pattern: '[0-9]*',
                maxLength: CODE_LENGTH,
                autoComplete: 'one-time-code',
                sx: { fontSize: 24, letterSpacing: '0.3em' },
              },
            }}
          />
          {alert && (
            <Alert severity={waiting ? 'warning' : 'error'} role="alert">
              {alert}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('app.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={code.length !== CODE_LENGTH || waiting}
            loading={busy}
          >
            {t('code.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
