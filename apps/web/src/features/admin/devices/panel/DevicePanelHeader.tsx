import CloseIcon from '@mui/icons-material/Close';
import KeyIcon from '@mui/icons-material/Key';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import type { AdminDeviceView } from '@fairway/domain';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LabelledFact, LabelledFacts } from '../../../../components/LabelledFacts';
import { BatteryIndicator, SignalIndicator, useFormatSpeed } from '../../../devices';
import { formatUptime } from './format';

interface DevicePanelHeaderProps {
  device: AdminDeviceView;
  titleId: string;
  onClose: () => void;
}

/** Car number, serial and site, then battery, signal, speed, lock, key and uptime (spec §2 Device side panel). */
export function DevicePanelHeader({ device, titleId, onClose }: DevicePanelHeaderProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  const formatSpeed = useFormatSpeed();
  const locked = device.lockStatus === 1;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} component="h2" variant="h6" noWrap data-testid="device-panel-title">
            {device.carNumber
              ? t('adminDeviceTools.header.car', { number: device.carNumber })
              : t('adminDeviceTools.header.noCar')}
          </Typography>
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {device.serial} · {device.siteName}
          </Typography>
        </Box>
        <IconButton aria-label={t('adminDeviceTools.close')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Chip
          size="small"
          variant="outlined"
          color={locked ? 'default' : 'success'}
          icon={locked ? <LockIcon /> : <LockOpenIcon />}
          label={locked ? t('adminDeviceTools.header.locked') : t('adminDeviceTools.header.unlocked')}
          data-testid="device-panel-lock"
        />
        {device.key === '1' && (
          <Chip
            size="small"
            variant="outlined"
            color="info"
            icon={<KeyIcon />}
            label={t('adminDeviceTools.header.keyPresent')}
            data-testid="device-panel-key"
          />
        )}
        <Chip
          size="small"
          variant="outlined"
          color={device.onlineStatus ? 'success' : 'default'}
          label={
            device.onlineStatus ? t('adminDeviceTools.header.online') : t('adminDeviceTools.header.offline')
          }
          data-testid="device-panel-online"
        />
      </Stack>
      <LabelledFacts minWidth={120} rowGap={1.5}>
        <LabelledFact label={t('adminDeviceTools.header.battery')} size="detail">
          <BatteryIndicator cart={device} />
        </LabelledFact>
        <LabelledFact label={t('adminDeviceTools.header.signal')} size="detail">
          <SignalIndicator cart={device} showValue />
        </LabelledFact>
        <LabelledFact label={t('adminDeviceTools.header.speed')} size="detail">
          <span data-testid="device-panel-speed">
            {device.gpsSpeed === null ? t('adminDeviceTools.unknown') : formatSpeed(device.gpsSpeed)}
          </span>
        </LabelledFact>
        <LabelledFact label={t('adminDeviceTools.header.uptime')} size="detail">
          <span data-testid="device-panel-uptime">
            {device.uptime === null ? t('adminDeviceTools.unknown') : formatUptime(device.uptime, locale)}
          </span>
        </LabelledFact>
      </LabelledFacts>
    </Stack>
  );
}
