import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { isGuestApiError } from '../api/http';
import { useI18n } from '../i18n/I18nProvider';
import { formatWait } from '../lib/format';
import { useCountdown } from '../lib/use-countdown';

/** Every code a guest types is 6 digits (spec §5). */
export const CODE_LENGTH = 6;

/** How a refused try reads: the text, and whether the code itself was wrong (the field is marked). */
export interface CodeRefusal {
  text: string;
  wrongCode: boolean;
}

/** What the last try answered: nothing yet, a refusal to show, or too many tries (until when). */
type Outcome =
  { kind: 'none' } | ({ kind: 'refused' } & CodeRefusal) | { kind: 'tooManyTries'; until: number };

const NONE: Outcome = { kind: 'none' };

/**
 * A sheet asking for a 6-digit code (spec §5: digits only, the numeric keyboard, submit disabled until 6),
 * shared by the cart page's "Have a code?" and the portal's key, master and booking cards. `onSubmit` sends
 * the code and moves on (it throws to refuse); only a wrong code marks the field, and too many tries count
 * down to the next one in the guest's language (the server's `retryAfter`), with the submit held until then.
 * Mounted only while open, so it starts empty.
 */
export function CodeSheet({
  title,
  text,
  submitLabel,
  onSubmit,
  refusalOf,
  onClose,
  children,
}: {
  title: string;
  text: string;
  submitLabel: string;
  onSubmit: (code: string) => Promise<void>;
  /** a failed try (other than a 429 with a wait) in the guest's language */
  refusalOf: (failure: unknown) => CodeRefusal;
  onClose: () => void;
  /** more fields under the code (the virtual key's 'remember code') */
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const id = useId();
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
      // On success the caller navigates away; the sheet stays busy until it unmounts.
      await onSubmit(code);
    } catch (failure) {
      setOutcome(
        isGuestApiError(failure) && failure.status === 429 && failure.retryAfter
          ? { kind: 'tooManyTries', until: Date.now() + failure.retryAfter * 1000 }
          : { kind: 'refused', ...refusalOf(failure) },
      );
      setBusy(false);
    }
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
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      fullWidth
      maxWidth="xs"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
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
          {children}
          {alert && (
            <Alert severity={waiting ? 'warning' : 'error'} role="alert" sx={{ mt: 1 }}>
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
            {submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
