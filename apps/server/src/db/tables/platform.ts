import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets the platform generates for itself on first start (JWT signing key, the server's broker
 * password), kept in the database so every server instance shares them.
 */
export const platformSecrets = pgTable('platform_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
