import {
  ZONE_COLOURS,
  ZONE_TYPE_MIN_ROLE,
  checkZoneRing,
  mayManageZoneType,
  roundRing,
  type PolygonGeometry,
  type Role,
  type ZoneCreateBody,
  type ZonePatchBody,
  type ZonePublishResult,
  type ZoneType,
  type ZoneView,
} from '@fairway/domain';
import type { DeviceConfigPublisher } from '../../context';
import { HttpError, forbidden, notFound } from '../../lib/errors';
import type { DomainEventBus } from '../../lib/events';
import { toZoneView, type ZoneRow } from './zones.presenter';
import type { ZoneChanges, ZonesRepository } from './zones.repository';

/** Who changes a zone; only the role matters here, the site was checked by the route guard. */
export interface ZoneActor {
  role: Role;
}

/**
 * Zone rules: outlines must pass the shared ring check (rounded to 6 decimals first, as stored), geofences
 * are for admins (creating one, turning a zone into or out of one, editing or deleting one), and every
 * change tells the site's browsers the full new list. Carts get the zones only when they are published.
 */
export class ZonesService {
  constructor(
    private readonly zones: ZonesRepository,
    private readonly deviceConfig: DeviceConfigPublisher,
    private readonly bus: DomainEventBus,
  ) {}

  async list(siteId: string): Promise<ZoneView[]> {
    return (await this.zones.listBySite(siteId)).map(toZoneView);
  }

  async create(siteId: string, actor: ZoneActor, body: ZoneCreateBody): Promise<ZoneView> {
    const type = body.properties.type;
    assertMayManage(actor, type);
    const row = await this.zones.insert({
      siteId,
      type,
      color: body.properties.color ?? ZONE_COLOURS[type],
      geometry: validGeometry(body.geometry),
    });
    await this.announce(siteId);
    return toZoneView(row);
  }

  async update(siteId: string, id: string, actor: ZoneActor, body: ZonePatchBody): Promise<ZoneView> {
    const existing = await this.findOrFail(siteId, id);
    assertMayManage(actor, existing.type);
    const changes: ZoneChanges = {};
    const newType = body.properties?.type;
    if (newType !== undefined && newType !== existing.type) {
      assertMayManage(actor, newType);
      changes.type = newType;
      // A zone keeps a custom colour, but one that was its old type's default follows the new type.
      if (existing.color === ZONE_COLOURS[existing.type]) changes.color = ZONE_COLOURS[newType];
    }
    if (body.properties?.color !== undefined) changes.color = body.properties.color;
    if (body.geometry !== undefined) changes.geometry = validGeometry(body.geometry);
    const row = await this.zones.update(siteId, id, changes);
    if (!row) throw zoneNotFound();
    await this.announce(siteId);
    return toZoneView(row);
  }

  async delete(siteId: string, id: string, actor: ZoneActor): Promise<void> {
    const existing = await this.findOrFail(siteId, id);
    assertMayManage(actor, existing.type);
    if (!(await this.zones.delete(siteId, id))) throw zoneNotFound();
    await this.announce(siteId);
  }

  /** Puts the site's current zones into every cart's config ('ss'), delivered now or on reconnect. */
  publish(siteId: string): Promise<ZonePublishResult> {
    return this.deviceConfig.publishSite(siteId, ['ss']);
  }

  private async findOrFail(siteId: string, id: string): Promise<ZoneRow> {
    const row = await this.zones.find(siteId, id);
    if (!row) throw zoneNotFound();
    return row;
  }

  private async announce(siteId: string): Promise<void> {
    this.bus.emit('zones.updated', siteId, await this.list(siteId));
  }
}

const zoneNotFound = () => notFound('Zone not found');

function assertMayManage(actor: ZoneActor, type: ZoneType): void {
  if (!mayManageZoneType(actor.role, type))
    throw forbidden(`Only ${ZONE_TYPE_MIN_ROLE[type]}s and above may change ${type} zones`, 'zoneTypeRole');
}

/** The outline rounded as stored; a ring that fails the shared check is a 400 naming the problem. */
function validGeometry(geometry: PolygonGeometry): PolygonGeometry {
  const ring = roundRing(geometry.coordinates[0]!);
  const check = checkZoneRing(ring);
  if (!check.ok) throw new HttpError(400, `geometry: ${check.message}`, check.reason);
  return { type: 'Polygon', coordinates: [ring] };
}
