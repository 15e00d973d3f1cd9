import { boolean, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sites } from './sites';

/**
 * The sandbox payment provider's own books: the connected accounts a club creates on its local onboarding
 * page. It plays the part of the provider's servers, so nothing else reads these rows; the site learns its
 * account's state through the provider interface, as it would from Stripe.
 */
export const sandboxAccounts = pgTable('sandbox_accounts', {
  /** 'acct_sbx_…', shaped like a provider account id */
  id: text('id').primaryKey(),
  siteId: uuid('site_id')
    .notNull()
    .references(() => sites.id, { onDelete: 'cascade' }),
  businessName: text('business_name').notNull(),
  /** true once onboarding is completed (charges and payouts enabled) */
  active: boolean('active').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
});

/**
 * The sandbox's hosted checkouts (Stripe Checkout Sessions): created by the platform for a club's account,
 * paid on the web app's /sandbox/checkout/{id} page. A paid one holds its payment intent and charge, and
 * is the sandbox's record of the money (balance and payouts are computed from these and the refunds).
 */
export const sandboxCheckoutSessions = pgTable('sandbox_checkout_sessions', {
  /** 'cs_sbx_…' */
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  applicationFee: integer('application_fee').notNull().default(0),
  productName: text('product_name').notNull(),
  description: text('description').notNull().default(''),
  customerEmail: text('customer_email'),
  clientReferenceId: text('client_reference_id'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  /** 'pi_sbx_…', set when paid */
  paymentIntentId: text('payment_intent_id').unique(),
  /** 'ch_sbx_…' */
  chargeId: text('charge_id'),
  processingFee: integer('processing_fee'),
  cardLast4: text('card_last4'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/** Refunds of sandbox charges ('re_sbx_…'), taken from the account's balance when made. */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => sandboxAccounts.id, { onDelete: 'cascade' }),
  paymentIntentId: text('payment_intent_id').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  reason: text('reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Webhook events the sandbox sends to the platform, kept until the platform answered 2xx, and retried
 * with backoff until then, as Stripe does.
 */
export const sandboxWebhookDeliveries = pgTable('sandbox_webhook_deliveries', {
  /** 'evt_sbx_…' */
  eventId: text('event_id').primaryKey(),
  accountId: text('account_id'),
  type: text('type').notNull(),
  /** the whole event, exactly as signed and sent */
  payload: text('payload').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  lastError: text('last_error'),
});
