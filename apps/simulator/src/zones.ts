import { pointInRing, type ConfigMessage } from '@fairway/domain';
import type { LatLng } from './geo';

export type ConfigZone = ConfigMessage['zones'][number];

/** A zone of the config with its bounding box, so most position checks end after four comparisons. */
interface PreparedZone {
  zone: ConfigZone;
  south: number;
  north: number;
  west: number;
  east: number;
}

/** The cart crossed a zone's border. */
export interface ZoneCrossing {
  kind: 'enter' | 'exit';
  zone: ConfigZone;
}

function prepare(zone: ConfigZone): PreparedZone {
  const lngs = zone.ring.map((point) => point[0]);
  const lats = zone.ring.map((point) => point[1]);
  return {
    zone,
    south: Math.min(...lats),
    north: Math.max(...lats),
    west: Math.min(...lngs),
    east: Math.max(...lngs),
  };
}

/** The domain's even-odd test over the ring ([lng, lat] pairs, as in GeoJSON), after the bounding-box check. */
function zoneContains(prepared: PreparedZone, [lat, lng]: LatLng): boolean {
  if (lat < prepared.south || lat > prepared.north || lng < prepared.west || lng > prepared.east)
    return false;
  return pointInRing(lng, lat, prepared.zone.ring);
}

/**
 * Which of the config's zones the cart is in, and when it crosses a border. Only a changed position is
 * checked (the model replaces the position when the cart moves), so thousands of parked or standing carts
 * cost nothing; a moving cart costs a bounding-box test per zone.
 */
export class ZonePresence {
  private zones: PreparedZone[] = [];
  private inside = new Map<string, ConfigZone>();
  private checkedAt: LatLng | null = null;

  /** Ids of the zones the cart is in right now. */
  get zoneIds(): string[] {
    return [...this.inside.keys()];
  }

  get inRestrictionZone(): boolean {
    for (const zone of this.inside.values()) if (zone.type === 'restriction') return true;
    return false;
  }

  /**
   * Takes a new config's zones. A cart standing in a zone that was just published has entered it; one
   * whose zone was removed or reshaped around it has left it.
   */
  setZones(zones: readonly ConfigZone[], position: LatLng): ZoneCrossing[] {
    this.zones = zones.map(prepare);
    this.checkedAt = null;
    return this.update(position);
  }

  /** Forgets zones and presence without crossings: a tracker reset to factory state knows neither. */
  clear(): void {
    this.zones = [];
    this.inside.clear();
    this.checkedAt = null;
  }

  /** The crossings since the last check. */
  update(position: LatLng): ZoneCrossing[] {
    if (position === this.checkedAt) return [];
    this.checkedAt = position;
    // Most checks find the cart outside every zone, as it was: no allocation for those.
    let containing: Map<string, ConfigZone> | null = null;
    for (const prepared of this.zones) {
      if (zoneContains(prepared, position)) (containing ??= new Map()).set(prepared.zone.id, prepared.zone);
    }
    if (containing === null && this.inside.size === 0) return [];
    containing ??= new Map();
    const crossings: ZoneCrossing[] = [];
    for (const [id, zone] of this.inside) if (!containing.has(id)) crossings.push({ kind: 'exit', zone });
    for (const [id, zone] of containing) if (!this.inside.has(id)) crossings.push({ kind: 'enter', zone });
    this.inside = containing;
    return crossings;
  }
}
