import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { dismissToast, useToasts } from '../lib/notifications';

/** Shows the oldest pending toast; the next one appears when it closes. */
export function NotificationHost() {
  const toasts = useToasts();
  const toast = toasts[0];
  if (!toast) return null;
  return (
    <Snackbar
      key={toast.id}
      open
      autoHideDuration={6_000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') dismissToast(toast.id);
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={toast.severity}
        variant="filled"
        onClose={() => dismissToast(toast.id)}
        sx={{ width: '100%' }}
      >
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
