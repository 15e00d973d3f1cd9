import CloudSyncIcon from '@mui/icons-material/CloudSync';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { showToast } from '../../../../lib/notifications';
import { useExportUsers } from '../api/export-users';

/**
 * The spec's "Sync" button: exports every user to the support directory (docs/decisions.md names the
 * provider). It shows that the export runs and then what it did.
 */
export function SupportExportButton() {
  const { t } = useTranslation();
  const exporter = useExportUsers();
  const run = () =>
    exporter.mutate(undefined, {
      onSuccess: (answer) =>
        showToast(
          t('adminUsers.export.done', {
            count: answer.exported,
            created: answer.created,
            updated: answer.updated,
            provider: answer.provider,
          }),
          'success',
        ),
      onError: (error) => {
        console.error('Exporting the users failed', error);
        showToast(
          error instanceof ApiError
            ? t('adminUsers.export.failedBecause', { message: error.message })
            : t('adminUsers.export.failed'),
          'error',
        );
      },
    });
  return (
    <Button
      variant="outlined"
      onClick={run}
      disabled={exporter.isPending}
      aria-busy={exporter.isPending}
      startIcon={exporter.isPending ? <CircularProgress size={18} color="inherit" /> : <CloudSyncIcon />}
      data-testid="users-export"
    >
      {exporter.isPending ? t('adminUsers.export.running') : t('adminUsers.export.button')}
    </Button>
  );
}
