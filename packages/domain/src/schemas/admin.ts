import { z } from 'zod';
import { ROLES, type Role } from '../roles';
import { LIMITS } from '../limits';
import { account } from './auth';
import { email, id } from './common';
import { pagination } from './devices';
import { SITE_LANGS } from './sites';
import { safeText } from './text';

/**
 * The admin console's calls (spec §2 Admin area, §3 Client/Activity entry/Profile, §7 Admin): users and
 * invites, the platform dashboard, the activity viewer, guest-app profiles and the support-tool export.
 * API clients and the client API are in `api-clients.ts`. Every call here is superadmin only (spec §6).
 */

const instant = z.iso.datetime({ offset: true });

/** Spec §9: admin lists page by 20; the tables offer 20, 50, 100 and All (-1). */
export const ADMIN_PAGE_SIZES = [20, 50, 100, -1] as const;
export const ADMIN_PAGE_SIZE = 20;
const pageQuery = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(ADMIN_PAGE_SIZE),
};

// ---------------------------------------------------------------------------------------------------------
// Users and invites (moved here from the server so the console shares them)

/** Roles a superadmin may give: every role except the anonymous guest. */
export const ASSIGNABLE_ROLES = ROLES.filter((role): role is Exclude<Role, 'guest'> => role !== 'guest');
export const assignableRole = z.enum(
  ASSIGNABLE_ROLES as [Exclude<Role, 'guest'>, ...Exclude<Role, 'guest'>[]],
  { message: `Role must be one of ${ASSIGNABLE_ROLES.join(', ')}` },
);

/** Spec §9: invite languages; the invite mail is written in the invitee's language. */
export const INVITE_LANGS = SITE_LANGS;

export const newPassword = z
  .string()
  .min(LIMITS.passwordMinLength, {
    message: `Password must be at least ${LIMITS.passwordMinLength} characters`,
  })
  .max(LIMITS.passwordMaxLength);

/** An admin sees a user as the user sees their own account. */
export const userView = account;
export type UserView = z.infer<typeof userView>;

export const adminUpdateUserBody = z
  .object({
    email: email.optional(),
    role: assignableRole.optional(),
    password: newPassword.optional(),
    sites: z.array(id).max(1000).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Give at least one of email, role, password or sites',
  });
export type AdminUpdateUserBody = z.infer<typeof adminUpdateUserBody>;

