import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every mail is written here first; in embedded mode this outbox is where mail ends (superadmins read it). */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  template: text('template').notNull(),
  lang: text('lang').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});
