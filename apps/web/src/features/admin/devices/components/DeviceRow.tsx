import SimCardIcon from '@mui/icons-material/SimCard';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import type { AdminDeviceView } from '@fairway/domain';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceColumn } from '../lib/device-columns';
import { isDeviceOnline, pingAgeSeconds } from '../lib/device-status';
import { DeviceInfoBadges } from './DeviceInfoBadges';
import { useDurationText } from './DurationText';

/** What a row can do; memoised by the table so a ticked box re-renders its own row only. */
export interface DeviceRowActions {
  onOpen: (device: AdminDeviceView) => void;
  onToggle: (deviceId: string) => void;
  onSim: (device: AdminDeviceView) => void;
  onReplace: (device: AdminDeviceView) => void;
  onSound: (device: AdminDeviceView) => void;
}

interface DeviceRowProps {
  device: AdminDeviceView;
  columns: readonly DeviceColumn[];
  selected: boolean;
  now: number;
  actions: DeviceRowActions;
  /** fixed height, one line (virtualised rows) */
  height?: number;
}

const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();

/** One tracker: the chosen columns; a click opens its side panel. */
export const DeviceRow = memo(function DeviceRow({
  device,
  columns,
  selected,
  now,
  actions,
  height,
}: DeviceRowProps) {
  const { t } = useTranslation();
  const duration = useDurationText();
  const online = isDeviceOnline(device, now);
  const pingAge = pingAgeSeconds(device, now);
  const dash = (value: string | null) =>
    value === null || value === '' ? (
      <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
        —
      </Typography>
    ) : (
      value
    );

  const cells: Record<DeviceColumn, () => ReactNode> = {
    serial: () => (
      // The row is clickable with a mouse; the serial is the keyboard's way into the panel.
      <Link
        component="button"
        variant="body2"
        sx={{ fontWeight: 600, fontFamily: 'monospace' }}
        onClick={(event) => {
          event.stopPropagation();
          actions.onOpen(device);
        }}
        aria-label={t('adminDevices.table.open', { serial: device.serial })}
      >
        {device.serial}
      </Link>
    ),
    carNumber: () => dash(device.carNumber),
    carName: () => dash(device.carName),
    status: () => (
      <Chip
        size="small"
        color={online ? 'success' : 'default'}
        variant={online ? 'filled' : 'outlined'}
        label={online ? t('adminDevices.status.online') : t('adminDevices.status.offline')}
        data-testid="device-status"
      />
    ),
    uptime: () => (device.uptime === null ? dash(null) : duration(device.uptime)),
    ccid: () => dash(device.gprsCcid),
    carrier: () => dash(device.gprsCarrier),
    info: () => (
      <DeviceInfoBadges device={device} pingAge={pingAge} online={online} nowrap={height !== undefined} />
    ),
    actions: () => (
      <Stack direction="row" spacing={0.5} onClick={stop}>
        <Tooltip title={device.gprsCcid ? t('adminDevices.actions.sim') : t('adminDevices.actions.noSim')}>
          <span>
            <IconButton
              size="small"
              disabled={!device.gprsCcid}
              aria-label={t('adminDevices.actions.sim')}
              data-testid="device-action-sim"
              onClick={() => actions.onSim(device)}
            >
              <SimCardIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('adminDevices.actions.replace')}>
          <IconButton
            size="small"
            aria-label={t('adminDevices.actions.replace')}
            data-testid="device-action-replace"
            onClick={() => actions.onReplace(device)}
          >
            <SwapHorizIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('adminDevices.actions.sound')}>
          <IconButton
            size="small"
            aria-label={t('adminDevices.actions.sound')}
            data-testid="device-action-sound"
            onClick={() => actions.onSound(device)}
          >
            <VolumeUpIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    ),
  };

  return (
    <TableRow
      hover
      selected={selected}
      data-testid={`device-row-${device.serial}`}
      onClick={() => actions.onOpen(device)}
      sx={{ cursor: 'pointer', ...(height !== undefined && { height }) }}
    >
      <TableCell padding="checkbox" onClick={stop}>
        <Checkbox
          checked={selected}
          onChange={() => actions.onToggle(device._id)}
          slotProps={{ input: { 'aria-label': t('adminDevices.table.select', { serial: device.serial }) } }}
        />
      </TableCell>
      {columns.map((column) => (
        <TableCell
          key={column}
          sx={
            column === 'info' && height === undefined
              ? { whiteSpace: 'normal', minWidth: 280 }
              : { whiteSpace: 'nowrap' }
          }
          data-column={column}
        >
          {cells[column]()}
        </TableCell>
      ))}
    </TableRow>
  );
});
