import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { deviceCommands } from './commands';
import { devices } from './devices';

/**
 * What a cart answered to a WiFi scan (command 5, type 'wifi') or a log request (command 6, type 'log'): the
 * side panel's WiFi Scan and Logs (spec §3 Device log). Stored with the command's acknowledgement.
 */
export const deviceLogs = pgTable(
  'device_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    type: text('type').$type<'wifi' | 'log'>().notNull(),
    commandId: uuid('command_id').references(() => deviceCommands.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('device_logs_device_type_created_idx').on(table.deviceId, table.type, table.createdAt)],
);

/**
 * Lines of a tracker's own system log (device channel `log`, spec §3 System log). A batch delivered twice
 * (QoS 1) is stored once: (device, batch, line) is unique.
 */
export const deviceSystemLogs = pgTable(
  'device_system_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    batchId: text('batch_id').notNull(),
    line: integer('line').notNull(),
    /** The cart's time of the line. */
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    body: text('body').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [
    uniqueIndex('device_system_logs_batch_line_idx').on(table.deviceId, table.batchId, table.line),
    index('device_system_logs_device_ts_idx').on(table.deviceId, table.ts),
    // The retention job deletes by age (modules/device-logs/device-log-jobs.ts).
    index('device_system_logs_received_idx').on(table.receivedAt),
  ],
);
