import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { settingsTextFieldProps, type SettingsCardFormProps } from './form-types';
import { SettingsCard } from './SettingsCard';

/**
 * Overdue rides (issue 23): how many minutes past its service's duration a ride may run before staff are
 * alerted. The server applies it from its next sweep: nothing to publish to the carts.
 */
export function OverrunCard({ form, readOnly }: SettingsCardFormProps) {
  const { t } = useTranslation();
  const grace = settingsTextFieldProps(form, 'overrunGraceMinutes');
  return (
    <SettingsCard title={t('overrun.settings.title')} subtitle={t('overrun.settings.subtitle')}>
      <TextField
        {...grace}
        helperText={grace.helperText ?? t('overrun.settings.graceHint')}
        label={t('overrun.settings.grace')}
        required
        disabled={readOnly}
        fullWidth
        autoComplete="off"
        slotProps={{
          input: {
            endAdornment: <InputAdornment position="end">{t('overrun.settings.minutes')}</InputAdornment>,
          },
          htmlInput: { inputMode: 'numeric', 'data-testid': 'overrun-grace' },
        }}
      />
    </SettingsCard>
  );
}
