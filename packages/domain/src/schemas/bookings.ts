import { z } from 'zod';
import { email, id } from './common';
import { safeText } from './text';

/**
 * Bookings and maintenance blocks: spec §3 Booking, Available slot, Available devices; §7 /bookings (body
 * {start, end ISO, device, bookingType, name, service, price, driver, email, scheduleUnlock, note}).
 * The rules over times, carts and windows are in rules/bookings.ts; the server checks them.
 */

export const BOOKING_STATUSES = ['confirmed', 'payment_pending', 'cancelled', 'no_show', 'failed'] as const;
export const BOOKING_SOURCES = ['app', 'client', 'staff'] as const;
export const BOOKING_TYPES = ['booking', 'cart_maintenance'] as const;

export const BOOKING_LIMITS = {
  nameMax: 100,
  noteMax: 1000,
  /** spec §9: code length 6 */
  codeLength: 6,
} as const;

const instant = z.iso.datetime({ offset: true });
const optionalId = id.nullable().optional();

const bookingFields = {
  start: instant,
  end: instant,
  device: id,
  /** 'cart_maintenance' makes a maintenance block (spec §3 bookingType) */
  bookingType: z.enum(BOOKING_TYPES).default('booking'),
  /** the driver's name: a member's, or free text (spec §4 Booking dialog) */
  name: safeText().trim().max(BOOKING_LIMITS.nameMax).default(''),
  service: optionalId,
  price: optionalId,
  /** a member of the site, or null for a free-text name */
  driver: optionalId,
  email: z.union([email, z.literal('').transform(() => null), z.null()]).optional(),
  scheduleUnlock: z.boolean().default(false),
  /** paid at the desk: the guest's booking code unlocks without paying (spec §4 needs payment) */
  prePaid: z.boolean().default(false),
  note: safeText({ multiline: true }).trim().max(BOOKING_LIMITS.noteMax).default(''),
};

export const bookingBody = z.object(bookingFields);
export type BookingBody = z.infer<typeof bookingBody>;

/** Every field optional; what is sent replaces what is stored. */
export const bookingPatchBody = z.object({
  start: instant.optional(),
  end: instant.optional(),
  device: id.optional(),
  name: safeText().trim().max(BOOKING_LIMITS.nameMax).optional(),
  service: optionalId,
  price: optionalId,
  driver: optionalId,
  email: bookingFields.email,
  scheduleUnlock: z.boolean().optional(),
  prePaid: z.boolean().optional(),
  note: safeText({ multiline: true }).trim().max(BOOKING_LIMITS.noteMax).optional(),
});
export type BookingPatchBody = z.infer<typeof bookingPatchBody>;

export const bookingView = z.object({
  _id: id,
  device: id,
  carNumber: z.string().nullable(),
  site: id,
  bookingType: z.enum(BOOKING_TYPES),
  status: z.enum(BOOKING_STATUSES),
  source: z.enum(BOOKING_SOURCES),
  start: instant,
  end: instant,
  name: z.string(),
  email: z.string().nullable(),
  note: z.string(),
  driver: id.nullable(),
  service: id.nullable(),
  price: id.nullable(),
  /** for the calendar's service chip: names and the price in minor units of `currency` */
  serviceName: z.string().nullable(),
  priceName: z.string().nullable(),
  amount: z.number().int().nullable(),
  currency: z.string(),
  /** 6 digits, unique among the site's current and future bookings */
  code: z.string(),
  prePaid: z.boolean(),
  scheduleUnlock: z.boolean(),
  /** derived: now is between start and end */
  isBookingNow: z.boolean(),
  /** the ride this booking's unlock opened, if any */
  session: id.nullable(),
});
export type BookingView = z.infer<typeof bookingView>;

export const dateString = z.iso.date();

/** GET /bookings: status filter confirmed/payment_pending, start, end (spec §7). */
export const bookingsQuery = z.object({
  start: instant.optional(),
  end: instant.optional(),
  /** one, or repeated (`?status=confirmed&status=no_show`); default confirmed and payment_pending */
  status: z
    .union([z.enum(BOOKING_STATUSES), z.array(z.enum(BOOKING_STATUSES))])
    .optional()
    .transform((value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value])),
  device: id.optional(),
});
export type BookingsQuery = z.infer<typeof bookingsQuery>;

export const slotsQuery = z.object({ serviceId: id, dateString });
export const slotView = z.object({
  /** 'HH:mm' on the site's clock */
  start: z.string(),
  end: z.string(),
  /** instants of the same, for the next calls */
  startAt: instant,
  endAt: instant,
  available: z.number().int(),
  total: z.number().int(),
});
export type SlotView = z.infer<typeof slotView>;

export const availableCartsQuery = z.object({
  start: instant,
  end: instant,
  excludedBookingId: id.optional(),
});
export const availableCartsView = z.object({
  available: z.array(id),
  recommended: id.nullable(),
});
export type AvailableCartsView = z.infer<typeof availableCartsView>;

export const bookingUnlockResult = z.object({ session: id });
