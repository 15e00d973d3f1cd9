import { describe, expect, it } from 'vitest';
import { normalizeWebsite, openingHoursDay, publicProfileUpdate, siteSettingsUpdate } from '../schemas/sites';
import {
  deviceSettingsOf,
  toggleOpeningDay,
  unpublishedSettingKeys,
  type SiteDeviceSettings,
} from './site-settings';

const saved: SiteDeviceSettings = {
  wifiEnabled: '1',
  wifiSSID: 'Clubhouse',
  wifiPassword: 'secret-1',
  autoLock: '30',
  lockFrom: '21:00',
  roundTimeout: 300,
  recoveryMode: false,
  masterUnlock: '123456',
  timezone: 'Europe/London',
};

describe('toggleOpeningDay (spec §4 Settings toggles)', () => {
  it('off closes the day', () => {
    expect(toggleOpeningDay({ openTime: '06:00', closeTime: '19:00' }, false)).toBeNull();
  });
  it('on restores the saved hours, or 05:00–20:00 for a day that had none', () => {
    expect(toggleOpeningDay({ openTime: '06:00', closeTime: '19:00' }, true)).toEqual({
      openTime: '06:00',
      closeTime: '19:00',
    });
    expect(toggleOpeningDay(null, true)).toEqual({ openTime: '05:00', closeTime: '20:00' });
  });
});

describe('unpublishedSettingKeys', () => {
  it('is empty when nothing was kept aside (the carts run what is saved)', () => {
    expect(unpublishedSettingKeys(saved, null)).toEqual([]);
  });
  it('names each device setting that differs from what the carts run', () => {
    const published = { ...saved, wifiSSID: 'Old', roundTimeout: 240 };
    expect(unpublishedSettingKeys(saved, published)).toEqual(['wifiSSID', 'roundTimeout']);
  });
  it('takes only the device settings from a site', () => {
    expect(Object.keys(deviceSettingsOf({ ...saved, name: 'Club' } as SiteDeviceSettings))).toHaveLength(9);
  });
});

describe('opening hours day', () => {
  const parse = (openTime: string, closeTime: string) => openingHoursDay.safeParse({ openTime, closeTime });
  it('accepts 5-minute steps with opening before closing, up to 24:00', () => {
    expect(parse('05:00', '20:00').success).toBe(true);
    expect(parse('00:00', '24:00').success).toBe(true);
    expect(openingHoursDay.safeParse(null).success).toBe(true);
  });
  it('refuses off-step times, an empty or inverted day, and 24:00 as an opening', () => {
    expect(parse('05:01', '20:00').success).toBe(false);
    expect(parse('05:00', '20:04').success).toBe(false);
    expect(parse('10:00', '10:00').success).toBe(false);
    expect(parse('20:00', '06:00').success).toBe(false);
    expect(parse('24:00', '24:00').success).toBe(false);
  });
});

describe('site settings boundaries (spec §5, §9)', () => {
  const ok = (updateData: object) => siteSettingsUpdate.safeParse(updateData).success;
  it('WiFi text at most 33 characters', () => {
    expect(ok({ wifiSSID: 'x'.repeat(33) })).toBe(true);
    expect(ok({ wifiSSID: 'x'.repeat(34) })).toBe(false);
  });
  it('booking offset 0–120 in steps of 5', () => {
    expect(ok({ bookingOffset: 0 })).toBe(true);
    expect(ok({ bookingOffset: 120 })).toBe(true);
    expect(ok({ bookingOffset: 125 })).toBe(false);
    expect(ok({ bookingOffset: 5 })).toBe(true);
    expect(ok({ bookingOffset: 6 })).toBe(false);
  });
  it('auto-lock minutes as text, 0–1440, normalised', () => {
    expect(siteSettingsUpdate.parse({ autoLock: '015' }).autoLock).toBe('15');
    expect(ok({ autoLock: '1440' })).toBe(true);
    expect(ok({ autoLock: '1441' })).toBe(false);
    expect(ok({ autoLock: '-1' })).toBe(false);
  });
  it('currency must be a known ISO 4217 code', () => {
    expect(ok({ currency: 'CZK' })).toBe(true);
    expect(ok({ currency: 'ABC' })).toBe(false);
  });
});

describe('public profile website (spec §5)', () => {
  it("adds 'https://' when there is no scheme and keeps one that is there", () => {
    expect(normalizeWebsite(' golf.example.com ')).toBe('https://golf.example.com');
    expect(normalizeWebsite('http://golf.example.com')).toBe('http://golf.example.com');
    expect(normalizeWebsite('')).toBe('');
  });
  it('requires a display name and a web address that is one', () => {
    expect(publicProfileUpdate.safeParse({ name: '' }).success).toBe(false);
    expect(publicProfileUpdate.safeParse({ website: 'golf club' }).success).toBe(false);
    expect(publicProfileUpdate.safeParse({ website: 'ftp://golf.example.com' }).success).toBe(false);
    expect(publicProfileUpdate.parse({ website: 'golf.example.com' }).website).toBe(
      'https://golf.example.com',
    );
  });
});
