import type { PowerType } from '../schemas/vehicles';
import type { BatteryStatus } from './battery';
import type { GuestCartStatus, OpeningDay } from './guest-cart-status';
import { pointInRing } from './zone-geometry';

/**
 * The rules of a site's open GBFS v3.0 feed (issue 23) that are not transport: which carts a trip planner
 * may offer, how far they go, the club's hours in OpenStreetMap's syntax, and GeoJSON's ring orientation.
 * Pure, so the figures and their assumptions live once, beside their tests.
 */

export const GBFS_VERSION = '3.0';

/**
 * Below this charge a cart is not offered: an 18-hole round takes about 40 % of a lead-acid pack
 * (rules/bookings.ts, MIN_START_CHARGE_PERCENT), so under 20 % it could not even play nine holes.
 */
export const GBFS_MIN_CHARGE_PERCENT = 20;

/**
 * ASSUMPTION: a full electric cart drives about 25 km. From the same 40 %-per-round figure and about 10 km of
 * cart path for 18 holes; lithium packs usually go further, so the figure errs on the short side. A cart's
 * pack is not configured anywhere, so every electric cart gets it.
 */
export const ELECTRIC_CART_RANGE_METERS = 25_000;
/**
 * ASSUMPTION: a petrol cart drives about 100 km on a full tank. Fairway reads no fuel level (a petrol cart's
 * voltage is its starter battery's), so its current range is never measured.
 */
export const COMBUSTION_CART_RANGE_METERS = 100_000;

export type GbfsPropulsion = 'electric' | 'combustion';

/** A cart without vehicle info counts as electric: Fairway's carts are, unless set to 'Gas'. */
export const gbfsPropulsion = (power: PowerType | null | undefined): GbfsPropulsion =>
  power === 'Gas' ? 'combustion' : 'electric';

export const maxRangeMeters = (propulsion: GbfsPropulsion): number =>
  propulsion === 'combustion' ? COMBUSTION_CART_RANGE_METERS : ELECTRIC_CART_RANGE_METERS;

/** What the feed says about a cart's energy: the charge as 0–1 when it is read, and the range in metres. */
export interface CartEnergy {
  /** 0–1; null when the charge cannot be read (charging, Li-Ion, no reading, petrol) */
  fuelPercent: number | null;
  rangeMeters: number;
}

/**
 * The charge read from the battery curve as GBFS's fraction and range. GBFS requires a range for every
 * motorised vehicle: when the charge cannot be read, the cart is offered (as the booking recommendation
 * does not hold back such a cart) and its range is stated as the least an offered cart has
 * (ASSUMPTION: {@link GBFS_MIN_CHARGE_PERCENT} of a full pack), never more than it may hold.
 */
export function cartEnergy(battery: BatteryStatus, propulsion: GbfsPropulsion): CartEnergy {
  const full = maxRangeMeters(propulsion);
  if (propulsion === 'electric' && battery.kind === 'percent')
    return { fuelPercent: battery.percent / 100, rangeMeters: Math.round((full * battery.percent) / 100) };
  return { fuelPercent: null, rangeMeters: Math.round((full * GBFS_MIN_CHARGE_PERCENT) / 100) };
}

/**
 * A cart a guest could take now: the §4 guest status is AVAILABLE (online, in service and not in
 * maintenance, locked, no ride, club open, not booked) and its charge, when read, is usable.
 */
export function offeredInFeed(status: GuestCartStatus, battery: BatteryStatus): boolean {
  if (status !== 'AVAILABLE') return false;
  return battery.kind !== 'percent' || battery.percent >= GBFS_MIN_CHARGE_PERCENT;
}

/** OpenStreetMap's weekday abbreviations, Monday first as its ranges are written. */
const OSM_DAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'] as const;
/** The site's opening hours are indexed from Sunday (0). */
const SITE_DAY_OF_OSM = [1, 2, 3, 4, 5, 6, 0] as const;

/**
 * The club's week (index 0 = Sunday, null = closed) in OSM opening_hours syntax, as GBFS v3.0's
 * `opening_hours` wants it: consecutive days with the same hours share a range, e.g.
 * `Mo-Sa 06:30-20:30; Su off`.
 */
export function osmOpeningHours(week: readonly OpeningDay[]): string {
  const hoursOf = (osmIndex: number) => {
    const day = week[SITE_DAY_OF_OSM[osmIndex]!];
    return day ? `${day.openTime}-${day.closeTime}` : 'off';
  };
  const rules: string[] = [];
  let start = 0;
  for (let i = 1; i <= OSM_DAYS.length; i++) {
    if (i < OSM_DAYS.length && hoursOf(i) === hoursOf(start)) continue;
    const days = i - 1 === start ? OSM_DAYS[start]! : `${OSM_DAYS[start]}-${OSM_DAYS[i - 1]}`;
    rules.push(`${days} ${hoursOf(start)}`);
    start = i;
  }
  return rules.join('; ');
}

type Position = readonly [number, number];

/** Twice the signed area of a ring in degrees (shoelace): positive when it runs counter-clockwise. */
function signedArea(ring: readonly Position[]): number {
  let twice = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x1, y1] = ring[i]!;
    const [x2, y2] = ring[(i + 1) % ring.length]!;
    twice += x1 * y2 - x2 * y1;
  }
  return twice;
}

/**
 * The outer ring counter-clockwise, as GeoJSON's right-hand rule (RFC 7946) and GBFS's geofencing zones
 * require; zones are stored however they were drawn.
 */
export function counterClockwise(ring: readonly Position[]): Array<[number, number]> {
  const copy = ring.map(([lng, lat]): [number, number] => [lng, lat]);
  return signedArea(ring) < 0 ? copy.reverse() : copy;
}

/**
 * Where a station over a parking zone is pinned: the ring's mean vertex (the closing point counted once),
 * or, for a bent ring whose mean falls outside it, its first corner, so the pin is never off the zone.
 */
export function ringCentre(ring: readonly Position[]): [number, number] {
  const closed = ring.length > 1 && ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1];
  const vertices = closed ? ring.slice(0, -1) : ring;
  const sum = vertices.reduce<[number, number]>(([x, y], [lng, lat]) => [x + lng, y + lat], [0, 0]);
  const mean: [number, number] = [sum[0] / vertices.length, sum[1] / vertices.length];
  return pointInRing(mean[0], mean[1], ring) ? mean : [ring[0]![0], ring[0]![1]];
}

/**
 * ASSUMPTION: a club that has drawn no parking zone keeps its carts in a barn at its map centre; a cart this
 * close to the centre counts as parked there.
 */
export const BARN_RADIUS_METRES = 100;

const EARTH_RADIUS_METRES = 6_371_000;

/** Whether two [lng, lat] positions lie within `metres` of each other (flat projection: a barn's scale). */
export function withinMetres(a: Position, b: Position, metres: number): boolean {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const x = toRadians(b[0] - a[0]) * Math.cos(toRadians((a[1] + b[1]) / 2)) * EARTH_RADIUS_METRES;
  const y = toRadians(b[1] - a[1]) * EARTH_RADIUS_METRES;
  return Math.hypot(x, y) <= metres;
}
