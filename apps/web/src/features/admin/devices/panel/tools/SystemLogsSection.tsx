import DownloadIcon from '@mui/icons-material/Download';
import type { AdminDeviceView, SystemLogLine } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, useErrorMessage } from '../../../../../components/ErrorState';
import { formatDateTime } from '../../../../../lib/date-format';
import { useExportSystemLogs, useSystemLogs } from '../api/system-logs';

/** Every line is one row of this height, so the list knows which rows the scroll position shows. */
export const SYSTEM_LOG_ROW_HEIGHT = 44;
/** The list's height: it scrolls inside the panel. */
export const SYSTEM_LOG_VIEWPORT = 352;
/** Rows drawn above and below the visible ones, so a fast scroll does not show blanks. */
const OVERSCAN = 10;
/** An older page is asked for when the last this many rows come into view. */
const LOAD_AHEAD_ROWS = 20;

/**
 * System Logs: the count of stored lines, an Excel export, and the lines newest first in a virtual list
 * (only the rows in view are drawn) that loads older pages by keyset as it nears its end.
 */
export function SystemLogsSection({ device }: { device: AdminDeviceView }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const logs = useSystemLogs(device._id);
  const exporter = useExportSystemLogs(device._id, `${device.serial.replaceAll(':', '_')}-system-log.xlsx`);
  const exportError = useErrorMessage(exporter.error);
  const [scrollTop, setScrollTop] = useState(0);

  const lines: SystemLogLine[] = logs.data?.pages.flatMap((page) => page.lines) ?? [];
  const total = logs.data?.pages[0]?.total ?? 0;

  const loadMoreIfNear = (top: number) => {
    const lastVisible = Math.ceil((top + SYSTEM_LOG_VIEWPORT) / SYSTEM_LOG_ROW_HEIGHT);
    if (lastVisible >= lines.length - LOAD_AHEAD_ROWS && logs.hasNextPage && !logs.isFetchingNextPage) {
      void logs.fetchNextPage();
    }
  };
  const onScroll = (event: UIEvent<HTMLElement>) => {
    const top = event.currentTarget.scrollTop;
    setScrollTop(top);
    loadMoreIfNear(top);
  };

  const first = Math.max(0, Math.floor(scrollTop / SYSTEM_LOG_ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(
    lines.length,
    Math.ceil((scrollTop + SYSTEM_LOG_VIEWPORT) / SYSTEM_LOG_ROW_HEIGHT) + OVERSCAN,
  );

  let body;
  if (logs.isPending) {
    body = <Skeleton variant="rounded" height={SYSTEM_LOG_VIEWPORT / 2} data-testid="system-logs-loading" />;
  } else if (logs.isError && lines.length === 0) {
    body = (
      <ErrorState
        error={logs.error}
        onRetry={() => void logs.refetch()}
        title={t('adminDeviceTools.systemLogs.loadFailed')}
      />
    );
  } else if (lines.length === 0) {
    body = (
      <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }} data-testid="system-logs-empty">
        {t('adminDeviceTools.systemLogs.empty')}
      </Typography>
    );
  } else {
    body = (
      <Box
        role="list"
        aria-label={t('adminDeviceTools.systemLogs.listLabel')}
        tabIndex={0}
        onScroll={onScroll}
        data-testid="system-logs-list"
        sx={{
          // A short log takes only its rows' room; a long one scrolls in the viewport.
          height: Math.min(SYSTEM_LOG_VIEWPORT, lines.length * SYSTEM_LOG_ROW_HEIGHT + 2),
          overflow: 'auto',
          position: 'relative',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        <Box
          role="presentation"
          sx={{ height: lines.length * SYSTEM_LOG_ROW_HEIGHT, position: 'relative', minWidth: '100%' }}
        >
          {lines.slice(first, last).map((line, index) => (
            <Box
              key={line.id}
              role="listitem"
              data-testid="system-log-line"
              sx={{
                position: 'absolute',
                top: (first + index) * SYSTEM_LOG_ROW_HEIGHT,
                height: SYSTEM_LOG_ROW_HEIGHT,
                left: 0,
                right: 0,
                px: 1.5,
                py: 0.25,
                borderBottom: 1,
                borderColor: 'divider',
                overflow: 'hidden',
              }}
            >
              <Typography variant="caption" component="div" sx={{ color: 'text.secondary', lineHeight: 1.4 }}>
                <time dateTime={line.ts}>{formatDateTime(line.ts, locale)}</time>
              </Typography>
              <Typography
                variant="body2"
                component="div"
                title={line.body}
                sx={{
                  fontFamily: 'monospace',
                  fontSize: 12,
                  whiteSpace: 'nowrap',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  lineHeight: 1.5,
                }}
              >
                {line.body}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    );
  }

  return (
    <Stack spacing={1.5}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="body2" data-testid="system-logs-total">
          {logs.data ? t('adminDeviceTools.systemLogs.total', { count: total }) : '\u00a0'}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => exporter.mutate()}
          loading={exporter.isPending}
          disabled={!logs.data || total === 0}
          data-testid="system-logs-export"
        >
          {t('adminDeviceTools.systemLogs.export')}
        </Button>
      </Stack>
      {exporter.isError && (
        <Alert severity="error" onClose={() => exporter.reset()}>
          {t('adminDeviceTools.systemLogs.exportFailed', { message: exportError })}
        </Alert>
      )}
      {body}
      {logs.isFetchingNextPage && (
        <LinearProgress aria-label={t('adminDeviceTools.systemLogs.loadingOlder')} />
      )}
      {logs.isError && lines.length > 0 && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void logs.fetchNextPage()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('adminDeviceTools.systemLogs.olderFailed')}
        </Alert>
      )}
    </Stack>
  );
}
