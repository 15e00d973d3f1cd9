import { POWER_TYPES, VEHICLE_MODELS, vehicleInfo, type CartView, type VehicleInfo } from '@fairway/domain';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { zodFormResolver } from '../../../../lib/form-validation';
import { useSaveCart } from '../../use-save-cart';

const { cart: cartFields, power, notes } = vehicleInfo.shape;

/** The domain's vehicle info with every field present (the form always has a value for each). */
const vehicleForm = z.object({
  cart: z.object({ model: cartFields.shape.model, brand: cartFields.shape.brand.unwrap() }),
  power,
  notes: notes.unwrap(),
});
const resolver = zodFormResolver(vehicleForm);

/** A cart without vehicle info yet starts from "None" and an unknown power type. */
const valuesOf = (info: VehicleInfo | null): VehicleInfo =>
  info ?? { cart: { model: 'None', brand: '' }, power: 'Unknown', notes: '' };

/** Vehicle info (spec §2 Fleet, §3): model, brand, power type (which picks the battery curve), notes. */
export function VehicleInfoForm({ cart }: { cart: CartView }) {
  const { t } = useTranslation();
  const { save, saving } = useSaveCart(cart._id);
  const form = useForm<VehicleInfo>({ resolver, defaultValues: valuesOf(cart.vehicleInfo) });
  const { isDirty, errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const saved = await save({ vehicleInfo: values });
    if (saved) form.reset(valuesOf(saved.vehicleInfo));
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void onSubmit(event)}>
      <Controller
        control={form.control}
        name="cart.model"
        render={({ field }) => (
          <TextField {...field} select label={t('fleet.vehicle.model')} required>
            {VEHICLE_MODELS.map((model) => (
              <MenuItem key={model} value={model}>
                {model === 'None' ? t('fleet.vehicle.noModel') : model}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        {...form.register('cart.brand')}
        label={t('fleet.vehicle.brand')}
        error={errors.cart?.brand !== undefined}
        helperText={errors.cart?.brand?.message}
      />
      <Controller
        control={form.control}
        name="power"
        render={({ field }) => (
          <TextField {...field} select label={t('fleet.vehicle.power')} required>
            {POWER_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`fleet.vehicle.powerTypes.${type}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        {...form.register('notes')}
        label={t('fleet.vehicle.notes')}
        multiline
        minRows={2}
        error={errors.notes !== undefined}
        helperText={errors.notes?.message}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button disabled={!isDirty || saving} onClick={() => form.reset(valuesOf(cart.vehicleInfo))}>
          {t('fleet.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!isDirty || saving}>
          {t('fleet.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
