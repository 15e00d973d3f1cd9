import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { devices } from './devices';

/** Device activity log (spec: Activity Viewer): connections, refusals, command traffic. */
export const activity = pgTable(
  'activity',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id').references(() => devices.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id'),
    type: text('type').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('activity_device_created_idx').on(table.deviceId, table.createdAt),
    // The activity viewer pages a site's log, newest first, and the platform's for All Sites.
    index('activity_site_created_idx').on(table.siteId, table.createdAt),
    index('activity_created_idx').on(table.createdAt),
  ],
);
