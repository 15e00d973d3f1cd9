import { cartAdminEditable, COMMAND_CODES, type CartView } from '@fairway/domain';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { zodFormResolver } from '../../../../lib/form-validation';
import { useSendPing } from '../../../commands';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import { useSaveCart } from '../../use-save-cart';

/** Offset in km added to what the tracker counts; required (spec §5), limits from the domain. */
const offsetForm = z.object({
  offset: z.string().trim().min(1).transform(Number).pipe(cartAdminEditable.shape.carOdometerOffset.unwrap()),
});
const resolver = zodFormResolver(offsetForm);

/** Odometer offset and reset odometer (ping 7, with the §8 toasts 'Odometer reset' / its error). */
export function OdometerSettings({ cart }: { cart: CartView }) {
  const { t } = useTranslation();
  const { save, saving } = useSaveCart(cart._id);
  const ping = useSendPing();
  const [confirmingReset, setConfirmingReset] = useState(false);
  const form = useForm<z.input<typeof offsetForm>, unknown, z.output<typeof offsetForm>>({
    resolver,
    defaultValues: { offset: String(cart.carOdometerOffset) },
  });

  const { ref: offsetRef, ...offsetField } = form.register('offset');
  const offsetError = form.formState.errors.offset?.message;

  const onSubmit = form.handleSubmit(async ({ offset }) => {
    const saved = await save({ carOdometerOffset: offset });
    if (saved) form.reset({ offset: String(saved.carOdometerOffset) });
  });

  return (
    <Stack spacing={1.5}>
      <Stack
        component="form"
        noValidate
        direction="row"
        spacing={1}
        onSubmit={(event) => void onSubmit(event)}
      >
        <TextField
          {...offsetField}
          inputRef={offsetRef}
          error={offsetError !== undefined}
          helperText={offsetError}
          label={t('fleet.admin.odometerOffset')}
          type="number"
          required
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { step: 0.1 } }}
        />
        <Button type="submit" variant="outlined" disabled={!form.formState.isDirty || saving}>
          {t('fleet.save')}
        </Button>
      </Stack>
      <Button
        sx={{ alignSelf: 'flex-start' }}
        color="warning"
        disabled={!cart.onlineStatus || ping.pendingCode === COMMAND_CODES.resetOdometer}
        onClick={() => setConfirmingReset(true)}
      >
        {t('commands.codes.resetOdometer')}
      </Button>
      <ConfirmDialog
        open={confirmingReset}
        title={t('fleet.admin.resetOdometer.title')}
        message={t('fleet.admin.resetOdometer.message')}
        confirmLabel={t('commands.codes.resetOdometer')}
        onConfirm={() => {
          setConfirmingReset(false);
          ping.send(cart, COMMAND_CODES.resetOdometer);
        }}
        onCancel={() => setConfirmingReset(false)}
      />
    </Stack>
  );
}
