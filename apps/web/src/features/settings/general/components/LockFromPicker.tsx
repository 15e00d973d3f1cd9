import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PickersProvider } from '../../../../components/PickersProvider';
import type { GeneralSettingsControl } from './form-types';

/** Spec §9: time pickers step 5 minutes; a 24-hour clock whatever the language. */
const TIME_STEP = 5;

/** The time of day every cart locks, as a 24-hour time picker in 5-minute steps. */
export function LockFromPicker({
  control,
  disabled,
}: {
  control: GeneralSettingsControl;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <PickersProvider>
      <Controller
        control={control}
        name="lockFrom"
        render={({ field, fieldState }) => (
          <TimePicker
            label={t('settings.lock.lockFrom')}
            value={field.value}
            onChange={(value) => field.onChange(value)}
            inputRef={field.ref}
            disabled={disabled}
            ampm={false}
            format="HH:mm"
            views={['hours', 'minutes']}
            minutesStep={TIME_STEP}
            timeSteps={{ minutes: TIME_STEP }}
            slotProps={{
              textField: {
                required: true,
                fullWidth: true,
                onBlur: field.onBlur,
                error: fieldState.error !== undefined,
                helperText: fieldState.error?.message,
              },
            }}
          />
        )}
      />
    </PickersProvider>
  );
}
