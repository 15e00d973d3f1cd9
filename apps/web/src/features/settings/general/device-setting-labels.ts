import type { DeviceSettingKey } from '@fairway/domain';
import type { TFunction } from 'i18next';

/** How each setting the carts run on is named where the page lists what is not on the carts yet. */
export function deviceSettingLabel(key: DeviceSettingKey, t: TFunction): string {
  switch (key) {
    case 'wifiEnabled':
      return t('settings.deviceSettings.wifiEnabled');
    case 'wifiSSID':
      return t('settings.deviceSettings.wifiSSID');
    case 'wifiPassword':
      return t('settings.deviceSettings.wifiPassword');
    case 'autoLock':
      return t('settings.deviceSettings.autoLock');
    case 'lockFrom':
      return t('settings.deviceSettings.lockFrom');
    case 'roundTimeout':
      return t('settings.deviceSettings.roundTimeout');
    case 'recoveryMode':
      return t('settings.deviceSettings.recoveryMode');
    case 'masterUnlock':
      return t('settings.deviceSettings.masterUnlock');
    case 'timezone':
      return t('settings.deviceSettings.timezone');
  }
}
