import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PaymentStatus, RefundReason } from '@fairway/domain';
import { devices } from './devices';
import { prices, services } from './services';
import { sites } from './sites';

/**
 * The payments ledger (spec §3 Payment): one row per checkout a guest started, whatever became of it. Money
 * is integer minor units of `currency` throughout. The row is created before the provider's checkout, so a
 * webhook always finds its payment; the provider's ids tie them together.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** what it buys: 'ride' (a cart now) or 'booking' */
    purpose: text('purpose', { enum: ['ride', 'booking'] }).notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    /** which provider took it ('stripe' or 'sandbox') and on which connected account */
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    providerAccountId: text('provider_account_id').notNull(),
    checkoutSessionId: text('checkout_session_id').unique(),
    paymentIntentId: text('payment_intent_id'),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'set null' }),
    carNumber: text('car_number'),
    bookingId: uuid('booking_id'),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    priceId: uuid('price_id').references(() => prices.id, { onDelete: 'set null' }),
    /** the ride it bought, once the paid unlock started one */
    rideId: uuid('ride_id'),
    description: text('description').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    /** price + unlock fee, minor units */
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    unlockFee: integer('unlock_fee').notNull().default(0),
    processingFee: integer('processing_fee').notNull().default(0),
    applicationFee: integer('application_fee').notNull().default(0),
    method: text('method', { enum: ['stripe', 'none'] })
      .notNull()
      .default('stripe'),
    receiptUrl: text('receipt_url'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    /** the checkout's expiry: after it the payment can only be cancelled */
    dueDate: timestamp('due_date', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundReason: text('refund_reason').$type<RefundReason>(),
    refundId: text('refund_id'),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  },
  (table) => [
    index('payments_site_created_idx').on(table.siteId, table.createdAt),
    index('payments_intent_idx').on(table.paymentIntentId),
    // The refund sweep looks for paid rides whose cart never confirmed.
    index('payments_unconfirmed_idx')
      .on(table.succeededAt)
      .where(sql`${table.status} = 'succeeded' AND ${table.refundedAt} IS NULL`),
  ],
);

/**
 * Webhook events as received, stored before the provider is answered (so a restart loses none) and
 * processed once: `processed_at` is set in the transaction that applied the event, and a redelivered event
 * finds its row already there.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** the provider's event id ('evt_…') */
    id: text('id').primaryKey(),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    type: text('type').notNull(),
    /** the connected account it concerns, if any */
    account: text('account'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (table) => [
    index('webhook_events_unprocessed_idx')
      .on(table.receivedAt)
      .where(sql`${table.processedAt} IS NULL`),
  ],
);
