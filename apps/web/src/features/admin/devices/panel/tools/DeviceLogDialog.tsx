import { LOG_SNAPSHOT_GROUPS, type AdminDeviceView, type DeviceLogView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../../lib/date-format';
import { snapshotFlag } from '../format';

interface DeviceLogDialogProps {
  /** the scan or snapshot to show; null: closed */
  log: DeviceLogView | null;
  device: AdminDeviceView;
  onClose: () => void;
}

/**
 * One answer of the cart: a WiFi scan as a table (SSID, RSSI, Channel, Encrypt), or a log snapshot grouped
 * as LOG_SNAPSHOT_GROUPS with '1'/'0' read as Yes/No, and the log's last lines below it.
 */
export function DeviceLogDialog({ log, device, onClose }: DeviceLogDialogProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const locale = i18n.resolvedLanguage ?? 'en';

  return (
    <Dialog
      open={log !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
    >
      {log && (
        <>
          <DialogTitle id={titleId}>
            {log.type === 'wifi'
              ? t('adminDeviceTools.dialog.wifiTitle')
              : t('adminDeviceTools.dialog.logTitle')}
            <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
              {device.carNumber
                ? t('adminDeviceTools.header.car', { number: device.carNumber })
                : device.serial}{' '}
              · {formatDateTime(log.createdAt, locale)}
            </Typography>
          </DialogTitle>
          <DialogContent dividers>
            {log.type === 'wifi' ? <WifiTable log={log} /> : <Snapshot log={log} />}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('adminDeviceTools.close')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function WifiTable({ log }: { log: Extract<DeviceLogView, { type: 'wifi' }> }) {
  const { t } = useTranslation();
  const { networks } = log.data;
  if (networks.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('adminDeviceTools.dialog.noNetworks')}
      </Typography>
    );
  }
  return (
    <TableContainer tabIndex={0}>
      <Table
        size="small"
        aria-label={t('adminDeviceTools.dialog.wifiTitle')}
        data-testid="wifi-scan-table"
        // A phone scrolls the table sideways rather than squeeze the names a letter a line.
        sx={{ minWidth: 440 }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('adminDeviceTools.dialog.ssid')}</TableCell>
            <TableCell align="right">{t('adminDeviceTools.dialog.rssi')}</TableCell>
            <TableCell align="right">{t('adminDeviceTools.dialog.channel')}</TableCell>
            <TableCell>{t('adminDeviceTools.dialog.encrypt')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {networks.map((network, index) => (
            <TableRow key={`${network.ssid}-${network.channel}-${index}`}>
              <TableCell sx={{ minWidth: 140, wordBreak: 'break-word' }}>
                {network.ssid || (
                  <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
                    {t('adminDeviceTools.dialog.hiddenSsid')}
                  </Box>
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {t('adminDeviceTools.dialog.dbm', { value: network.rssi })}
              </TableCell>
              <TableCell align="right">{network.channel}</TableCell>
              <TableCell>{network.encrypt}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Snapshot({ log }: { log: Extract<DeviceLogView, { type: 'log' }> }) {
  const { t } = useTranslation();
  const { snapshot, lines } = log.data;
  const groups = LOG_SNAPSHOT_GROUPS.filter((group) => Object.keys(snapshot[group] ?? {}).length > 0);
  return (
    <Stack spacing={3}>
      {groups.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('adminDeviceTools.dialog.noSnapshot')}
        </Typography>
      )}
      {groups.map((group) => (
        <Box key={group} component="section" data-testid={`snapshot-group-${group}`}>
          <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
            {t(`adminDeviceTools.groups.${group}`)}
          </Typography>
          <Table size="small" aria-label={t(`adminDeviceTools.groups.${group}`)}>
            <TableBody>
              {Object.entries(snapshot[group] ?? {}).map(([key, value]) => {
                const flag = snapshotFlag(value);
                return (
                  <TableRow key={key}>
                    <TableCell component="th" scope="row" sx={{ width: '50%', overflowWrap: 'anywhere' }}>
                      {key}
                    </TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {flag === null
                        ? String(value)
                        : flag
                          ? t('adminDeviceTools.yes')
                          : t('adminDeviceTools.no')}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      ))}
      <Box component="section">
        <Typography component="h3" variant="subtitle2" sx={{ mb: 0.5 }}>
          {t('adminDeviceTools.dialog.lines')}
        </Typography>
        {lines.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('adminDeviceTools.dialog.noLines')}
          </Typography>
        ) : (
          <Box
            component="pre"
            tabIndex={0}
            role="region"
            aria-label={t('adminDeviceTools.dialog.lines')}
            data-testid="snapshot-lines"
            sx={{
              m: 0,
              p: 1.5,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontSize: 12,
              overflowX: 'auto',
              maxHeight: 320,
            }}
          >
            {lines.join('\n')}
          </Box>
        )}
      </Box>
    </Stack>
  );
}
