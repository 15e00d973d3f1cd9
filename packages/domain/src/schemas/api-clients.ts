import { z } from 'zod';
import { BOOKING_LIMITS, BOOKING_STATUSES, dateString } from './bookings';
import { email, id } from './common';
import { safeText } from './text';

/**
 * API clients (spec §3 Client: _id, name, apiKey, usage {count, date}) and the client API that booking
 * systems call with a client's key. A key is shown once, when it is made; the server keeps its SHA-256.
 */

/** The header partner apps and booking systems send (spec §7: guest calls use a fixed API key header). */
export const API_KEY_HEADER = 'x-api-key';

/** Keys look like `fwk_` + 43 base64url characters (256 random bits); the prefix makes leaked keys greppable. */
export const API_KEY_PREFIX = 'fwk_';
export const apiKeyPattern = /^fwk_[A-Za-z0-9_-]{43}$/;

export const CLIENT_LIMITS = {
  nameMax: 80,
  /** client API calls per key per minute */
  requestsPerMinute: 120,
} as const;

const instant = z.iso.datetime({ offset: true });
const clientName = safeText()
  .trim()
  .min(1, { message: 'This field is required' })
  .max(CLIENT_LIMITS.nameMax, { message: `At most ${CLIENT_LIMITS.nameMax} characters` });

// ---------------------------------------------------------------------------------------------------------
// Admin: /api/admin/clients (superadmin)

export const clientView = z.object({
  _id: id,
  name: z.string(),
  /** the sites whose carts and bookings the key reaches; empty = none (guest API only) */
  sites: z.array(id),
  /** the key's first characters, to tell keys apart; the key itself is never shown again */
  keyPreview: z.string(),
  usage: z.object({ count: z.number().int(), date: instant.nullable() }),
  createdAt: instant,
});
export type ClientView = z.infer<typeof clientView>;

export const clientBody = z.object({
  name: clientName,
  sites: z.array(id).max(1000).default([]),
});
export type ClientBody = z.input<typeof clientBody>;

export const clientPatchBody = z
  .object({
    name: clientName.optional(),
    sites: z.array(id).max(1000).optional(),
    /** makes a new key; the old one stops working at once ('Are you sure you want to change this API Key?') */
    regenerateKey: z.literal(true).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Give a name, sites or regenerateKey',
  });
export type ClientPatchBody = z.input<typeof clientPatchBody>;

/** POST and PATCH answers: `apiKey` only when a key was just made (create, or regenerateKey). */
export const clientSaved = z.object({ client: clientView, apiKey: z.string().optional() });
export type ClientSaved = z.infer<typeof clientSaved>;

// ---------------------------------------------------------------------------------------------------------
// Client API: /api/client/v1 (header x-api-key), scoped to the client's sites, rate limited per key

export const clientSite = z.object({
  _id: id,
  name: z.string(),
  timezone: z.string(),
  currency: z.string(),
});
export type ClientSite = z.infer<typeof clientSite>;

export const clientPrice = z.object({
  _id: id,
  name: z.string(),
  /** minor units of the site's currency */
  amount: z.number().int(),
  /** null = guest price */
  userGroup: id.nullable(),
});
export const clientService = z.object({
  _id: id,
  name: z.string(),
  /** minutes */
  duration: z.number().int(),
  prices: z.array(clientPrice),
});
export type ClientService = z.infer<typeof clientService>;

export const clientCart = z.object({
  _id: id,
  carNumber: z.string(),
  carName: z.string().nullable(),
  bookableOnline: z.boolean(),
  inService: z.boolean(),
});
export type ClientCart = z.infer<typeof clientCart>;

export const clientSiteParams = z.object({ siteId: id });
export const clientBookingParams = z.object({ id });

/** GET /sites/{siteId}/slots?serviceId&dateString: the site's free slots that day (as the dashboard's). */
export const clientSlotsQuery = z.object({ serviceId: id, dateString });
/** GET /sites/{siteId}/available-carts?start&end */
export const clientAvailableCartsQuery = z.object({ start: instant, end: instant });

/** POST /sites/{siteId}/bookings. The booking's source is 'client'; staff cannot edit or delete it (spec §6). */
export const clientBookingBody = z.object({
  start: instant,
  end: instant,
  /** a cart of the site; absent = the recommended free cart for the range */
  device: id.optional(),
  service: id.nullable().optional(),
  price: id.nullable().optional(),
  name: safeText().trim().min(1, { message: 'This field is required' }).max(BOOKING_LIMITS.nameMax),
  email: email.nullable().optional(),
  note: safeText({ multiline: true }).trim().max(BOOKING_LIMITS.noteMax).default(''),
  /** paid in the booking system: the guest's code unlocks without paying in Fairway */
  prePaid: z.boolean().default(true),
  /** the booking system's own id, echoed back */
  externalRef: safeText().trim().max(100).optional(),
});
export type ClientBookingBody = z.input<typeof clientBookingBody>;

/** PATCH /bookings/{id}: move or re-time a booking the client made. */
export const clientBookingPatchBody = z
  .object({
    start: instant.optional(),
    end: instant.optional(),
    device: id.optional(),
    name: safeText().trim().min(1).max(BOOKING_LIMITS.nameMax).optional(),
    email: email.nullable().optional(),
    note: safeText({ multiline: true }).trim().max(BOOKING_LIMITS.noteMax).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Give at least one field to change',
  });
export type ClientBookingPatchBody = z.input<typeof clientBookingPatchBody>;

export const clientBookingView = z.object({
  _id: id,
  site: id,
  device: id,
  carNumber: z.string().nullable(),
  status: z.enum(BOOKING_STATUSES),
  start: instant,
  end: instant,
  name: z.string(),
  email: z.string().nullable(),
  note: z.string(),
  service: id.nullable(),
  price: id.nullable(),
  prePaid: z.boolean(),
  /** the 6-digit code the guest types at the cart or on /guest/booking/{id} */
  code: z.string(),
  externalRef: z.string().nullable(),
});
export type ClientBookingView = z.infer<typeof clientBookingView>;

/** GET /sites/{siteId}/bookings?start&end: the client's own bookings at that site. */
export const clientBookingsQuery = z.object({ start: instant.optional(), end: instant.optional() });
