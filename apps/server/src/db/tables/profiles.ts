import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Consumer-app profiles (spec §3 Profile); members link to one by email. */
export const profiles = pgTable('profiles', {
  id: uuid('id').primaryKey().defaultRandom(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  /** trimmed and lower-cased */
  email: text('email').notNull().unique(),
  defaultPaymentMethod: text('default_payment_method'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
