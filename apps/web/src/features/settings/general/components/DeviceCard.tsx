import { useTranslation } from 'react-i18next';
import type { SettingsCardFormProps } from './form-types';
import { SettingsCard } from './SettingsCard';
import { SwitchField } from './SwitchField';

/** How the carts behave as devices: recovery mode (spec §2 Settings, Device). */
export function DeviceCard({ form, readOnly }: SettingsCardFormProps) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('settings.device.title')}>
      <SwitchField
        control={form.control}
        name="recoveryMode"
        label={t('settings.device.recoveryMode')}
        hint={t('settings.device.recoveryModeHint')}
        disabled={readOnly}
      />
    </SettingsCard>
  );
}
