import type { ZoneView } from '@fairway/domain';
import type { zones } from '../../db/tables/zones';

export type ZoneRow = typeof zones.$inferSelect;

/** The one place a zone row becomes the API/socket shape: a GeoJSON feature with the spec's `_id`. */
export function toZoneView(row: ZoneRow): ZoneView {
  return {
    _id: row.id,
    siteId: row.siteId,
    type: 'Feature',
    geometry: row.geometry,
    properties: { type: row.type, color: row.color },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
