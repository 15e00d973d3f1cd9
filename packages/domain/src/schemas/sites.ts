import { z } from 'zod';
import { hhmm, id, latLongString } from './common';

export const openingHoursDay = z.object({ openTime: hhmm, closeTime: hhmm }).nullable();
/** Seven entries, weekday 0 (Sunday) to 6 (Saturday); null = closed. */
export const openingHours = z.array(openingHoursDay).length(7);

export const siteView = z.object({
  _id: id,
  name: z.string(),
  country: z.string(),
  currency: z.string(),
  centerLatLong: z.string(),
  timezone: z.string(),
  devices: z.number().int(),
  openingHours,
  bookingOffset: z.number().int(),
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
  keyless: z.boolean(),
  keypadEnabled: z.boolean(),
  membersModule: z.boolean(),
  scanToRideToggle: z.boolean(),
  trailPoints: z.number().int(),
  minRideDuration: z.number().int(),
  staging: z.boolean(),
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

/** Fields an operator may change on their own site (dashboard PATCH /sites). */
export const siteSettingsUpdate = z
  .object({
    lang: z.string().min(2).max(5),
    autoLock: z.string().regex(/^\d+$/),
    lockFrom: hhmm,
    roundTimeout: z.number().int().min(0).max(1440),
    wifiEnabled: z.enum(['0', '1']),
    wifiSSID: z.string().max(33, { message: 'At most 33 characters' }),
    wifiPassword: z.string().max(33, { message: 'At most 33 characters' }),
    recoveryMode: z.boolean(),
    masterUnlock: z
      .string()
      .regex(/^\d{6}$/, { message: 'Code must be 6 digits' })
      .nullable(),
    openingHours,
    bookingOffset: z.number().int().min(0).max(120),
  })
  .partial()
  .strict();

export const dashboardSitePatch = z.object({
  updateData: siteSettingsUpdate,
  publish: z.boolean().optional(),
});

/** Fields a superadmin sets when creating or editing any site (admin /sites). */
export const adminSiteFields = z.object({
  name: z.string().trim().min(1, { message: 'This field is required' }).max(120),
  country: z.string().trim().min(2, { message: 'This field is required' }).max(60),
  currency: z.string().regex(/^[A-Z]{3}$/, { message: 'Currency must be an ISO 4217 code' }),
  centerLatLong: latLongString,
  timezone: z.string().min(1, { message: 'This field is required' }),
  keyless: z.boolean(),
  keypadEnabled: z.boolean(),
  membersModule: z.boolean(),
  scanToRideToggle: z.boolean(),
  bookingIntegration: z.boolean(),
  trailPoints: z.number().int().min(0).max(10_000),
  minRideDuration: z.number().int().min(0).max(600),
});
export const adminSiteCreate = adminSiteFields.partial().required({
  name: true,
  country: true,
  currency: true,
  centerLatLong: true,
  timezone: true,
});
export const adminSitePatch = z.object({
  updateData: adminSiteFields.partial().extend(siteSettingsUpdate.shape).partial().strict(),
  publish: z.boolean().optional(),
});
