import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { maskDuration, normaliseDuration } from '../lib/duration';
import type { ServiceFormValues } from '../lib/service-form';
import { useServiceFormContext } from './service-form-context';

/** The service duration as 'HH:mm' through a mask; padded to 'HH:mm' when the field is left. */
export function DurationField() {
  const { t } = useTranslation();
  const { control } = useFormContext<ServiceFormValues>();
  const error = useServiceFormContext().errorAt('duration');
  return (
    <Controller
      control={control}
      name="duration"
      render={({ field }) => (
        <TextField
          required
          label={t('services.dialog.duration')}
          value={field.value}
          onChange={(event) => field.onChange(maskDuration(event.target.value))}
          onBlur={() => {
            field.onChange(normaliseDuration(field.value));
            field.onBlur();
          }}
          inputRef={field.ref}
          placeholder="HH:mm"
          error={error !== undefined}
          helperText={error ?? t('services.dialog.durationHint')}
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
      )}
    />
  );
}
