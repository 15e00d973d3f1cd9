import { z } from 'zod';
import { isCurrencyCode } from '../catalogues/currencies';
import { isTimeZone } from '../catalogues/time-zones';
import { OVERRUN_GRACE_MAX_MINUTES } from '../rules/ride-overrun';
import { hhmm, id, isOnTimeStep, latLongString, windowEnd } from './common';
import { safeText } from './text';

/**
 * Sites and their settings: spec §2 Settings (general, booking, public profile), §3 Site, §4 Settings
 * toggles, §5 (WiFi, lock, opening hours, public profile, site), §7 /sites.
 */

/** The languages a site (its poster, member emails, carts' screens) can speak; the web app's four. */
export const SITE_LANGS = ['en', 'de', 'da', 'cs'] as const;
export type SiteLang = (typeof SITE_LANGS)[number];

export const SITE_LIMITS = {
  /** spec §9: site WiFi max 33 */
  wifiMax: 33,
  /** minutes; a day at most */
  autoLockMax: 1440,
  roundTimeoutMax: 1440,
  /** spec §9: booking offset slider 0 to 120, step 5 */
  bookingOffsetMax: 120,
  bookingOffsetStep: 5,
  /** minutes a cart stays unbookable after a booking (cleaning, charging); issue 17, step 5 */
  bookingTurnaroundMax: 120,
  profileNameMax: 80,
  profileDescriptionMax: 2000,
  profileTermsMax: 20_000,
  websiteMax: 300,
  addressFieldMax: 120,
  /** spec §5: image upload under 2 MB (2097152 bytes) */
  imageMaxBytes: 2_097_152,
} as const;

const required = { message: 'This field is required' };
const timeStep = (time: string) => isOnTimeStep(time);

/** One weekday's hours, 5-minute steps, open before close; close may be 24:00. null = closed. */
export const openingHoursDay = z
  .object({ openTime: hhmm, closeTime: windowEnd })
  .superRefine((day, ctx) => {
    for (const key of ['openTime', 'closeTime'] as const)
      if (!timeStep(day[key]))
        ctx.addIssue({ code: 'custom', path: [key], message: 'Times must be in 5-minute steps' });
    if (day.openTime >= day.closeTime)
      ctx.addIssue({ code: 'custom', path: ['closeTime'], message: 'Opening must be before closing' });
  })
  .nullable();
export type OpeningHoursDay = z.infer<typeof openingHoursDay>;
/** Seven entries, weekday 0 (Sunday) to 6 (Saturday); null = closed. */
export const openingHours = z.array(openingHoursDay).length(7, { message: 'Seven days are needed' });
export type OpeningHours = z.infer<typeof openingHours>;

export const publicProfileAddress = z.object({
  street: z.string(),
  city: z.string(),
  postcode: z.string(),
  country: z.string(),
});

export const publicProfileView = z.object({
  active: z.boolean(),
  name: z.string(),
  description: z.string(),
  termsAndConditions: z.string(),
  website: z.string(),
  logoUrl: z.string().nullable(),
  coverPhotoUrl: z.string().nullable(),
  address: publicProfileAddress,
});
export type PublicProfileView = z.infer<typeof publicProfileView>;

