import { FIRMWARE_STATUS, type AdminDeviceView } from '@fairway/domain';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LabelledFact, LabelledFacts } from '../../../../components/LabelledFacts';
import { MomentText } from '../../components/MomentText';

/** The Info tab: who the tracker is, its SIM, hardware, vehicle and when it last spoke. */
export function DeviceInfoTab({ device }: { device: AdminDeviceView }) {
  const { t, i18n } = useTranslation();
  const none = t('adminDeviceTools.none');
  const hardware = device.hardwareInfo;
  const vehicle = device.vehicleInfo;
  const calibration = new Intl.NumberFormat(i18n.resolvedLanguage, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(device.batteryCalibration);

  return (
    <LabelledFacts minWidth={200}>
      <LabelledFact label={t('adminDeviceTools.info.serial')} size="detail">
        {device.serial}
      </LabelledFact>
      <LabelledFact label={t('adminDeviceTools.info.site')} size="detail">
        {device.siteName}
      </LabelledFact>
      <LabelledFact label={t('adminDeviceTools.info.carName')} size="detail">
        {device.carName || none}
      </LabelledFact>
      <LabelledFact label={t('adminDeviceTools.info.firmware')} size="detail">
        <FirmwareValue device={device} />
      </LabelledFact>
      <LabelledFact label={t('adminDeviceTools.info.ccid')} size="detail">
        {device.gprsCcid ?? none}
      </LabelledFact>
      <LabelledFact label={t('adminDeviceTools.info.carrier')} size="detail">
        {device.gprsCarrier ?? none}
      </LabelledFact>
      <LabelledFact label={t('adminDeviceTools.info.simEndpoint')} size="detail">
        {device.simEndpointId ?? t('adminDeviceTools.info.simNotRegistered')}
      </LabelledFact>
      <LabelledFact label={t('adminDeviceTools.info.batteryCalibration')} size="detail">
        {calibration}
      </LabelledFact>
      <LabelledFact label={t('adminDeviceTools.info.hardware')} size="detail" wide>
        {hardware ? (
          <Stack component="span" spacing={0.25}>
            <span>
              {t('adminDeviceTools.info.hardwareLine', {
                rev: hardware.pcb.rev,
                modem: hardware.modem,
              })}
              {hardware.pcb.connector && ` · ${hardware.pcb.connector}`}
              {hardware.externalAntenna && ` · ${t('fleet.admin.externalAntenna')}`}
            </span>
            {hardware.notes && <Notes text={hardware.notes} />}
          </Stack>
        ) : (
          none
        )}
      </LabelledFact>
      <LabelledFact label={t('adminDeviceTools.info.vehicle')} size="detail" wide>
        {vehicle ? (
          <Stack component="span" spacing={0.25}>
            <span>
              {[vehicle.cart.brand, vehicle.cart.model].filter(Boolean).join(' ')} ·{' '}
              {t(`fleet.vehicle.powerTypes.${vehicle.power}`)}
            </span>
            {vehicle.notes && <Notes text={vehicle.notes} />}
          </Stack>
        ) : (
          none
        )}
      </LabelledFact>
      <LabelledFact label={t('adminDeviceTools.info.lastReport')} size="detail">
        <MomentText
          at={device.timeUTC}
          never={t('adminDeviceTools.never')}
          testId="device-info-last-report"
        />
      </LabelledFact>
      <LabelledFact label={t('adminDeviceTools.info.connectedAt')} size="detail">
        <MomentText at={device.connectedAt} never={t('adminDeviceTools.never')} />
      </LabelledFact>
      <LabelledFact label={t('adminDeviceTools.info.disconnectedAt')} size="detail">
        <MomentText at={device.disconnectedAt} never={t('adminDeviceTools.never')} />
      </LabelledFact>
    </LabelledFacts>
  );
}

function Notes({ text }: { text: string }) {
  return (
    <Typography component="span" variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'pre-line' }}>
      {text}
    </Typography>
  );
}

/** The version it runs, or where an over-the-air update stands (spinner while it downloads). */
function FirmwareValue({ device }: { device: AdminDeviceView }) {
  const { t } = useTranslation();
  const version = device.firmware ?? t('adminDeviceTools.unknown');
  const status = device.firmwareStatus;
  if (status === FIRMWARE_STATUS.normal) return <span data-testid="device-info-firmware">{version}</span>;
  const key =
    status === FIRMWARE_STATUS.pending
      ? 'pending'
      : status === FIRMWARE_STATUS.downloading
        ? 'downloading'
        : status === FIRMWARE_STATUS.failed
          ? 'failed'
          : 'downloaded';
  return (
    <Stack
      component="span"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center' }}
      data-testid="device-info-firmware"
    >
      {status === FIRMWARE_STATUS.downloading && <CircularProgress size={14} aria-hidden />}
      <span>
        {t(`adminDeviceTools.firmware.${key}`, {
          version,
          target: device.firmwareTarget ?? t('adminDeviceTools.unknown'),
        })}
      </span>
    </Stack>
  );
}
