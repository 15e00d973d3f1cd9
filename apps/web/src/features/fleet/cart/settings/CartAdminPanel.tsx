import type { CartView } from '@fairway/domain';
import { trackerMode, trackerServer } from '@fairway/domain';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { useSaveCart } from '../../use-save-cart';
import { HardwareInfoForm } from './HardwareInfoForm';
import { OdometerSettings } from './OdometerSettings';

type TrackerServer = CartView['server'];

/** The cart Admin panel (spec §2 Fleet, §6 admin and up): server, odometer, tracker mode, hardware. */
export function CartAdminPanel({ cart }: { cart: CartView }) {
  const { t } = useTranslation();
  const { save, saving } = useSaveCart(cart._id);
  const [serverChange, setServerChange] = useState<TrackerServer | null>(null);

  return (
    <Stack spacing={3}>
      <TextField
        select
        label={t('fleet.admin.server')}
        value={cart.server}
        disabled={saving}
        onChange={(event) => setServerChange(trackerServer.parse(event.target.value))}
      >
        {trackerServer.options.map((server) => (
          <MenuItem key={server} value={server}>
            {t(`fleet.admin.servers.${server}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('fleet.admin.trackerMode')}
        value={cart.trackerMode}
        disabled={saving}
        onChange={(event) =>
          void save(
            { trackerMode: trackerMode.parse(event.target.value) },
            { failureMessage: t('fleet.admin.trackerModeFailed') },
          )
        }
      >
        {trackerMode.options.map((mode) => (
          <MenuItem key={mode} value={mode}>
            {t(`fleet.admin.trackerModes.${mode}`)}
          </MenuItem>
        ))}
      </TextField>
      <OdometerSettings cart={cart} />
      <HardwareInfoForm cart={cart} />
      <ConfirmDialog
        open={serverChange !== null}
        title={t('fleet.admin.changeServer.title')}
        message={t('fleet.admin.changeServer.message', {
          server: serverChange ? t(`fleet.admin.servers.${serverChange}`) : '',
        })}
        confirmLabel={t('fleet.admin.changeServer.confirm')}
        onConfirm={() => {
          if (serverChange) void save({ server: serverChange });
          setServerChange(null);
        }}
        onCancel={() => setServerChange(null)}
      />
    </Stack>
  );
}
