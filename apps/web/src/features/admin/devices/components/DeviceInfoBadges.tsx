import AccessTimeIcon from '@mui/icons-material/AccessTime';
import LockIcon from '@mui/icons-material/Lock';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import { FIRMWARE_STATUS, type AdminDeviceView } from '@fairway/domain';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { GOOD_GPS_LOCK } from '../lib/device-status';
import { useDurationText } from './DurationText';

interface DeviceInfoBadgesProps {
  device: AdminDeviceView;
  /** age of the last report in seconds; null: never reported */
  pingAge: number | null;
  online: boolean;
  /** one line (the virtualised rows have a fixed height) */
  nowrap?: boolean;
}

/**
 * The Info column (spec §2 Devices): last ping age, lock, WiFi, GPRS, battery voltage, GPS lock (green at 3
 * or more), temperature, the firmware version or the OTA status (a spinner while pending or downloading),
 * and the hardware info.
 */
export function DeviceInfoBadges({ device, pingAge, online, nowrap = false }: DeviceInfoBadgesProps) {
  const { t, i18n } = useTranslation();
  const duration = useDurationText();
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(i18n.resolvedLanguage, {
      maximumFractionDigits: digits,
      minimumFractionDigits: digits,
    }).format(value);
  const badge = (testId: string, label: string, hint: string, extra: object = {}) => (
    <Tooltip key={testId} title={hint}>
      <Chip size="small" variant="outlined" label={label} data-testid={testId} {...extra} />
    </Tooltip>
  );
  const firmwareStatus = device.firmwareStatus;
  const working =
    firmwareStatus === FIRMWARE_STATUS.pending || firmwareStatus === FIRMWARE_STATUS.downloading;

  return (
    <Stack
      direction="row"
      spacing={0.5}
      useFlexGap
      sx={{ alignItems: 'center', flexWrap: nowrap ? 'nowrap' : 'wrap', rowGap: 0.5 }}
    >
      {badge(
        'badge-ping',
        pingAge === null ? t('adminDevices.info.never') : duration(pingAge),
        t('adminDevices.info.lastPing'),
        {
          icon: <AccessTimeIcon />,
          color: online ? 'success' : 'default',
        },
      )}
      {badge(
        'badge-lock',
        device.lockStatus === 1 ? t('adminDevices.info.locked') : t('adminDevices.info.unlocked'),
        t('adminDevices.info.lock'),
        { icon: device.lockStatus === 1 ? <LockIcon /> : <LockOpenIcon /> },
      )}
      {device.wifiSignal !== null &&
        badge(
          'badge-wifi',
          t('adminDevices.info.wifiValue', { value: device.wifiSignal }),
          t('adminDevices.info.wifi'),
          { color: device.conType === 'W' ? 'primary' : 'default' },
        )}
      {device.gprsSignal !== null &&
        badge(
          'badge-gprs',
          t('adminDevices.info.gprsValue', { value: device.gprsSignal }),
          t('adminDevices.info.gprs'),
          { color: device.conType === 'G' ? 'primary' : 'default' },
        )}
      {device.battVoltage !== null &&
        badge(
          'badge-battery',
          t('adminDevices.info.voltage', { value: number(device.battVoltage, 1) }),
          t('adminDevices.info.battery'),
        )}
      {device.gpsLock !== null &&
        badge(
          'badge-gps',
          t('adminDevices.info.gpsValue', { value: device.gpsLock }),
          t('adminDevices.info.gps'),
          {
            color: device.gpsLock >= GOOD_GPS_LOCK ? 'success' : 'warning',
            'data-good': device.gpsLock >= GOOD_GPS_LOCK,
          },
        )}
      {device.deviceTemp !== null &&
        badge(
          'badge-temperature',
          t('adminDevices.info.temperatureValue', { value: number(device.deviceTemp, 0) }),
          t('adminDevices.info.temperature'),
        )}
      {firmwareStatus >= FIRMWARE_STATUS.pending
        ? badge(
            'badge-firmware',
            t(`adminDevices.info.firmwareStatus.${firmwareStatus as 1 | 2 | 3 | 4}`, {
              version: device.firmwareTarget ?? '',
            }),
            t('adminDevices.info.firmwareUpdate'),
            {
              color: firmwareStatus === FIRMWARE_STATUS.failed ? 'error' : 'info',
              icon: working ? (
                <CircularProgress size={12} aria-label={t('adminDevices.info.firmwareWorking')} />
              ) : undefined,
              'data-status': firmwareStatus,
            },
          )
        : device.firmware !== null &&
          badge(
            'badge-firmware',
            t('adminDevices.info.firmwareValue', { version: device.firmware }),
            t('adminDevices.info.firmware'),
            { 'data-status': firmwareStatus },
          )}
      {device.hardwareInfo !== null &&
        badge(
          'badge-hardware',
          `${device.hardwareInfo.pcb.rev} · ${device.hardwareInfo.modem}`,
          t('adminDevices.info.hardware'),
        )}
    </Stack>
  );
}
