import {
  AUTO_LOCK_OFF,
  OVERRUN_GRACE_MAX_MINUTES,
  isOnTimeStep,
  randomCode,
  SCHEDULED_LOCK_OFF,
  SITE_LANGS,
  SITE_LIMITS,
  siteSettingsUpdate,
  type SiteLang,
  type SiteSettingsUpdate,
  type SiteView,
} from '@fairway/domain';
import { z } from 'zod';
import { i18n } from '../../../lib/i18n';

/**
 * The General settings form (spec §2 Settings, §4 toggles, §5 validation). Its rules are the domain's
 * `siteSettingsUpdate` pieces, so what the form lets through is what PATCH /sites accepts; the form adds
 * what the API expresses through values rather than fields: the scheduled-lock and auto-lock switches
 * (off = '00:00' / '0') and "required while WiFi is on".
 */

/** Switching the scheduled lock on when none was saved proposes a typical end of the golfing day. */
export const PROPOSED_LOCK_FROM = '22:00';

/** What the form edits: switches as booleans, numbers as typed text, the lock time as the picker's Date. */
export interface GeneralSettingsValues {
  /** '' when the site speaks none of the four languages yet */
  lang: SiteLang | '';
  wifiEnabled: boolean;
  wifiSSID: string;
  wifiPassword: string;
  scheduledLock: boolean;
  /** null while no time is chosen (the site has no scheduled lock) */
  lockFrom: Date | null;
  autoLockOn: boolean;
  autoLockMinutes: string;
  roundTimeout: string;
  /** minutes past a ride's service before staff are alerted (issue 23), as typed */
  overrunGraceMinutes: string;
  recoveryMode: boolean;
  /** '' = no master code */
  masterUnlock: string;
}

/** The site fields the form covers, in the API's own types. */
export type GeneralSettings = Required<
  Pick<
    SiteSettingsUpdate,
    | 'lang'
    | 'wifiEnabled'
    | 'wifiSSID'
    | 'wifiPassword'
    | 'lockFrom'
    | 'autoLock'
    | 'roundTimeout'
    | 'overrunGraceMinutes'
    | 'recoveryMode'
    | 'masterUnlock'
  >
>;
type GeneralSettingKey = keyof GeneralSettings;
const GENERAL_SETTING_KEYS: readonly GeneralSettingKey[] = [
  'lang',
  'wifiEnabled',
  'wifiSSID',
  'wifiPassword',
  'lockFrom',
  'autoLock',
  'roundTimeout',
  'overrunGraceMinutes',
  'recoveryMode',
  'masterUnlock',
];

