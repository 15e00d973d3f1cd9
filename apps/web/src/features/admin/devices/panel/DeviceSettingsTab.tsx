import { trackerMode, trackerServer, type AdminDeviceView } from '@fairway/domain';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { useErrorMessage } from '../../../../components/ErrorState';
import { showToast } from '../../../../lib/notifications';
import { useUpdateTrackerSettings, type TrackerSettings } from './api/update-tracker-settings';

type Mode = AdminDeviceView['trackerMode'];
type Server = AdminDeviceView['server'];

/**
 * The Settings tab: what belongs to this one tracker and nowhere else, its tracker mode and server (the
 * Bulk Actions set vehicle, hardware, battery calibration and the rest, for one cart or many).
 */
export function DeviceSettingsTab({ device }: { device: AdminDeviceView }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>(device.trackerMode);
  const [server, setServer] = useState<Server>(device.server);
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateTrackerSettings(device._id);
  const errorMessage = useErrorMessage(update.error);

  const changes: TrackerSettings = {
    ...(mode !== device.trackerMode ? { trackerMode: mode } : {}),
    ...(server !== device.server ? { server } : {}),
  };
  const changed = Object.keys(changes).length > 0;

  const save = () =>
    update.mutate(changes, {
      onSuccess: () => showToast(t('adminDeviceTools.settings.saved'), 'success'),
    });

  return (
    <Stack
      spacing={3}
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!changed) return;
        if (changes.server) setConfirming(true);
        else save();
      }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('adminDeviceTools.settings.intro')}
      </Typography>
      <TextField
        select
        label={t('fleet.admin.trackerMode')}
        value={mode}
        disabled={update.isPending}
        onChange={(event) => setMode(trackerMode.parse(event.target.value))}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'device-settings-mode' } as object } }}
      >
        {trackerMode.options.map((option) => (
          <MenuItem key={option} value={option}>
            {t(`fleet.admin.trackerModes.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('fleet.admin.server')}
        value={server}
        disabled={update.isPending}
        onChange={(event) => setServer(trackerServer.parse(event.target.value))}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'device-settings-server' } as object } }}
      >
        {trackerServer.options.map((option) => (
          <MenuItem key={option} value={option}>
            {t(`fleet.admin.servers.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      {update.isError && (
        <Alert severity="error" data-testid="device-settings-error">
          {t('adminDeviceTools.settings.failed', { message: errorMessage })}
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          disabled={!changed || update.isPending}
          onClick={() => {
            setMode(device.trackerMode);
            setServer(device.server);
            update.reset();
          }}
        >
          {t('adminDeviceTools.settings.undo')}
        </Button>
        <Button type="submit" variant="contained" loading={update.isPending} disabled={!changed}>
          {t('adminDeviceTools.settings.save')}
        </Button>
      </Stack>
      <Alert severity="info" variant="outlined">
        {t('adminDeviceTools.settings.bulkHint')}
      </Alert>
      <ConfirmDialog
        open={confirming}
        title={t('fleet.admin.changeServer.title')}
        message={t('fleet.admin.changeServer.message', { server: t(`fleet.admin.servers.${server}`) })}
        confirmLabel={t('fleet.admin.changeServer.confirm')}
        onConfirm={() => {
          setConfirming(false);
          save();
        }}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}
