import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The local support directory: where the users export goes when no external support tool is configured
 * (docs/decisions.md, Admin console). One contact per email; an export updates what is there.
 */
export const supportContacts = pgTable('support_contacts', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  /** what the export sent: user id, role, sites' names, last seen */
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  exportedAt: timestamp('exported_at', { withTimezone: true }).notNull().defaultNow(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
