import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * API clients (spec §3 Client): partner apps and booking systems. The key is shown once when made; only its
 * SHA-256 is kept (a 256-bit random key needs no slow hash, and every client call looks it up).
 */
export const apiClients = pgTable('api_clients', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  keyHash: text('key_hash').notNull().unique(),
  /** the key's first characters, to tell keys apart in the console */
  keyPreview: text('key_preview').notNull(),
  /** sites the client API reaches with this key */
  sites: uuid('sites')
    .array()
    .notNull()
    .default(sql`'{}'::uuid[]`),
  usageCount: integer('usage_count').notNull().default(0),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
