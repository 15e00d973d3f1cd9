import { z } from 'zod';
import { id } from './common';

/** Zone kinds (spec §3, §9): parking and restriction for role user and up, geofence for admins. */
export const zoneType = z.enum(['parking', 'restriction', 'geofence']);
export type ZoneType = z.infer<typeof zoneType>;

export const ZONE_COLOURS: Record<ZoneType, string> = {
  parking: '#8e24aa',
  restriction: '#e53935',
  geofence: '#1e88e5',
};
export const ZONE_FILL_OPACITY: Record<ZoneType, number> = { parking: 0.4, restriction: 0.4, geofence: 0 };

const position = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

/** GeoJSON polygon ([lng, lat] positions); ring rules (closed, simple, sane size) are checked by zone rules. */
export const polygonGeometry = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(position)).min(1).max(1),
});
export type PolygonGeometry = z.infer<typeof polygonGeometry>;

export const zoneProperties = z.object({
  type: zoneType,
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .optional(),
});

export const zoneView = z.object({
  _id: id,
  siteId: id,
  type: z.literal('Feature'),
  geometry: polygonGeometry,
  properties: zoneProperties.extend({ color: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ZoneView = z.infer<typeof zoneView>;
