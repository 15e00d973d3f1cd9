import { z } from 'zod';
import { ADMIN_PAGE_SIZE } from './admin';
import { BOOKING_LIMITS, BOOKING_STATUSES, BOOKING_TYPES, bookingView } from './bookings';
import { id } from './common';
import { pagination } from './devices';
import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES, paymentView } from './payments';
import { safeText } from './text';

/**
 * The platform admins' bookings and payments across sites (spec §7 Admin: "/bookings and /payments with bulk
 * PATCH and POST /bulk {ids}"): paged lists with filters, bulk changes of the fields a bulk change cannot
 * misuse, and the bulk delete. Superadmin only, like every /api/admin call (spec §6). docs/decisions.md
 * "Admin bulk bookings and payments" says which fields and why.
 */

const instant = z.iso.datetime({ offset: true });
const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(ADMIN_PAGE_SIZE),
};
const dir = z.enum(['asc', 'desc']).default('desc');

/** One value, or the parameter repeated (`?status=confirmed&status=no_show`): always a list after parsing. */
function oneOrMany<T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.enum(values), z.array(z.enum(values)).max(values.length)])
    .optional()
    .transform((value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]));
}

const rangeInOrder = (query: { start?: string; end?: string }) =>
  !query.start || !query.end || Date.parse(query.start) < Date.parse(query.end);
const rangeMessage = { message: 'end: End cannot precede start', path: ['end'] };

/** Selected rows of a bulk call; each id counts once. */
export const adminBulkIds = z.object({
  ids: z
    .array(id)
    .min(1, { message: 'Select at least one' })
    .max(1000)
    .transform((ids) => [...new Set(ids)]),
});
export type AdminBulkIds = z.infer<typeof adminBulkIds>;

/**
 * The answer of a bulk change: how many took it and which; every other id with why not (`reason`: a stable
 * code, `notFound` for an unknown id; `message`: English, as the single-item call would answer it).
 */
export const adminBulkAnswer = z.object({
  done: z.number().int(),
  ids: z.array(id),
  skipped: z.array(z.object({ id, reason: z.string(), message: z.string() })),
});
export type AdminBulkAnswer = z.infer<typeof adminBulkAnswer>;

// ---------------------------------------------------------------------------------------------------------
// Bookings (GET, PATCH /api/admin/bookings; POST /api/admin/bookings/bulk)

export const ADMIN_BOOKING_SORTS = ['start', 'createdAt', 'status', 'site'] as const;

/** Filters: site (absent = all sites), bookings starting in [start, end), statuses, kind; newest start first. */
export const adminBookingsQuery = z
  .object({
    siteId: id.optional(),
    start: instant.optional(),
    end: instant.optional(),
    status: oneOrMany(BOOKING_STATUSES),
    bookingType: z.enum(BOOKING_TYPES).optional(),
    sort: z.enum(ADMIN_BOOKING_SORTS).default('start'),
    dir,
    ...pageQuery,
  })
  .refine(rangeInOrder, rangeMessage);
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuery>;

/** A booking as the calendar shows it, with its site's name and when it was made. */
export const adminBookingView = bookingView.extend({ siteName: z.string(), createdAt: instant });
export type AdminBookingView = z.infer<typeof adminBookingView>;

export const adminBookingsPage = z.object({ data: z.array(adminBookingView), pagination });
export type AdminBookingsPage = z.infer<typeof adminBookingsPage>;

/**
 * What a bulk PATCH may change of bookings: the note, and the status to 'cancelled'. Times, cart, service,
 * price and payment are one booking's business (availability, overlap, price rules): they are refused here
 * rather than bulk-applied, and change one at a time through the calendar.
 */
export const adminBookingsPatchBody = z.object({
  ids: adminBulkIds.shape.ids,
  updateData: z
    .strictObject({
      note: safeText({ multiline: true }).trim().max(BOOKING_LIMITS.noteMax).optional(),
      status: z.literal('cancelled', { message: "status: Only 'cancelled' can be set in bulk" }).optional(),
    })
    .refine((data) => data.note !== undefined || data.status !== undefined, {
      message: 'Give a note or status cancelled',
    }),
});
export type AdminBookingsPatchBody = z.infer<typeof adminBookingsPatchBody>;

// ---------------------------------------------------------------------------------------------------------
// Payments (GET, PATCH /api/admin/payments; POST /api/admin/payments/bulk)

export const ADMIN_PAYMENT_SORTS = ['createdAt', 'total', 'status', 'site'] as const;

/** Filters: site (absent = all sites), created in [start, end), statuses, method, purpose; newest first. */
export const adminPaymentsQuery = z
  .object({
    siteId: id.optional(),
    start: instant.optional(),
    end: instant.optional(),
    status: oneOrMany(PAYMENT_STATUSES),
    method: z.enum(PAYMENT_METHODS).optional(),
    purpose: z.enum(PAYMENT_PURPOSES).optional(),
    sort: z.enum(ADMIN_PAYMENT_SORTS).default('createdAt'),
    dir,
    ...pageQuery,
  })
  .refine(rangeInOrder, rangeMessage);
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuery>;

export const adminPaymentView = paymentView.extend({ siteId: id, siteName: z.string() });
export type AdminPaymentView = z.infer<typeof adminPaymentView>;

export const adminPaymentsPage = z.object({ data: z.array(adminPaymentView), pagination });
export type AdminPaymentsPage = z.infer<typeof adminPaymentsPage>;

/**
 * What a bulk PATCH may do to payments: end their open checkouts (status 'cancelled'), so nobody can pay
 * them any more. The provider confirms with its webhook, which records the cancellation in the ledger as for
 * any expired checkout. Amounts, fees, customers and the other statuses are the provider's record.
 */
export const adminPaymentsPatchBody = z.object({
  ids: adminBulkIds.shape.ids,
  updateData: z.strictObject({
    status: z.literal('cancelled', { message: "status: Only 'cancelled' can be set in bulk" }),
  }),
});
export type AdminPaymentsPatchBody = z.infer<typeof adminPaymentsPatchBody>;

/** POST /api/admin/payments/bulk: how many payments were deleted (unknown ids are skipped). */
export const adminPaymentsDeleted = z.object({ deleted: z.number().int() });
export type AdminPaymentsDeleted = z.infer<typeof adminPaymentsDeleted>;
