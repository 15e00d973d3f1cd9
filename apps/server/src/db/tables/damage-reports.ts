import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { DamageCategory, DamageReportStatus } from '@fairway/domain';
import { bookings } from './bookings';
import { devices } from './devices';
import { sites } from './sites';
import { users } from './users';

/**
 * A guest's problem report about a cart (issue 23): no login, so nothing links it to a person but a hash
 * of the address (for the rate limit). The photo is re-encoded on the server and kept in the file store.
 */
export const damageReports = pgTable(
  'damage_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    category: text('category').$type<DamageCategory>().notNull(),
    description: text('description').notNull().default(''),
    /** file-store key of the re-encoded JPEG, null without a photo */
    photoKey: text('photo_key'),
    status: text('status').$type<DamageReportStatus>().notNull().default('open'),
    /** the maintenance block the report opened (categories that take the cart out of use) */
    blockId: uuid('block_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** SHA-256 of the reporter's address with a server secret (rate limit only) */
    reporterHash: text('reporter_hash').notNull(),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('damage_reports_device_idx').on(table.deviceId, table.createdAt.desc()),
    index('damage_reports_site_status_idx').on(table.siteId, table.status),
    index('damage_reports_reporter_idx').on(table.reporterHash, table.createdAt),
  ],
);