/** A 'HH:mm' as today's Date at that time, which is what the time picker holds. */
export function timeToDate(time: string): Date {
  const date = new Date();
  date.setHours(Number(time.slice(0, 2)), Number(time.slice(3, 5)), 0, 0);
  return date;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');
/** The picker's Date as 'HH:mm' (its day does not matter). */
export const dateToTime = (date: Date): string =>
  `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
// An invalid Date is what the picker gives for a time typed only partly.
const isValidDate = (date: Date): boolean => !Number.isNaN(date.getTime());

const isSiteLang = (value: string): value is SiteLang => (SITE_LANGS as readonly string[]).includes(value);

export function generalSettingsValues(site: SiteView): GeneralSettingsValues {
  const scheduledLock = site.lockFrom !== SCHEDULED_LOCK_OFF;
  const autoLockOn = site.autoLock !== AUTO_LOCK_OFF;
  return {
    lang: isSiteLang(site.lang) ? site.lang : '',
    wifiEnabled: site.wifiEnabled === '1',
    wifiSSID: site.wifiSSID,
    wifiPassword: site.wifiPassword,
    scheduledLock,
    lockFrom: scheduledLock ? timeToDate(site.lockFrom) : null,
    autoLockOn,
    autoLockMinutes: autoLockOn ? site.autoLock : '',
    roundTimeout: String(site.roundTimeout),
    overrunGraceMinutes: String(site.overrunGraceMinutes),
    recoveryMode: site.recoveryMode,
    masterUnlock: site.masterUnlock ?? '',
  };
}

/** The lock time to show when the scheduled lock is switched on: the one chosen before, or 22:00. */
export const lockFromWhenSwitchedOn = (current: Date | null): Date =>
  current ?? timeToDate(PROPOSED_LOCK_FROM);

/** Spec §9: a generated code is random from 100000 to 999999. */
export const generateMasterCode = (): string => randomCode();

const domain = siteSettingsUpdate.shape;
const siteLang = domain.lang.unwrap();
const WHOLE_NUMBER = /^\d+$/;

type Issue = { path: [keyof GeneralSettingsValues]; message: string };
const issue = (field: keyof GeneralSettingsValues, message: string): Issue => ({ path: [field], message });

/**
 * The minutes fields take text (an empty field must stay empty, not become 0): whole numbers only, within
 * the domain's range. Messages are translated here because they carry the limits.
 */
function minutesIssue(
  field: 'autoLockMinutes' | 'roundTimeout' | 'overrunGraceMinutes',
  value: string,
  min: number,
  max: number,
): Issue | null {
  if (value.trim() === '') return issue(field, i18n.t('validation.required'));
  if (!WHOLE_NUMBER.test(value.trim())) return issue(field, i18n.t('settings.validation.wholeMinutes'));
  const minutes = Number(value);
  if (minutes < min || minutes > max)
    return issue(field, i18n.t('settings.validation.minutesRange', { min, max }));
  return null;
}

function lockFromIssue(lockFrom: Date | null): Issue | null {
  if (lockFrom === null) return issue('lockFrom', i18n.t('validation.required'));
  if (!isValidDate(lockFrom)) return issue('lockFrom', i18n.t('settings.validation.time'));
  const time = dateToTime(lockFrom);
  if (!isOnTimeStep(time)) return issue('lockFrom', i18n.t('settings.validation.timeStep'));
  // '00:00' is how the API says "no scheduled lock", so a lock at midnight cannot be saved as one.
  if (time === SCHEDULED_LOCK_OFF) return issue('lockFrom', i18n.t('settings.validation.midnight'));
  return null;
}

function masterCodeIssue(code: string): Issue | null {
  if (code === '') return null;
  if (!WHOLE_NUMBER.test(code)) return issue('masterUnlock', i18n.t('settings.validation.numbersOnly'));
  if (!domain.masterUnlock.safeParse(code).success)
    return issue('masterUnlock', i18n.t('settings.validation.sixDigits'));
  return null;
}

/** Switches off hide their field's rule: auto-lock off saves '0' whatever the minutes field holds. */
export const generalSettingsForm = z
  .object({
    lang: z.union([z.literal(''), siteLang]),
    wifiEnabled: z.boolean(),
    wifiSSID: domain.wifiSSID.unwrap(),
    wifiPassword: domain.wifiPassword.unwrap(),
    scheduledLock: z.boolean(),
    lockFrom: z.date().nullable(),
    autoLockOn: z.boolean(),
    autoLockMinutes: z.string(),
    roundTimeout: z.string(),
    overrunGraceMinutes: z.string(),
    recoveryMode: z.boolean(),
    masterUnlock: z.string(),
  })
  .superRefine((form, ctx) => {
    const issues: (Issue | null)[] = [
      form.lang === '' ? issue('lang', i18n.t('validation.required')) : null,
      minutesIssue('roundTimeout', form.roundTimeout, 0, SITE_LIMITS.roundTimeoutMax),
      minutesIssue('overrunGraceMinutes', form.overrunGraceMinutes, 0, OVERRUN_GRACE_MAX_MINUTES),
      masterCodeIssue(form.masterUnlock),
    ];
    if (form.wifiEnabled) {
      // The server's rule: an SSID of spaces is no SSID; a password is taken as typed.
      if (form.wifiSSID.trim() === '') issues.push(issue('wifiSSID', i18n.t('validation.required')));
      if (form.wifiPassword === '') issues.push(issue('wifiPassword', i18n.t('validation.required')));
    }
    if (form.scheduledLock) issues.push(lockFromIssue(form.lockFrom));
    if (form.autoLockOn)
      issues.push(minutesIssue('autoLockMinutes', form.autoLockMinutes, 1, SITE_LIMITS.autoLockMax));
    for (const found of issues) if (found) ctx.addIssue({ code: 'custom', ...found });
  })
  .transform((form): GeneralSettings => ({
    // Refined above: '' never gets here.
    lang: siteLang.parse(form.lang),
    wifiEnabled: form.wifiEnabled ? '1' : '0',
    wifiSSID: form.wifiSSID,
    wifiPassword: form.wifiPassword,
    lockFrom: form.scheduledLock && form.lockFrom ? dateToTime(form.lockFrom) : SCHEDULED_LOCK_OFF,
    autoLock: form.autoLockOn ? String(Number(form.autoLockMinutes)) : AUTO_LOCK_OFF,
    roundTimeout: Number(form.roundTimeout),
    overrunGraceMinutes: Number(form.overrunGraceMinutes),
    recoveryMode: form.recoveryMode,
    masterUnlock: form.masterUnlock === '' ? null : form.masterUnlock,
  }));

/** Only the settings that differ from the saved site: the PATCH's `updateData`. */
export function changedSettings(site: SiteView, settings: GeneralSettings): SiteSettingsUpdate {
  const changes: Record<string, unknown> = {};
  for (const key of GENERAL_SETTING_KEYS) if (settings[key] !== site[key]) changes[key] = settings[key];
  return changes as SiteSettingsUpdate;
}
