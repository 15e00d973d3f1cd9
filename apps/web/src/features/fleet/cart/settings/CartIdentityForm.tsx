import AutorenewIcon from '@mui/icons-material/Autorenew';
import type { CartView } from '@fairway/domain';
import { randomCode } from '@fairway/domain';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { zodFormResolver } from '../../../../lib/form-validation';
import { useSaveCart } from '../../use-save-cart';
import {
  identityChanges,
  identityForm,
  identityValuesOf,
  type IdentityFormOutput,
  type IdentityFormValues,
} from './identity-form';

const resolver = zodFormResolver(identityForm);

interface CartIdentityFormProps {
  cart: CartView;
  /** Car numbers of the site's other carts: a number must be unique per site. */
  takenCarNumbers: ReadonlySet<string>;
}

/** Car number, name, unlock code (with a generator) and bookable online. */
export function CartIdentityForm({ cart, takenCarNumbers }: CartIdentityFormProps) {
  const { t } = useTranslation();
  const { save, saving } = useSaveCart(cart._id);
  const form = useForm<IdentityFormValues, unknown, IdentityFormOutput>({
    resolver,
    defaultValues: identityValuesOf(cart),
  });
  const { errors, isDirty } = form.formState;
  const numberTaken = () =>
    form.setError('carNumber', { type: 'taken', message: t('fleet.settings.carNumberTaken') });

  const onSubmit = form.handleSubmit(async (values) => {
    const changes = identityChanges(cart, values);
    if (changes.carNumber !== undefined && takenCarNumbers.has(changes.carNumber)) {
      numberTaken();
      return;
    }
    const saved = await save(changes, {
      // 409: another cart took the number meanwhile ('Car number already exists.').
      handleError: (error) => {
        if (!(error instanceof ApiError && error.status === 409 && changes.carNumber !== undefined))
          return false;
        numberTaken();
        return true;
      },
    });
    if (saved) form.reset(identityValuesOf(saved));
  });

  const carNumberError =
    errors.carNumber?.type === 'invalid_format'
      ? t('fleet.settings.carNumberDigits')
      : errors.carNumber?.message;
  const lockCodeError =
    errors.lockCode?.type === 'invalid_format'
      ? t('fleet.settings.unlockCodeDigits')
      : errors.lockCode?.message;

  const { ref: carNumberRef, ...carNumberField } = form.register('carNumber');
  const { ref: carNameRef, ...carNameField } = form.register('carName');
  const { ref: lockCodeRef, ...lockCodeField } = form.register('lockCode');

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void onSubmit(event)}>
      <TextField
        {...carNumberField}
        inputRef={carNumberRef}
        label={t('fleet.settings.carNumber')}
        required
        error={carNumberError !== undefined}
        helperText={carNumberError}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'cart-number-input' } }}
      />
      <TextField
        {...carNameField}
        inputRef={carNameRef}
        label={t('fleet.settings.carName')}
        error={errors.carName !== undefined}
        helperText={errors.carName?.message}
      />
      <TextField
        {...lockCodeField}
        inputRef={lockCodeRef}
        label={t('fleet.settings.unlockCode')}
        error={lockCodeError !== undefined}
        helperText={lockCodeError ?? t('fleet.settings.unlockCodeHint')}
        slotProps={{
          htmlInput: { inputMode: 'numeric', maxLength: 6 },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t('fleet.settings.generateCode')}>
                  <IconButton
                    aria-label={t('fleet.settings.generateCode')}
                    edge="end"
                    onClick={() =>
                      form.setValue('lockCode', randomCode(), {
                        shouldDirty: true,
                        shouldValidate: true,
                      })
                    }
                  >
                    <AutorenewIcon />
                  </IconButton>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Controller
        control={form.control}
        name="bookableOnline"
        render={({ field }) => (
          <FormControlLabel
            label={t('fleet.settings.bookableOnline')}
            control={
              <Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
            }
          />
        )}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button disabled={!isDirty || saving} onClick={() => form.reset(identityValuesOf(cart))}>
          {t('fleet.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={!isDirty || saving}>
          {t('fleet.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
