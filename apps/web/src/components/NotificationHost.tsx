import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import { Link as RouterLink, useInRouterContext } from 'react-router';
import { dismissToast, useToasts } from '../lib/notifications';

/**
 * Shows the oldest pending toast; the next one appears when it closes. Top centre, under the app bar:
 * the map's bottom sheet and the fleet's bulk bar live at the bottom, and a toast there would cover the
 * very button the operator presses next.
 */
export function NotificationHost() {
  const toasts = useToasts();
  // The app renders the host inside its router; a bare page (a test) gets a plain link instead.
  const inRouter = useInRouterContext();
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
        action={
          toast.link && (
            <>
              <Button
                {...(inRouter ? { component: RouterLink, to: toast.link.to } : { href: toast.link.to })}
                color="inherit"
                size="small"
                onClick={() => dismissToast(toast.id)}
              >
                {toast.link.label}
              </Button>
              <IconButton
                color="inherit"
                size="small"
                aria-label={toast.link.dismissLabel}
                onClick={() => dismissToast(toast.id)}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          )
        }
        sx={{ width: '100%' }}
      >
        {toast.message}
      </Alert>
    </Snackbar>
  );
}
