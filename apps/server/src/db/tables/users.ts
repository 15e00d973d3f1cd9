import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').notNull(),
  lang: text('lang').notNull().default('en'),
  /** Sites the user holds; superadmins hold every site regardless. */
  sites: uuid('sites')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  lastSeen: timestamp('last_seen', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const invites = pgTable('invites', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  /** Shown to superadmins as the invite link, so it is kept; it expires and is single-use. */
  token: text('token').notNull().unique(),
  role: text('role').notNull(),
  lang: text('lang').notNull().default('en'),
  sites: uuid('sites')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
