import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { members } from './members';
import { prices, services } from './services';
import { sites } from './sites';
import { users } from './users';

import type { RideEndReason, RideStatus, RideTag, RideType } from '@fairway/domain';

export type { RideStatus, RideType };

/**
 * A ride (spec §3 Ride). It starts when the cart confirms an unlock (keypad and RFID rides from the cart's
 * own event), may pause (cart locked, ride open) and resume, and ends by the guest, an operator, or the
 * server's auto-lock, round timeout or scheduled lock. Its trail is the cart's positions between start and
 * end (`positions`), so it is not stored twice.
 */
export const rides = pgTable(
  'rides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    carNumber: text('car_number'),
    type: text('type').$type<RideType>().notNull(),
    status: text('status').$type<RideStatus>().notNull().default('active'),
    confirmed: boolean('confirmed').notNull().default(false),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    priceId: uuid('price_id').references(() => prices.id, { onDelete: 'set null' }),
    /** the booking the ride belongs to (bookings arrive with their own issue) */
    bookingId: uuid('booking_id'),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    codeId: uuid('code_id'),
    /** the card payment that bought the ride (payments.ride_id points back) */
    paymentId: uuid('payment_id').unique(),
    /** the unlock command whose acknowledgement confirms the ride */
    unlockCommandId: uuid('unlock_command_id'),
    unlockedBy: uuid('unlocked_by').references(() => users.id, { onDelete: 'set null' }),
    meta: jsonb('meta').$type<{ name: string | null; email: string | null }>().notNull().default({
      name: null,
      email: null,
    }),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }),
    /** seconds; over 36,000 stored as 0 (spec §9) */
    duration: integer('duration'),
    /** km, 1 decimal */
    distance: doublePrecision('distance'),
    startOdometer: doublePrecision('start_odometer'),
    endOdometer: doublePrecision('end_odometer'),
    /** minor units */
    amount: integer('amount'),
    /** credits taken from the member for this ride */
    creditsDeducted: integer('credits_deducted').notNull().default(0),
    rideTags: jsonb('ride_tags').$type<RideTag[]>().notNull().default([]),
    endReason: text('end_reason').$type<RideEndReason>(),
    /** since when the ride is paused (null while active or ended) */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** seconds the ride spent paused before its current pause (overrun alerts leave pause time out) */
    pausedSeconds: integer('paused_seconds').notNull().default(0),
    /** when staff were alerted that the ride overran its service's duration (once per ride) */
    overrunAlertedAt: timestamp('overrun_alerted_at', { withTimezone: true }),
    /** the keypad code or RFID tag a code ride was unlocked with */
    unlockCode: text('unlock_code'),
    /** when the current unlock attempt cycle began (the guest's 20 s wait runs from here) */
    unlockRequestedAt: timestamp('unlock_requested_at', { withTimezone: true }),
    /** unlock commands sent in the current cycle (1 unlocking, 2 trying again, 3 one last time) */
    unlockAttempts: integer('unlock_attempts').notNull().default(0),
    /** retries the guest asked for (spec: one) */
    guestRetries: integer('guest_retries').notNull().default(0),
    /** positions received while it ran, counted when it ends */
    points: integer('points'),
    /** shorter than the site's minRideDuration when it ended (kept, marked) */
    tooShort: boolean('too_short').notNull().default(false),
    /** fewer positions than the site's trailPoints (kept, marked) */
    fewPoints: boolean('few_points').notNull().default(false),
    deleted: boolean('deleted').notNull().default(false),
    /** the device event that started it, so a redelivered event starts nothing twice */
    sourceEventId: text('source_event_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('rides_site_start_idx').on(table.siteId, table.start),
    index('rides_member_idx').on(table.memberId),
    index('rides_device_start_idx').on(table.deviceId, table.start),
    // A booking's ride: read per booking in every bookings list; most rides have no booking.
    index('rides_booking_idx')
      .on(table.bookingId)
      .where(sql`${table.bookingId} IS NOT NULL`),
    // A cart has at most one open ride.
    uniqueIndex('rides_device_open_idx')
      .on(table.deviceId)
      .where(sql`${table.status} <> 'ended'`),
  ],
);
