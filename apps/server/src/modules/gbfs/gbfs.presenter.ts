import {
  BARN_RADIUS_METRES,
  counterClockwise,
  gbfsPropulsion,
  maxRangeMeters,
  parseLatLng,
  pointInRing,
  ringCentre,
  withinMetres,
  type GbfsPropulsion,
  type PowerType,
  type SiteLang,
} from '@fairway/domain';
import type { VehicleType } from 'gbfs-typescript-types/v3.0/vehicle_types';
import type { Station } from 'gbfs-typescript-types/v3.0/station_information';
import type { GeoJSONFeature, Rule } from 'gbfs-typescript-types/v3.0/geofencing_zones';
import type { SiteRow } from '../sites/sites.presenter';
import type { FeedZone } from './gbfs.repository';
import { localised, verbatim, type FeedTexts } from './gbfs.texts';

/**
 * Rows into GBFS v3.0 shapes (issue 23): the vehicle types, the stations over the parking zones, and the
 * zones' rules. The service decides what is published; this only says it in GBFS's words.
 */

/** RFC 3339 to the second, as GBFS v3.0 writes its times. */
export const rfc3339 = (instant: Date | number): string =>
  new Date(instant).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Six decimals, about 0.1 m: the precision positions are stored and shown with. */
export const sixDecimals = (value: number) => Math.round(value * 1e6) / 1e6;

// ---- vehicle types ----------------------------------------------------------------------------------------

/** The vehicle type a cart is published as: one per propulsion, so the ids are stable and say what they are. */
export const vehicleTypeId = (propulsion: GbfsPropulsion): string => `golf_cart_${propulsion}`;

/** The propulsions of a site's carts, electric first; a site without carts still describes its electric type. */
export function propulsionsOf(powers: ReadonlyArray<PowerType | null>): GbfsPropulsion[] {
  const present = new Set(powers.map(gbfsPropulsion));
  return (['electric', 'combustion'] as const).filter(
    (propulsion) => present.has(propulsion) || (propulsion === 'electric' && present.size === 0),
  );
}

export function toVehicleType(
  propulsion: GbfsPropulsion,
  languages: readonly SiteLang[],
  planIds: readonly string[],
): VehicleType {
  return {
    vehicle_type_id: vehicleTypeId(propulsion),
    // GBFS has no golf cart: 'car' would send trip planners' car routing onto the fairways.
    form_factor: 'other',
    propulsion_type: propulsion,
    max_range_meters: maxRangeMeters(propulsion),
    name: localised(languages, (texts) =>
      propulsion === 'electric' ? texts.electricCart : texts.combustionCart,
    ),
    // A ride may end anywhere on the course (the guest ends it from the phone); carts are fetched back.
    return_constraint: 'hybrid',
    ...(planIds.length > 0 ? { default_pricing_plan_id: planIds[0]!, pricing_plan_ids: [...planIds] } : {}),
  };
}

// ---- stations ---------------------------------------------------------------------------------------------

/** A parking zone's public name, the same in the stations and the zones: one alone is the cart barn. */
const parkingName = (texts: FeedTexts, index: number, count: number): string =>
  count === 1 ? texts.cartBarn : texts.cartPark(index + 1);

/** A station of the feed with the test of which carts stand at it. */
export interface FeedStation {
  info: Station;
  /** whether a cart at [lng, lat] is parked at this station */
  holds(position: readonly [number, number]): boolean;
}

/**
 * The places carts are taken from and brought back to: each parking zone (a virtual station whose area is
 * the zone; one alone is the cart barn), or, for a club that drew none, the barn at its map centre
 * (ASSUMPTION, docs/gbfs.md). Guests take carts there through the club's guest portal.
 */
export function stationsOf(
  site: SiteRow,
  parkings: readonly FeedZone[],
  languages: readonly SiteLang[],
  portalUrl: string,
): FeedStation[] {
  const common = { is_virtual_station: true, rental_uris: { web: portalUrl } } as const;
  if (parkings.length === 0) {
    const [lat, lng] = parseLatLng(site.centerLatLong) ?? [0, 0];
    return [
      {
        info: {
          station_id: `${site.id}-barn`,
          name: localised(languages, (texts) => texts.cartBarn),
          lat: sixDecimals(lat),
          lon: sixDecimals(lng),
          ...common,
        },
        holds: (position) => withinMetres(position, [lng, lat], BARN_RADIUS_METRES),
      },
    ];
  }
  return parkings.map((zone, index) => {
    const ring = zone.geometry.coordinates[0]!;
    const [lng, lat] = ringCentre(ring);
    return {
      info: {
        station_id: zone.id,
        name: localised(languages, (texts) => parkingName(texts, index, parkings.length)),
        lat: sixDecimals(lat),
        lon: sixDecimals(lng),
        station_area: { type: 'MultiPolygon', coordinates: [[counterClockwise(ring)]] },
        ...common,
      },
      holds: ([x, y]) => pointInRing(x, y, ring),
    };
  });
}

// ---- geofencing zones -------------------------------------------------------------------------------------

const rule = (start: boolean, end: boolean, through: boolean): Rule => ({
  ride_start_allowed: start,
  ride_end_allowed: end,
  ride_through_allowed: through,
});

/**
 * The site's zones in GBFS's terms. GBFS applies the first zone of the list that covers a point, so the
 * most restrictive come first: restriction zones (no cart may enter: nothing allowed), then parking zones
 * (the stations: a cart left there must be at the station), then the geofence, which is the operating
 * area (everything allowed inside).
 */
export function toGeofencingFeatures(
  zones: readonly FeedZone[],
  languages: readonly SiteLang[],
): GeoJSONFeature[] {
  const order = { restriction: 0, parking: 1, geofence: 2 } as const;
  const parkings = zones.filter((zone) => zone.type === 'parking');
  return [...zones]
    .sort((a, b) => order[a.type] - order[b.type])
    .map((zone) => ({
      type: 'Feature',
      geometry: { type: 'MultiPolygon', coordinates: [[counterClockwise(zone.geometry.coordinates[0]!)]] },
      properties: {
        name: localised(languages, (texts) =>
          zone.type === 'restriction'
            ? texts.restrictedArea
            : zone.type === 'parking'
              ? parkingName(texts, parkings.indexOf(zone), parkings.length)
              : texts.operatingArea,
        ),
        rules: [
          zone.type === 'restriction'
            ? rule(false, false, false)
            : zone.type === 'parking'
              ? { ...rule(true, true, true), station_parking: true }
              : rule(true, true, true),
        ],
      },
    }));
}

/**
 * Outside every zone: with a geofence drawn, that is outside the operating area, where no ride may start, end
 * or pass; a club without one has said nothing against driving anywhere.
 */
export function globalRules(zones: readonly FeedZone[]): Rule[] {
  const bounded = zones.some((zone) => zone.type === 'geofence');
  return [bounded ? rule(false, false, false) : rule(true, true, true)];
}

/** The club's name in every language of the feed. */
export const clubName = (site: SiteRow, languages: readonly SiteLang[]) =>
  verbatim(languages, site.publicProfile.name || site.name);
