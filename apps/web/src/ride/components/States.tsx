import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { VISUALLY_HIDDEN } from '../../lib/visually-hidden';
import { errorText } from '../api/errors';
import { useI18n } from '../i18n/I18nProvider';
import { linkProps } from '../router/navigation';

/** Placeholders while a page loads: the shape of what comes, announced once to screen readers. */
export function LoadingSkeleton() {
  const { t } = useI18n();
  return (
    <Stack spacing={2} role="status" aria-live="polite" aria-busy="true">
      <Box component="span" sx={VISUALLY_HIDDEN}>
        {t('app.loading')}
      </Box>
      <Skeleton variant="text" width="60%" height={48} />
      <Skeleton variant="text" width="40%" />
      <Skeleton variant="rounded" height={140} />
      <Skeleton variant="rounded" height={48} />
    </Stack>
  );
}

export function LoadingSpinner({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <Stack spacing={2} role="status" aria-live="polite" sx={{ alignItems: 'center', py: 6 }}>
      <CircularProgress aria-hidden />
      <Typography>{label ?? t('app.loading')}</Typography>
    </Stack>
  );
}

/** A failed load: why (offline, timeout, the server's word) and a way to try again. */
export function ErrorPanel({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useI18n();
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('errors.title')}
      </Typography>
      <Alert severity="error">{errorText(t, error)}</Alert>
      {onRetry && (
        <Button variant="contained" onClick={onRetry} sx={{ alignSelf: 'flex-start' }}>
          {t('app.retry')}
        </Button>
      )}
    </Stack>
  );
}

/** A page with only a message: not found, ended, refused. */
export function MessagePanel({
  title,
  children,
  icon,
  action,
}: {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
  action?: { label: string; to: string };
}) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {icon}
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      {children}
      {action && (
        <Button variant="contained" {...linkProps(action.to)}>
          {action.label}
        </Button>
      )}
    </Stack>
  );
}
