import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BookingKind, BookingSource, BookingStatus } from '@fairway/domain';
import { devices } from './devices';
import { members } from './members';
import { prices, services } from './services';
import { sites } from './sites';
import { users } from './users';
import { apiClients } from './api-clients';

/**
 * Bookings and maintenance blocks of a cart (spec §3 Booking; bookingType 'cart_maintenance' = a block).
 *
 * Two exclusion constraints, written by hand in migration 0009 (drizzle-kit cannot express them), make
 * PostgreSQL the last word however many requests race (docs/decisions.md, Bookings):
 * - `bookings_no_double_booking`: per cart, no two live (not cancelled/failed) rows whose
 *   [start, blocked_until) ranges overlap. `blocked_until` is the end plus the site's turnaround at the time
 *   of writing (a maintenance block: its end), so the cleaning and charging time is enforced too.
 * - `bookings_code_in_use`: per site, no two live rows with the same code whose [created_at, end) overlap
 *   — that is, a code is unique among the site's current and future bookings and free again once its
 *   booking has ended.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    bookingType: text('booking_type').$type<BookingKind>().notNull().default('booking'),
    status: text('status').$type<BookingStatus>().notNull().default('confirmed'),
    source: text('source').$type<BookingSource>().notNull().default('staff'),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    /** end + the site's turnaround when written (maintenance: end); the cart is not bookable before it */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    /** 6 digits; null for maintenance blocks (no guest unlocks them) */
    code: text('code'),
    /** the driver when a member (spec: driver), else null and `name` is free text */
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    email: text('email'),
    note: text('note').notNull().default(''),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    priceId: uuid('price_id').references(() => prices.id, { onDelete: 'set null' }),
    /** the price's amount when booked, minor units (a later price change does not rewrite bookings) */
    amount: integer('amount'),
    /**
     * credits a virtual key's holder gave up for the booking (issue 18; 0 when their credits are
     * unlimited); null for a booking not paid with credits
     */
    credits: integer('credits'),
    prePaid: boolean('pre_paid').notNull().default(false),
    scheduleUnlock: boolean('schedule_unlock').notNull().default(false),
    /** when the booking-unlocks job last tried its scheduled unlock (retried each minute until a ride opens) */
    autoUnlockTriedAt: timestamp('auto_unlock_tried_at', { withTimezone: true }),
    /** the API client that made it (source 'client'); staff cannot edit or delete such bookings */
    clientId: uuid('client_id').references(() => apiClients.id, { onDelete: 'set null' }),
    /** the booking system's own id for it, echoed back on the client API */
    externalRef: text('external_ref'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bookings_site_start_idx').on(table.siteId, table.start),
    // Webhooks' catch-up reads a site's bookings changed since an instant (issue 23).
    index('bookings_site_updated_idx').on(table.siteId, table.updatedAt),
    // Availability and the calendar ask which holds of a site meet a time range: a range index answers
    // that from the few rows around it, however many years of bookings the site has (bench/bookings.ts).
    index('bookings_site_hold_idx').using(
      'gist',
      table.siteId,
      sql`tstzrange(${table.start}, ${table.blockedUntil}, '[)')`,
    ),
    // The booking-unlocks job's sweeps (due scheduled unlocks, expired bookings) read only live rows.
    index('bookings_live_end_idx')
      .on(table.end)
      .where(sql`${table.status} in ('confirmed', 'payment_pending')`),
    check('bookings_end_after_start', sql`${table.end} > ${table.start}`),
    check('bookings_blocked_after_end', sql`${table.blockedUntil} >= ${table.end}`),
  ],
);

/** Constraint names the repository turns into the API's 409s. */
export const BOOKING_OVERLAP_CONSTRAINT = 'bookings_no_double_booking';
export const BOOKING_CODE_CONSTRAINT = 'bookings_code_in_use';
