import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../../../lib/notifications';

/** Characters shown of the 64-digit hash: enough to compare by eye, short enough for a table cell. */
const SHORT = 12;

/** A file's SHA-256, shortened, with a button that copies the whole hash ('Copied to clipboard'). */
export function Sha256Chip({ sha256, name }: { sha256: string; name: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      // Not every browser offers the clipboard (an insecure origin, an old one): say so rather than fail silently.
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(sha256);
      showToast(t('adminFirmware.copied'), 'success');
    } catch {
      showToast(t('adminFirmware.copyFailed'), 'error');
    }
  };
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
      <Tooltip title={sha256} describeChild>
        <Typography
          variant="body2"
          component="code"
          sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}
          data-testid="firmware-sha"
        >
          {`${sha256.slice(0, SHORT)}…`}
        </Typography>
      </Tooltip>
      <IconButton
        size="small"
        onClick={() => void copy()}
        aria-label={t('adminFirmware.copySha', { name })}
        data-testid="firmware-copy-sha"
      >
        <ContentCopyIcon fontSize="inherit" />
      </IconButton>
    </Box>
  );
}
