import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { dismissToast, useToasts } from '../lib/notifications';

/**
 * Shows the oldest pending toast; the next one appears when it closes. Top centre, under the app bar:
 * the map's bottom sheet and the fleet's bulk bar live at the bottom, and a toast there would cover the
 * very button the operator presses next.
 */
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
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ top: { xs: 64, sm: 72 } }}
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
