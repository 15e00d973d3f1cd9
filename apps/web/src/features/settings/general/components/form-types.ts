import type { Control, UseFormReturn } from 'react-hook-form';
import type { GeneralSettings, GeneralSettingsValues } from '../general-settings-form';

/** The General settings form as its cards receive it. */
export type GeneralSettingsFormApi = UseFormReturn<GeneralSettingsValues, unknown, GeneralSettings>;
export type GeneralSettingsControl = Control<GeneralSettingsValues, unknown, GeneralSettings>;

/** Every card takes the form and whether the user may change anything (only admins may). */
export interface SettingsCardFormProps {
  form: GeneralSettingsFormApi;
  readOnly: boolean;
}

type TextFieldName = {
  [K in keyof GeneralSettingsValues]: GeneralSettingsValues[K] extends string ? K : never;
}[keyof GeneralSettingsValues];

/**
 * `textFieldProps` of lib/form-validation for this form, whose submitted values differ from its field
 * values (which that helper's type does not allow): the ref on the real <input>, the error as helper text.
 */
export function settingsTextFieldProps(form: GeneralSettingsFormApi, name: TextFieldName) {
  const { ref, ...field } = form.register(name);
  const { error } = form.getFieldState(name, form.formState);
  return { ...field, inputRef: ref, error: error !== undefined, helperText: error?.message };
}
