import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useI18n, useNamespace } from '../i18n/I18nProvider';
import { portalMessages } from './locales';

/** Spec §2 Site home: 'Pay Online' is confirmed, then the club's booking app opens in a new tab. */
export function PayOnlineDialog({ url, onClose }: { url: string; onClose: () => void }) {
  const { t } = useI18n();
  const tp = useNamespace(portalMessages);
  return (
    <Dialog open onClose={onClose} aria-labelledby="pay-online-title" aria-describedby="pay-online-text">
      <DialogTitle id="pay-online-title">{tp('home.online.confirmTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="pay-online-text">{tp('home.online.confirmText')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('app.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            window.open(url, '_blank', 'noopener,noreferrer');
            onClose();
          }}
        >
          {tp('home.online.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
