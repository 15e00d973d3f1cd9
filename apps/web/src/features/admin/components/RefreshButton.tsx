import RefreshIcon from '@mui/icons-material/Refresh';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

/** Loads an admin table again; disabled while it reloads. */
export function RefreshButton({
  refreshing,
  onRefresh,
  testId,
}: {
  refreshing: boolean;
  onRefresh: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('adminUsers.refresh')}>
      {/* A disabled button fires no events: the span keeps the tooltip working. */}
      <span>
        <IconButton
          onClick={onRefresh}
          disabled={refreshing}
          aria-label={t('adminUsers.refresh')}
          data-testid={testId}
        >
          <RefreshIcon />
        </IconButton>
      </span>
    </Tooltip>
  );
}
