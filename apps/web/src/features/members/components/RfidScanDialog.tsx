import NfcIcon from '@mui/icons-material/Nfc';
import { rfidTag } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { codeFieldError } from './code-form';

interface RfidScanDialogProps {
  open: boolean;
  onClose: () => void;
  /** The tag as a number without leading zeros (spec §5: the tag is converted to a number). */
  onScanned: (tag: string) => void;
}

/**
 * Reads an RFID tag. USB desk readers act as keyboards: they type the tag's number into the focused field
 * and press Enter, which submits the form. The number can also be typed by hand.
 */
export function RfidScanDialog({ open, onClose, onScanned }: RfidScanDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [tag, setTag] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const problem = codeFieldError('rfid', tag);
  const error = submitted && problem !== null ? t(`memberCodes.code.errors.${problem}`) : null;

  const close = () => {
    setTag('');
    setSubmitted(false);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem !== null) return;
    onScanned(rfidTag.parse(tag));
    setTag('');
    setSubmitted(false);
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('memberCodes.scan.title')}</DialogTitle>
        <DialogContent>
          <Box sx={{ display: 'flex', justifyContent: 'center', color: 'primary.main', fontSize: 56, py: 1 }}>
            <NfcIcon fontSize="inherit" aria-hidden />
          </Box>
          <DialogContentText sx={{ mb: 2 }}>{t('memberCodes.scan.instructions')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            required
            label={t('memberCodes.scan.tagNumber')}
            value={tag}
            onChange={(event) => setTag(event.target.value)}
            error={error !== null}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('memberCodes.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('memberCodes.scan.use')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
