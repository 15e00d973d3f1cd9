import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api-client';

interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}

/** The message a user can act on: the server's own message for API errors, a generic one otherwise. */
export function useErrorMessage(error: unknown): string {
  const { t } = useTranslation();
  if (error instanceof ApiError) return error.message;
  return t('errors.unknown');
}

/** An error alert with a retry button, for a query that failed. */
export function ErrorState({ error, onRetry, title }: ErrorStateProps) {
  const { t } = useTranslation();
  const message = useErrorMessage(error);
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )
      }
    >
      <AlertTitle>{title ?? t('errors.loadFailed')}</AlertTitle>
      {message}
    </Alert>
  );
}