/** Spec §5: 'https://' is prefixed when a website has no scheme. */
export function normalizeWebsite(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  return /^[a-z][a-z\d+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

const isWebUrl = (value: string) => {
  if (value === '') return true;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
};

const optionalText = (max: number, multiline = false) =>
  safeText({ multiline })
    .trim()
    .max(max, { message: `At most ${max} characters` });

/** The summary dialog's fields; the Active switch and the images have their own calls. */
export const publicProfileUpdate = z
  .object({
    active: z.boolean(),
    name: safeText()
      .trim()
      .min(1, required)
      .max(SITE_LIMITS.profileNameMax, { message: `At most ${SITE_LIMITS.profileNameMax} characters` }),
    description: optionalText(SITE_LIMITS.profileDescriptionMax, true),
    termsAndConditions: optionalText(SITE_LIMITS.profileTermsMax, true),
    website: optionalText(SITE_LIMITS.websiteMax)
      .transform(normalizeWebsite)
      .refine(isWebUrl, { message: 'Please enter a valid website address' }),
    address: z
      .object({
        street: optionalText(SITE_LIMITS.addressFieldMax),
        city: optionalText(SITE_LIMITS.addressFieldMax),
        postcode: optionalText(SITE_LIMITS.addressFieldMax),
        country: optionalText(SITE_LIMITS.addressFieldMax),
      })
      .partial(),
  })
  .partial()
  .strict();

export const REVENUE_SHARE_METHODS = ['percentage', 'fixed'] as const;

/** The payment provider account (spec §3 stripeConfig); amounts in minor units (200 = 2.00). */
export const stripeConfigView = z.object({
  accountId: z.string().nullable(),
  accountActive: z.boolean(),
  revenueShareMethod: z.enum(REVENUE_SHARE_METHODS),
  percentage: z.number(),
  fixedFee: z.number().int(),
  /** added to every card payment for a ride, minor units (spec §9 "price plus an unlock fee") */
  unlockFee: z.number().int(),
});
export type StripeConfigView = z.infer<typeof stripeConfigView>;

/**
 * The settings a cart runs on, which reach it only by publishing (spec §2: "Settings have unpublished
 * changes until published"). Everything else on a site (opening hours, booking offset, prices, profile)
 * is the server's to apply and takes effect when saved.
 */
export const DEVICE_SETTING_KEYS = [
  'wifiEnabled',
  'wifiSSID',
  'wifiPassword',
  'autoLock',
  'lockFrom',
  'roundTimeout',
  'recoveryMode',
  'masterUnlock',
  'timezone',
] as const;
export type DeviceSettingKey = (typeof DEVICE_SETTING_KEYS)[number];

export const siteView = z.object({
  _id: id,
  name: z.string(),
  country: z.string(),
  currency: z.string(),
  centerLatLong: z.string(),
  timezone: z.string(),
  devices: z.number().int(),
  openingHours: z.array(z.object({ openTime: z.string(), closeTime: z.string() }).nullable()),
  bookingOffset: z.number().int(),
  /** minutes a cart stays unbookable after each booking (issue 17) */
  bookingTurnaround: z.number().int(),
  bookingIntegration: z.boolean(),
  autoLock: z.string(),
  lockFrom: z.string(),
  roundTimeout: z.number().int(),
  lang: z.string(),
  wifiEnabled: z.enum(['0', '1']),
  wifiSSID: z.string(),
  wifiPassword: z.string(),
  recoveryMode: z.boolean(),
  masterUnlock: z.string().nullable(),
  logo: z.string().nullable(),
  cover: z.string().nullable(),
  keyless: z.boolean(),
  keypadEnabled: z.boolean(),
  membersModule: z.boolean(),
  scanToRideToggle: z.boolean(),
  trailPoints: z.number().int(),
  minRideDuration: z.number().int(),
  /** publishes the site's open GBFS v3.0 feed at /api/gbfs/{siteId}/gbfs.json (issue 23) */
  gbfsEnabled: z.boolean(),
  /** minutes past a ride's service duration before staff are alerted that it is overdue (issue 23) */
  overrunGraceMinutes: z.number().int(),
  staging: z.boolean(),
  publicProfile: publicProfileView,
  stripeConfig: stripeConfigView,
  /** Device settings saved but not yet published to the carts; empty when the carts run what is saved. */
  unpublishedChanges: z.array(z.enum(DEVICE_SETTING_KEYS)),
});
export type SiteView = z.infer<typeof siteView>;

export const siteListItem = siteView.pick({
  _id: true,
  name: true,
  centerLatLong: true,
  timezone: true,
  currency: true,
});
export type SiteListItem = z.infer<typeof siteListItem>;

/** What an anonymous guest may know about a club (GET /api/guest/sites/:id): the site page, nothing operational. */
export const publicSite = z.object({
  _id: id,
  name: z.string(),
  centerLatLong: z.string(),
  timezone: z.string(),
  currency: z.string(),
  openingHours,
  keypadEnabled: z.boolean(),
  scanToRideToggle: z.boolean(),
  bookingIntegration: z.boolean(),
  /** the public profile's name, else the site's: the portal's header */
  displayName: z.string(),
  logoUrl: z.string().nullable(),
  /** spec §2 Site home: an active public profile shows 'book and pay online' instead of the code cards */
  publicProfileActive: z.boolean(),
  /** where 'Pay Online' opens (the public profile's website); '' when none */
  bookingAppUrl: z.string(),
  /** minutes after a booking's start from which its code unlocks (spec §4 Booking unlock) */
  bookingOffset: z.number().int(),
});
export type PublicSite = z.infer<typeof publicSite>;

const wifiText = safeText().max(SITE_LIMITS.wifiMax, {
  message: `At most ${SITE_LIMITS.wifiMax} characters`,
});
const minutes = (max: number) =>
  z
    .number({ message: 'Enter a number' })
    .int({ message: 'Whole minutes only' })
    .min(0, { message: 'Minutes cannot be negative' })
    .max(max, { message: `At most ${max} minutes` });

export const currencyCode = z
  .string()
  .refine(isCurrencyCode, { message: 'Currency must be an ISO 4217 code' });
export const timeZoneName = z.string().min(1, required).refine(isTimeZone, { message: 'Unknown time zone' });

/** Fields an operator may change on their own site (dashboard PATCH /sites). */
export const siteSettingsUpdate = z
  .object({
    lang: z.enum(SITE_LANGS, { message: 'Choose a language' }),
    /** minutes as text, '0' = off (spec §4) */
    autoLock: z
      .string()
      .regex(/^\d{1,4}$/, { message: 'Numbers only' })
      .refine((value) => Number(value) <= SITE_LIMITS.autoLockMax, {
        message: `At most ${SITE_LIMITS.autoLockMax} minutes`,
      })
      .transform((value) => String(Number(value))),
    /** '00:00' = no scheduled lock (spec §4) */
    lockFrom: hhmm,
    roundTimeout: minutes(SITE_LIMITS.roundTimeoutMax),
    /** issue 23: applied by the server's overrun sweep at once, no publishing */
    overrunGraceMinutes: minutes(OVERRUN_GRACE_MAX_MINUTES),
    wifiEnabled: z.enum(['0', '1']),
    wifiSSID: wifiText,
    wifiPassword: wifiText,
    recoveryMode: z.boolean(),
    /** issue 23: the open GBFS feed; served (or 404) from the next request on, no publishing */
    gbfsEnabled: z.boolean(),
    masterUnlock: z
      .string()
      .regex(/^\d{6}$/, { message: 'Code must be 6 digits' })
      .nullable(),
    openingHours,
    bookingOffset: z
      .number({ message: 'Enter a number' })
      .int()
      .min(0)
      .max(SITE_LIMITS.bookingOffsetMax)
      .refine((value) => value % SITE_LIMITS.bookingOffsetStep === 0, {
        message: `Booking offset must be in ${SITE_LIMITS.bookingOffsetStep}-minute steps`,
      }),
    bookingTurnaround: z
      .number({ message: 'Enter a number' })
      .int()
      .min(0)
      .max(SITE_LIMITS.bookingTurnaroundMax)
      .refine((value) => value % SITE_LIMITS.bookingOffsetStep === 0, {
        message: `Turnaround must be in ${SITE_LIMITS.bookingOffsetStep}-minute steps`,
      }),
    currency: currencyCode,
    publicProfile: publicProfileUpdate,
  })
  .partial()
  .strict();
export type SiteSettingsUpdate = z.input<typeof siteSettingsUpdate>;

/** `publish` puts the device settings into every cart's config (with the changes, if any). */
export const dashboardSitePatch = z.object({
  updateData: siteSettingsUpdate.default({}),
  publish: z.boolean().optional(),
});
export type DashboardSitePatch = z.input<typeof dashboardSitePatch>;

/** Fields a superadmin sets when creating or editing any site (admin /sites). */
export const adminSiteFields = z.object({
  name: safeText().trim().min(1, required).max(120),
  country: safeText().trim().min(2, required).max(60),
  currency: currencyCode,
  centerLatLong: latLongString,
  timezone: timeZoneName,
  keyless: z.boolean(),
  keypadEnabled: z.boolean(),
  membersModule: z.boolean(),
  scanToRideToggle: z.boolean(),
  bookingIntegration: z.boolean(),
  trailPoints: z.number().int().min(0).max(10_000),
  minRideDuration: z.number().int().min(0).max(600),
  revenueShareMethod: z.enum(REVENUE_SHARE_METHODS, { message: 'Item is required' }),
  /** percent of each payment the platform keeps */
  revenueSharePercentage: z.number().min(0).max(100),
  /** minor units per payment (200 = 2.00) */
  revenueShareFixedFee: z.number().int().min(0).max(1_000_000),
  /** minor units added to each card payment for a ride */
  unlockFee: z.number().int().min(0).max(1_000_000),
});
export const adminSiteCreate = adminSiteFields.partial().required({
  name: true,
  country: true,
  currency: true,
  centerLatLong: true,
  timezone: true,
});
export const adminSitePatch = z.object({
  updateData: adminSiteFields.partial().extend(siteSettingsUpdate.shape).partial().strict().default({}),
  publish: z.boolean().optional(),
});

/** POST /sites/stripe/onboard: where the browser goes next; the provider returns it to /settings/booking. */
export const onboardBody = z.object({}).strict();
export const onboardAnswer = z.object({ url: z.string() });

/** POST /sites/logo, /sites/cover: the image's public address. */
export const imageUploadAnswer = z.object({ url: z.string() });
