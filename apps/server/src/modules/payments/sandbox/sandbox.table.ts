import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sites } from '../../sites/sites.table';

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
