import AddIcon from '@mui/icons-material/Add';
import WifiFindIcon from '@mui/icons-material/WifiFind';
import type { AdminDeviceView, DeviceLogRequestAnswer, DeviceLogType, DeviceLogView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, useErrorMessage } from '../../../../../components/ErrorState';
import { formatDateTime } from '../../../../../lib/date-format';
import { useDeviceLogs, useRequestDeviceLog } from '../api/device-logs';
import { DeviceLogDialog } from './DeviceLogDialog';

interface LogRequestSectionProps {
  device: AdminDeviceView;
  /** 'wifi': WiFi Scan (command 5); 'log': Logs (command 6) */
  type: DeviceLogType;
}

/**
 * WiFi Scan or Logs: the cart's last five answers, and the button that asks for a new one. The call waits
 * for the cart; the new answer goes on top of the list the moment it comes (from the call or the socket).
 */
export function LogRequestSection({ device, type }: LogRequestSectionProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const ns = type === 'wifi' ? 'adminDeviceTools.wifi' : 'adminDeviceTools.logs';
  const logs = useDeviceLogs(device._id, type);
  const request = useRequestDeviceLog(device._id, type);
  const requestError = useErrorMessage(request.error);
  const [opened, setOpened] = useState<DeviceLogView | null>(null);
  const answer = request.data;
  const newId = answer?.log?._id ?? null;

  const action =
    type === 'wifi' ? (
      <Button
        variant="outlined"
        startIcon={<WifiFindIcon />}
        onClick={() => request.mutate()}
        loading={request.isPending}
        data-testid="wifi-scan-button"
      >
        {t('adminDeviceTools.wifi.scan')}
      </Button>
    ) : (
      <IconButton
        aria-label={t('adminDeviceTools.logs.request')}
        title={t('adminDeviceTools.logs.request')}
        onClick={() => request.mutate()}
        loading={request.isPending}
        color="primary"
        data-testid="log-request-button"
      >
        <AddIcon />
      </IconButton>
    );

  let list;
  if (logs.isPending) {
    list = (
      <Stack spacing={1} data-testid={`${type}-logs-loading`}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} variant="rounded" height={40} />
        ))}
      </Stack>
    );
  } else if (logs.isError) {
    list = (
      <ErrorState error={logs.error} onRetry={() => void logs.refetch()} title={t(`${ns}.loadFailed`)} />
    );
  } else if (logs.data.length === 0) {
    list = (
      <Typography variant="body2" sx={{ color: 'text.secondary', py: 1 }} data-testid={`${type}-logs-empty`}>
        {t(`${ns}.empty`)}
      </Typography>
    );
  } else {
    list = (
      <List dense disablePadding aria-label={t(`${ns}.listLabel`)} data-testid={`${type}-logs`}>
        {logs.data.map((log) => (
          <ListItem key={log._id} disablePadding>
            <ListItemButton onClick={() => setOpened(log)} data-testid={`device-log-${log._id}`}>
              <ListItemText
                primary={formatDateTime(log.createdAt, locale)}
                secondary={
                  log.type === 'wifi'
                    ? t('adminDeviceTools.wifi.networks', { count: log.data.networks.length })
                    : t('adminDeviceTools.logs.summary', {
                        groups: Object.keys(log.data.snapshot).length,
                        lines: log.data.lines.length,
                      })
                }
              />
              {log._id === newId && <Chip size="small" color="success" label={t('adminDeviceTools.new')} />}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    );
  }

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t(`${ns}.hint`)}
        </Typography>
        <Box sx={{ flexShrink: 0 }}>{action}</Box>
      </Stack>
      {request.isPending && (
        <Box role="status" data-testid={`${type}-request-progress`}>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t(`${ns}.waiting`)}
          </Typography>
          <LinearProgress aria-label={t(`${ns}.waiting`)} />
        </Box>
      )}
      {request.isError && (
        <Alert severity="warning" onClose={() => request.reset()} data-testid={`${type}-request-error`}>
          {requestError}
        </Alert>
      )}
      {answer && !answer.log && (
        <Alert severity="warning" onClose={() => request.reset()} data-testid={`${type}-request-error`}>
          {noAnswerText(answer, t)}
        </Alert>
      )}
      {list}
      <DeviceLogDialog log={opened} device={device} onClose={() => setOpened(null)} />
    </Stack>
  );
}

/** Why a request brought no answer: the cart refused (with its reason) or stayed silent. */
function noAnswerText(answer: DeviceLogRequestAnswer, t: TFunction): string {
  const { command } = answer;
  if (command.state === 'failed') {
    return command.error
      ? t('adminDeviceTools.request.refusedBecause', { error: command.error })
      : t('adminDeviceTools.request.refused');
  }
  if (command.state === 'acknowledged') return t('adminDeviceTools.request.unreadable');
  return t('adminDeviceTools.request.noAnswer');
}
