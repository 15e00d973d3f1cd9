import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { useRealtimeState } from './realtime-store';

/** Spec §4: while the live connection is down a persistent warning shows until it is back. */
export function ConnectionStatusAlert() {
  const { t } = useTranslation();
  const { connection } = useRealtimeState();
  return (
    <Snackbar
      open={connection === 'disconnected'}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity="warning" variant="filled" data-testid="connection-lost" sx={{ width: '100%' }}>
        {t('realtime.disconnected')}
      </Alert>
    </Snackbar>
  );
}
