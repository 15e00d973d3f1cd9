import { index, pgTable, text, timestamp, uuid, jsonb } from 'drizzle-orm/pg-core';
import type { PolygonGeometry, ZoneType } from '@fairway/domain';
import { sites } from './sites';

/** Parking, restriction and geofence polygons of a site (GeoJSON, [lng, lat]). */
export const zones = pgTable(
  'zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    type: text('type').$type<ZoneType>().notNull(),
    color: text('color').notNull(),
    geometry: jsonb('geometry').$type<PolygonGeometry>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('zones_site_idx').on(table.siteId)],
);
