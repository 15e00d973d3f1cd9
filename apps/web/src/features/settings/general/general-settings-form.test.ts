import type { SiteView } from '@fairway/domain';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n';
import { makeSite } from '../../commands/testing/fixtures';
import {
  changedSettings,
  generalSettingsForm,
  generalSettingsValues,
  timeToDate,
  type GeneralSettingsValues,
} from './general-settings-form';

const submit = (site: SiteView, edit: Partial<GeneralSettingsValues> = {}) =>
  changedSettings(site, generalSettingsForm.parse({ ...generalSettingsValues(site), ...edit }));

describe('general settings form', () => {
  it.each([
    ['all off', makeSite()],
    [
      'all on',
      makeSite({
        lang: 'da',
        wifiEnabled: '1',
        wifiSSID: 'Clubhouse',
        wifiPassword: 'pw',
        lockFrom: '21:45',
        autoLock: '1440',
        roundTimeout: 600,
        recoveryMode: true,
        masterUnlock: '100000',
      }),
    ],
  ])('changes nothing when submitted untouched (%s)', (_name, site) => {
    expect(submit(site)).toEqual({});
  });

  it("saves switches off as the API's 'off' values, whatever their fields hold", () => {
    const site = makeSite({ lockFrom: '21:45', autoLock: '15' });
    expect(submit(site, { scheduledLock: false, autoLockOn: false, autoLockMinutes: '99' })).toEqual({
      lockFrom: '00:00',
      autoLock: '0',
    });
  });

  it('sends minutes as the API stores them and an empty master code as none', () => {
    const site = makeSite({ masterUnlock: '424242', autoLock: '0' });
    expect(
      submit(site, { autoLockOn: true, autoLockMinutes: '030', roundTimeout: ' 45 ', masterUnlock: '' }),
    ).toEqual({ autoLock: '30', roundTimeout: 45, masterUnlock: null });
  });

  it('refuses a lock time off the 5-minute steps and midnight, which means no lock', () => {
    const values = { ...generalSettingsValues(makeSite()), scheduledLock: true };
    const messageFor = (time: string) =>
      generalSettingsForm.safeParse({ ...values, lockFrom: timeToDate(time) }).error?.issues[0]?.message;
    expect(messageFor('21:47')).toBe('Times must be in 5-minute steps');
    expect(messageFor('00:00')).toBe('00:00 means no scheduled lock; choose another time');
    expect(messageFor('21:50')).toBeUndefined();
  });

  it('leaves the language empty for a site that speaks none of the four, and requires one', () => {
    const values = generalSettingsValues(makeSite({ lang: 'fr' }));
    expect(values.lang).toBe('');
    expect(generalSettingsForm.safeParse(values).error?.issues[0]?.path).toEqual(['lang']);
  });
});
