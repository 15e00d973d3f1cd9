import type { FirmwareFolderName } from '@fairway/domain';
import { useTranslation } from 'react-i18next';

/** The manager's tabs (spec §2): WiFi holds the uploaded WiFi images; GSM the two fixed modem folders. */
export type FirmwareTab = 'wifi' | 'gsm';
export const GSM_FOLDERS = ['sim7600', 'sim7000'] as const satisfies readonly FirmwareFolderName[];

/** A folder's name: the modems are product names, the same in every language; WiFi is said as the language does. */
export function useFolderLabel(): (folder: FirmwareFolderName) => string {
  const { t } = useTranslation();
  return (folder) => (folder === 'wifi' ? t('adminFirmware.tabs.wifi') : folder.toUpperCase());
}
