import { CURRENCY_CODES, TIME_ZONES } from '@fairway/domain';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { textFieldProps } from '../../../../lib/form-validation';

interface GeneralFieldValues extends FieldValues {
  name: string;
  country: string;
  currency: string;
  centerLatLong: string;
  timezone: string;
}

/** A searchable list of codes (currencies, time zones) bound to the form. */
function CodeField<T extends GeneralFieldValues>({
  form,
  name,
  options,
  label,
  testId,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  options: readonly string[];
  label: string;
  testId: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Autocomplete
          options={options as string[]}
          value={(field.value as string) || null}
          onChange={(_event, value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          autoHighlight
          renderInput={(params) => (
            <TextField
              {...params}
              inputRef={field.ref}
              label={label}
              required
              error={fieldState.error !== undefined}
              helperText={fieldState.error?.message}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId },
              }}
            />
          )}
        />
      )}
    />
  );
}

/** Name, country, currency, centre and time zone: the New Site dialog and Edit site's General section. */
export function SiteGeneralFields<T extends GeneralFieldValues>({ form }: { form: UseFormReturn<T> }) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        {...textFieldProps(form, 'name' as Path<T>)}
        label={t('adminSites.form.name')}
        required
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { 'data-testid': 'site-form-name' } }}
      />
      <TextField
        {...textFieldProps(form, 'country' as Path<T>)}
        label={t('adminSites.form.country')}
        required
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { 'data-testid': 'site-form-country' } }}
      />
      <CodeField
        form={form}
        name={'currency' as Path<T>}
        options={CURRENCY_CODES}
        label={t('adminSites.form.currency')}
        testId="site-form-currency"
      />
      <TextField
        {...textFieldProps(form, 'centerLatLong' as Path<T>)}
        label={t('adminSites.form.center')}
        placeholder="55.676098, 12.568337"
        required
        fullWidth
        autoComplete="off"
        slotProps={{ htmlInput: { 'data-testid': 'site-form-center', inputMode: 'decimal' } }}
        helperText={
          form.getFieldState('centerLatLong' as Path<T>, form.formState).error?.message ??
          t('adminSites.form.centerHint')
        }
      />
      <CodeField
        form={form}
        name={'timezone' as Path<T>}
        options={TIME_ZONES}
        label={t('adminSites.form.timezone')}
        testId="site-form-timezone"
      />
    </>
  );
}
