import { z } from 'zod';
import { hasRole, type Role } from '../roles';
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

/** The lowest role that may create, change or delete a zone of each type (spec §6). */
export const ZONE_TYPE_MIN_ROLE: Record<ZoneType, Role> = {
  parking: 'user',
  restriction: 'user',
  geofence: 'admin',
};

/** Shared so the editor offers exactly the types the server accepts from this role. */
export const mayManageZoneType = (role: unknown, type: ZoneType): boolean =>
  hasRole(role, ZONE_TYPE_MIN_ROLE[type]);

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

/** POST /zones: a GeoJSON feature; the colour defaults to the type's (spec §9). */
export const zoneCreateBody = z.object({
  geometry: polygonGeometry,
  properties: zoneProperties,
});
export type ZoneCreateBody = z.infer<typeof zoneCreateBody>;

/** PATCH /zones/{id}: a new outline, a new type or colour, or both. */
export const zonePatchBody = z
  .object({
    geometry: polygonGeometry.optional(),
    properties: zoneProperties.partial().optional(),
  })
  .refine((body) => body.geometry !== undefined || body.properties !== undefined, {
    message: 'Send geometry or properties to change',
  });
export type ZonePatchBody = z.infer<typeof zonePatchBody>;

/** POST /zones/publish: how many carts were given a new config. */
export const zonePublishResult = z.object({ devices: z.number().int().min(0) });
export type ZonePublishResult = z.infer<typeof zonePublishResult>;
