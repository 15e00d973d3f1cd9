import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import type { GeneralSettingsValues } from '../general-settings-form';
import type { GeneralSettingsControl } from './form-types';

type SwitchName = {
  [K in keyof GeneralSettingsValues]: GeneralSettingsValues[K] extends boolean ? K : never;
}[keyof GeneralSettingsValues];

interface SwitchFieldProps {
  control: GeneralSettingsControl;
  name: SwitchName;
  label: string;
  hint?: string;
  disabled: boolean;
  /** Runs after the switch changed, for fields that follow it (a lock time proposed when switched on). */
  onToggle?: (on: boolean) => void;
}

/** A settings switch bound to the form, with its explanation under it. */
export function SwitchField({ control, name, label, hint, disabled, onToggle }: SwitchFieldProps) {
  const hintId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div>
          <FormControlLabel
            label={label}
            disabled={disabled}
            control={
              <Switch
                checked={field.value}
                onChange={(event) => {
                  field.onChange(event.target.checked);
                  onToggle?.(event.target.checked);
                }}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref, 'aria-describedby': hint ? hintId : undefined } }}
              />
            }
          />
          {hint && (
            <FormHelperText id={hintId} sx={{ mt: 0 }}>
              {hint}
            </FormHelperText>
          )}
        </div>
      )}
    />
  );
}
