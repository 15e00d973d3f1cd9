import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { showToast } from '../../../lib/notifications';

/** What the dialog says, in the caller's words (an API key, a webhook's signing secret, …). */
export interface SecretOnceTexts {
  title: string;
  /** why it is shown once and what to do if it is lost */
  warning: string;
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
  done: string;
}

interface SecretOnceDialogProps {
  secret: string;
  texts: SecretOnceTexts;
  onClose: () => void;
  /** prefix of the field's, the copy button's and the done button's test ids (`<prefix>-value`, …) */
  testId: string;
}

/**
 * A secret the server keeps only as a hash (or will never answer again), shown right after it was made: the
 * admin copies it here or never sees it again. Used for API keys and webhook signing secrets alike.
 */
export function SecretOnceDialog({ secret, texts, onClose, testId }: SecretOnceDialogProps) {
  const titleId = useId();
  const copy = async () => {
    try {
      // Not every browser offers the clipboard (an insecure origin, an old one): say so rather than fail silently.
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(secret);
      showToast(texts.copied, 'success');
    } catch {
      showToast(texts.copyFailed, 'error');
    }
  };
  return (
    // Closing by a click beside the dialog would lose the secret by accident: only Done closes it.
    <Dialog open aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{texts.title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{texts.warning}</Alert>
          <TextField
            label={texts.label}
            value={secret}
            fullWidth
            multiline
            slotProps={{
              // A phone shows the whole secret on two lines rather than a scrolled part of it.
              input: { readOnly: true, sx: { fontFamily: 'monospace', wordBreak: 'break-all' } },
              htmlInput: {
                'data-testid': `${testId}-value`,
                onFocus: (event: React.FocusEvent<HTMLTextAreaElement>) => event.target.select(),
              },
            }}
          />
          <Button
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            onClick={() => void copy()}
            sx={{ alignSelf: 'flex-start' }}
            data-testid={`${testId}-copy`}
          >
            {texts.copy}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid={`${testId}-done`}>
          {texts.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
