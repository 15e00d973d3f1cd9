import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sites } from './sites';

/**
 * The platform dashboard's rollups (issue 21 item 1, docs/decisions.md "Admin dashboard rollups"): per site,
 * the guest bookings by the hour and the UTC day they start in, and the kept payments by the hour and the
 * UTC day they succeeded in, so that a long range adds up thousands of rows instead of millions.
 *
 * Triggers written by hand in migration 0014 keep them in the same transaction as every write to `bookings`
 * and `payments`, whichever module or script writes, so they are never behind; the migration also fills
 * them from the rows that existed. What counts is the dashboard's rule (admin-dashboard.repository.ts):
 * - bookings: not maintenance blocks; `booked` = confirmed, payment pending or no-show, `cancelled` apart;
 * - payments: succeeded and not refunded, summed per currency in minor units.
 *
 * `hour` is the instant an hour starts; `day` the instant a UTC day starts. Rows whose figures went back to
 * zero stay (they read as zero).
 */
export const dashboardBookingHours = pgTable(
  'dashboard_booking_hours',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    booked: integer('booked').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.hour] }),
    // All Sites reads the hours at a range's edges across every site.
    index('dashboard_booking_hours_hour_idx').on(table.hour),
  ],
);

export const dashboardBookingDays = pgTable(
  'dashboard_booking_days',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: timestamp('day', { withTimezone: true }).notNull(),
    booked: integer('booked').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.day] }),
    index('dashboard_booking_days_day_idx').on(table.day),
  ],
);

export const dashboardPaymentHours = pgTable(
  'dashboard_payment_hours',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    /** minor units of `currency` */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.hour, table.currency] }),
    index('dashboard_payment_hours_hour_idx').on(table.hour),
  ],
);

export const dashboardPaymentDays = pgTable(
  'dashboard_payment_days',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: timestamp('day', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    /** minor units of `currency` */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.siteId, table.day, table.currency] }),
    index('dashboard_payment_days_day_idx').on(table.day),
  ],
);
