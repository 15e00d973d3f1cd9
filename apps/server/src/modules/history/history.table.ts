import { date, index, integer, jsonb, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { devices } from '../devices/devices.table';
import { sites } from '../sites/sites.table';

/**
 * Daily roll-ups of the positions table, so months of fleet history answer in milliseconds: a simplified
 * trail per cart and day, and a heat grid per site and day. Days before today are rolled up by a durable
 * job; today is read from positions directly.
 */
export const trailDaily = pgTable(
  'trail_daily',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    /** simplified [lat, lng] pairs, 6 decimals */
    coordinates: jsonb('coordinates').$type<Array<[number, number]>>().notNull(),
    rawPoints: integer('raw_points').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.deviceId, table.day] }),
    index('trail_daily_site_day_idx').on(table.siteId, table.day),
  ],
);

/** Position counts per grid cell (cell = floor(coordinate / cellSize) as integers), per site and day. */
export const heatDaily = pgTable(
  'heat_daily',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    latCell: integer('lat_cell').notNull(),
    lngCell: integer('lng_cell').notNull(),
    weight: integer('weight').notNull(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.day, table.latCell, table.lngCell] })],
);
