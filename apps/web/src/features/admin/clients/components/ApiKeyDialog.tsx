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
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../lib/notifications';

/**
 * The API key, shown once (the server keeps only its hash): right after a client is made or its key is
 * regenerated. The admin copies it here or never sees it again.
 */
export function ApiKeyDialog({
  clientName,
  apiKey,
  onClose,
}: {
  clientName: string;
  apiKey: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const copy = async () => {
    try {
      // Not every browser offers the clipboard (an insecure origin, an old one): say so rather than fail silently.
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(apiKey);
      showToast(t('adminClients.key.copied'), 'success');
    } catch {
      showToast(t('adminClients.key.copyFailed'), 'error');
    }
  };
  return (
    // Closing by a click beside the dialog would lose the key by accident: only Done closes it.
    <Dialog open aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('adminClients.key.title', { name: clientName })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('adminClients.key.once')}</Alert>
          <TextField
            label={t('adminClients.key.label')}
            value={apiKey}
            fullWidth
            multiline
            slotProps={{
              // A phone shows the whole key on two lines rather than a scrolled part of it.
              input: { readOnly: true, sx: { fontFamily: 'monospace', wordBreak: 'break-all' } },
              htmlInput: {
                'data-testid': 'api-key-value',
                onFocus: (event: React.FocusEvent<HTMLTextAreaElement>) => event.target.select(),
              },
            }}
          />
          <Button
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            onClick={() => void copy()}
            sx={{ alignSelf: 'flex-start' }}
            data-testid="api-key-copy"
          >
            {t('adminClients.key.copy')}
          </Button>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} data-testid="api-key-done">
          {t('adminClients.key.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
