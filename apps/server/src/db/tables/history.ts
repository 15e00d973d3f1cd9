import {
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { devices } from './devices';
import { sites } from './sites';

/**
 * Roll-ups of the positions table, so months of fleet history answer in milliseconds. A day is the site's
 * calendar day in its time zone (the map's ranges start at the site's midnight), a week runs Monday to
 * Sunday. Days are rolled up once they have ended, today as far as it has got; a whole week again as one,
 * so six months are ~26 weeks and a few days instead of ~180 days. What is not rolled up is read from
 * positions directly.
 */

/** What is rolled up: span 1, a day (up to `upto`: its end, or for today the time so far); span 7, a week. */
export const historyRollups = pgTable(
  'history_rollups',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    span: smallint('span').$type<1 | 7>().notNull(),
    /** the day, or the Monday of the week */
    day: date('day').notNull(),
    upto: timestamp('upto', { withTimezone: true }).notNull(),
    rolledUpAt: timestamp('rolled_up_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.span, table.day] })],
);

/**
 * A cart's trail of one day: its drives with the stretches it had already driven that day left out,
 * simplified, as [lat, lng] polylines (6 decimals).
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
    /** the day's trail segments (the spec's `history.coordinates`) */
    coordinates: jsonb('coordinates').$type<Array<Array<[number, number]>>>().notNull(),
    /** moving reports the trail was made from */
    rawPoints: integer('raw_points').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.deviceId, table.day] }),
    index('trail_daily_site_day_idx').on(table.siteId, table.day),
  ],
);

/** A cart's trail of one week (from its Monday): the week's day trails merged, each stretch once. */
export const trailWeekly = pgTable(
  'trail_weekly',
  {
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    week: date('week').notNull(),
    coordinates: jsonb('coordinates').$type<Array<Array<[number, number]>>>().notNull(),
    rawPoints: integer('raw_points').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.deviceId, table.week] }),
    index('trail_weekly_site_week_idx').on(table.siteId, table.week),
  ],
);

/** Moving reports per grid cell (cell = floor(coordinate / cell size in degrees)), per site and day. */
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

/** The week's heat_daily summed, per site and week (from its Monday). */
export const heatWeekly = pgTable(
  'heat_weekly',
  {
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    week: date('week').notNull(),
    latCell: integer('lat_cell').notNull(),
    lngCell: integer('lng_cell').notNull(),
    weight: integer('weight').notNull(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.week, table.latCell, table.lngCell] })],
);
