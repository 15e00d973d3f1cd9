import { SITE_LANGS } from '@fairway/domain';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SettingsCardFormProps } from './form-types';
import { SettingsCard } from './SettingsCard';

/** The site's language, each offered in its own name (a German admin finds "Deutsch" in any interface). */
export function LanguageCard({ form, readOnly }: SettingsCardFormProps) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings.language.title')} subtitle={t('settings.language.subtitle')}>
      <Controller
        control={form.control}
        name="lang"
        render={({ field, fieldState }) => (
          <TextField
            select
            label={t('settings.language.label')}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message}
            disabled={readOnly}
            required
            fullWidth
          >
            {SITE_LANGS.map((lang) => (
              <MenuItem key={lang} value={lang} lang={lang}>
                {t(`language.names.${lang}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </SettingsCard>
  );
}
