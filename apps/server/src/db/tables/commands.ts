import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CommandSource, CommandState } from '@fairway/domain';
import { codes } from './codes';
import { devices } from './devices';
import { sites } from './sites';
import { users } from './users';

/** Every command sent to a cart, with its state; the id is the one the cart acknowledges. */
export const deviceCommands = pgTable(
  'device_commands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text('name').$type<'lock' | 'unlock' | 'ping' | 'firmware'>().notNull(),
    code: integer('code'),
    state: text('state').$type<CommandState>().notNull().default('queued'),
    error: text('error'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    source: text('source').$type<CommandSource>().notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** the virtual key (a master key on the site portal, issue 18) that asked, when no user did */
    requestedByCode: uuid('requested_by_code').references(() => codes.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ackedAt: timestamp('acked_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('device_commands_device_issued_idx').on(table.deviceId, table.issuedAt),
    index('device_commands_open_idx')
      .on(table.expiresAt)
      .where(sql`finished_at is null`),
  ],
);

/** A command as stored: what the commands service keeps and the `command.updated` event carries. */
export type CommandRow = typeof deviceCommands.$inferSelect;