export const inviteView = z.object({
  _id: id,
  email: z.string(),
  role: z.enum(ROLES),
  sites: z.array(id),
  lang: z.string(),
  token: z.string(),
  /** The registration link the invite mail carries; the console copies it to the clipboard. */
  link: z.string(),
  sentAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type InviteView = z.infer<typeof inviteView>;

export const createInviteBody = z.object({
  email,
  role: assignableRole,
  lang: z.enum(INVITE_LANGS, { message: `Language must be one of ${INVITE_LANGS.join(', ')}` }).default('en'),
  sites: z.array(id).max(1000).default([]),
});
export type CreateInviteBody = z.input<typeof createInviteBody>;

/**
 * POST /api/admin/users/support-export: the spec's "Sync" button (Crisp there). Fairway exports every user
 * as a contact to the configured support directory (docs/decisions.md says which provider runs here).
 */
export const supportExportAnswer = z.object({
  /** which directory took the contacts, e.g. 'local' or 'crisp' */
  provider: z.string(),
  exported: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
});
export type SupportExportAnswer = z.infer<typeof supportExportAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Platform dashboard (GET /api/admin/dashboard)

/** IANA zone the browser buckets its date range in; defaults to UTC. */
const zoneName = z
  .string()
  .min(1)
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Unknown time zone' },
  );

export const adminDashboardQuery = z
  .object({
    /** absent = All Sites */
    siteId: id.optional(),
    from: instant,
    to: instant,
    timeZone: zoneName.default('UTC'),
  })
  .refine((query) => Date.parse(query.from) < Date.parse(query.to), {
    message: 'The range must end after it starts',
    path: ['to'],
  });
export type AdminDashboardQuery = z.input<typeof adminDashboardQuery>;

/** Buckets are days for ranges up to 92 days, months beyond (an "All time" range stays readable). */
export const DASHBOARD_BUCKETS = ['day', 'month'] as const;
export type DashboardBucket = (typeof DASHBOARD_BUCKETS)[number];

/** One bucket of a series: `date` is the bucket's first day (YYYY-MM-DD) in the query's time zone. */
export const countPoint = z.object({ date: z.iso.date(), count: z.number().int() });
export const amountPoint = z.object({
  date: z.iso.date(),
  currency: z.string(),
  /** minor units */
  amount: z.number().int(),
});

export const dashboardSiteDevices = z.object({
  _id: id,
  name: z.string(),
  /** 'lat, long' as the site stores it */
  centerLatLong: z.string(),
  online: z.number().int(),
  offline: z.number().int(),
});

export const dashboardCart = z.object({
  _id: id,
  carNumber: z.string(),
  siteId: id,
  online: z.boolean(),
  /** last reported position, null when the cart never reported one */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});

export const adminDashboardView = z.object({
  bucket: z.enum(DASHBOARD_BUCKETS),
  devices: z.object({
    online: z.number().int(),
    offline: z.number().int(),
    /** one entry per site in scope (the map's markers for All Sites) */
    sites: z.array(dashboardSiteDevices),
    /** the carts' positions, only when one site is selected */
    carts: z.array(dashboardCart),
  }),
  profiles: z.object({
    /** profiles that exist (for a site: linked to one of its members) */
    total: z.number().int(),
    /** created in the range */
    created: z.number().int(),
    series: z.array(countPoint),
  }),
  bookings: z.object({
    /** guest bookings (not maintenance blocks) starting in the range, cancelled ones excluded */
    total: z.number().int(),
    cancelled: z.number().int(),
    series: z.array(countPoint),
  }),
  payments: z.object({
    /** succeeded payments in the range */
    count: z.number().int(),
    /** sums per currency, minor units */
    totals: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
    series: z.array(amountPoint),
  }),
});
export type AdminDashboardView = z.infer<typeof adminDashboardView>;

// ---------------------------------------------------------------------------------------------------------
// Activity viewer (GET, DELETE /api/admin/activity)

/**
 * What the activity table holds, as the server writes it (docs/activity-log.md says when each is written
 * and with which data): cart connections, commands and their outcome, MQTT refusals, keypad and RFID use
 * and refused codes, zone crossings, a site's course layout saved.
 */
export const ACTIVITY_TYPES = [
  'device_connected',
  'device_disconnected',
  'command_sent',
  'command_acknowledged',
  'command_failed',
  'command_expired',
  'auth_refused',
  'keypad_unlock',
  'rfid_unlock',
  'code_refused',
  'zone_enter',
  'zone_exit',
  'course_updated',
  'webhook_disabled',
  'damage_reported',
  'damage_report_resolved',
  'admin_booking_updated',
  'admin_booking_cancelled',
  'admin_checkout_ended',
  'admin_payment_deleted',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const activityQuery = z.object({
  siteId: id.optional(),
  deviceId: id.optional(),
  startDate: instant.optional(),
  endDate: instant.optional(),
  /** matched against the message, case-insensitive */
  q: safeText().trim().max(100).optional(),
  ...pageQuery,
});
export type ActivityQuery = z.input<typeof activityQuery>;

/** Spec §3 Activity entry: _id, date, message, device {carNumber}, data {csq, wifiSignal, conType}. */
export const activityEntryView = z.object({
  _id: id,
  date: instant,
  type: z.string(),
  message: z.string(),
  site: id.nullable(),
  device: z.object({ _id: id, carNumber: z.string() }).nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type ActivityEntryView = z.infer<typeof activityEntryView>;

export const activityPage = z.object({ data: z.array(activityEntryView), pagination });
export type ActivityPage = z.infer<typeof activityPage>;

/** DELETE /api/admin/activity: one cart's log, or a site's; one of the two is required. */
export const clearActivityQuery = z
  .object({ deviceId: id.optional(), siteId: id.optional() })
  .refine((query) => query.deviceId !== undefined || query.siteId !== undefined, {
    message: 'Choose a cart or a site whose log to clear',
  });
export const clearActivityAnswer = z.object({ deleted: z.number().int() });

// ---------------------------------------------------------------------------------------------------------
// Guest-app profiles (GET, POST /api/admin/profiles; PATCH, DELETE /profiles/{id}; POST /profiles/bulk)

const profileName = safeText().trim().max(80);

/** Spec §3 Profile. */
export const profileView = z.object({
  _id: id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  defaultPaymentMethod: z.string().nullable(),
  /** members (of any site) linked to this profile */
  linkedMembers: z.number().int(),
  createdAt: instant,
  updatedAt: instant,
});
export type ProfileView = z.infer<typeof profileView>;

export const profilesQuery = z.object({
  q: safeText().trim().max(100).optional(),
  ...pageQuery,
});
export const profilesPage = z.object({ data: z.array(profileView), pagination });
export type ProfilesPage = z.infer<typeof profilesPage>;

export const profileBody = z.object({
  firstName: profileName.default(''),
  lastName: profileName.default(''),
  email,
  defaultPaymentMethod: safeText().trim().max(100).nullable().default(null),
});
export type ProfileBody = z.input<typeof profileBody>;

/** Only the fields sent change (`profileBody.partial()` would still fill in its defaults and blank them). */
export const profilePatchBody = z
  .object({
    firstName: profileName.optional(),
    lastName: profileName.optional(),
    email: email.optional(),
    defaultPaymentMethod: safeText().trim().max(100).nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Give at least one of firstName, lastName, email or defaultPaymentMethod',
  });

/** POST /profiles/bulk {ids}: deletes them (their members are unlinked, not deleted). */
export const profilesBulkBody = z.object({ ids: z.array(id).min(1).max(1000) });
export const profilesBulkAnswer = z.object({ deleted: z.number().int() });
