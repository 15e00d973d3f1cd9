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
import { useI18n } from '../../i18n/I18nProvider';
import { saveSession } from '../../lib/ride-storage';
import { navigate } from '../../router/navigation';
import { ridePaths } from '../../router/routes';

export const CODE_LENGTH = 6;

/**
 * "Have a code?": the cart's 6-digit code (spec §5: digits only, submit disabled until 6), sent to the
 * unlock call; the ride it opens is the session page. Mounted only while open, so it starts empty.
 */
export function CodeDialog({ deviceId, onClose }: { deviceId: string; onClose: () => void }) {
  const { t } = useI18n();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (code.length !== CODE_LENGTH || busy) return;
    setBusy(true);
    setError(null);
    try {
      const { session } = await guestApi.unlockWithCode(deviceId, code);
      saveSession({ sessionId: session, deviceId });
      navigate(ridePaths.session(deviceId, session));
    } catch (failure) {
      setError(errorText(t, failure));
      setBusy(false);
    }
  }

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
              setError(null);
            }}
            error={error !== null}
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                pattern: '[0-9]*',
                maxLength: CODE_LENGTH,
                autoComplete: 'one-time-code',
                sx: { fontSize: 24, letterSpacing: '0.3em' },
              },
            }}
          />
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={code.length !== CODE_LENGTH} loading={busy}>
            {t('code.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
