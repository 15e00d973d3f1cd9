import { DEVICE_SETTING_KEYS, type DeviceSettingKey, type OpeningHoursDay } from '../schemas/sites';

/**
 * The Settings toggles of spec §4, shared so the settings pages and the server agree on what 'off' saves,
 * and what counts as a change the carts have not received yet.
 */

/** Switching a day on that was never open starts it at these hours. */
export const DEFAULT_OPENING_DAY = { openTime: '05:00', closeTime: '20:00' } as const;
/** Scheduled lock off saves lockFrom '00:00'. */
export const SCHEDULED_LOCK_OFF = '00:00';
/** Auto-lock off saves '0'. */
export const AUTO_LOCK_OFF = '0';

/** Off = closed (null); on restores the day's saved hours, or 05:00–20:00 when it had none. */
export function toggleOpeningDay(saved: OpeningHoursDay, on: boolean): OpeningHoursDay {
  if (!on) return null;
  return saved ?? { ...DEFAULT_OPENING_DAY };
}

export type SiteDeviceSettings = {
  [K in DeviceSettingKey]: K extends 'roundTimeout'
    ? number
    : K extends 'recoveryMode'
      ? boolean
      : K extends 'masterUnlock'
        ? string | null
        : string;
};

/** The device settings of a site, as published to its carts (`publishedSettings`) or as saved now. */
export function deviceSettingsOf(site: SiteDeviceSettings): SiteDeviceSettings {
  return Object.fromEntries(DEVICE_SETTING_KEYS.map((key) => [key, site[key]])) as SiteDeviceSettings;
}

/** Which saved device settings differ from what the carts were last given; none when never published. */
export function unpublishedSettingKeys(
  saved: SiteDeviceSettings,
  published: SiteDeviceSettings | null,
): DeviceSettingKey[] {
  if (!published) return [];
  return DEVICE_SETTING_KEYS.filter((key) => saved[key] !== published[key]);
}
