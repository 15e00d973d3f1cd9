import { SITE_LIMITS } from '@fairway/domain';
import TextField from '@mui/material/TextField';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../../components/PasswordField';
import { settingsTextFieldProps, type SettingsCardFormProps } from './form-types';
import { SettingsCard } from './SettingsCard';
import { SwitchField } from './SwitchField';

/**
 * The clubhouse WiFi the carts join. Name and password stay editable with WiFi off (they are kept for
 * the next time it is switched on) but are required only while it is on, as the server requires.
 */
export function WifiCard({ form, readOnly }: SettingsCardFormProps) {
  const { t } = useTranslation();
  const enabled = useWatch({ control: form.control, name: 'wifiEnabled' });
  const maxHint = t('settings.wifi.maxHint', { max: SITE_LIMITS.wifiMax });
  const ssid = settingsTextFieldProps(form, 'wifiSSID');
  const password = settingsTextFieldProps(form, 'wifiPassword');
  return (
    <SettingsCard title={t('settings.wifi.title')} subtitle={t('settings.wifi.subtitle')}>
      <SwitchField
        control={form.control}
        name="wifiEnabled"
        label={t('settings.wifi.enabled')}
        disabled={readOnly}
      />
      <TextField
        {...ssid}
        helperText={ssid.helperText ?? maxHint}
        label={t('settings.wifi.ssid')}
        required={enabled}
        disabled={readOnly}
        fullWidth
        autoComplete="off"
      />
      <PasswordField
        {...password}
        helperText={password.helperText ?? maxHint}
        label={t('settings.wifi.password')}
        required={enabled}
        disabled={readOnly}
        fullWidth
        // Not the operator's own password: keep the browser from filling in or saving a login.
        autoComplete="new-password"
      />
    </SettingsCard>
  );
}
