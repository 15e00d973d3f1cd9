import {
  batteryStatus,
  cartEnergy,
  clockAt,
  currencyMinorUnits,
  GBFS_VERSION,
  gbfsPropulsion,
  guestCartStatusAt,
  LIMITS,
  localDate,
  offeredInFeed,
  osmOpeningHours,
  siteOpenAt,
  zonedInstant,
  type SiteLang,
} from '@fairway/domain';
import type {
  Gbfs,
  GeofencingZones,
  Manifest,
  StationInformation,
  StationStatus,
  SystemInformation,
  SystemPricingPlans,
  VehicleStatus,
  VehicleTypes,
} from 'gbfs-typescript-types/v3.0';
import type { Feed } from 'gbfs-typescript-types/v3.0/gbfs';
import type { Vehicle } from 'gbfs-typescript-types/v3.0/vehicle_status';
import type { Plan } from 'gbfs-typescript-types/v3.0/system_pricing_plans';
import { HttpError } from '../../lib/errors';
import type { SiteRow } from '../sites/sites.presenter';
import type { FeedCart, FeedPrice, GbfsRepository } from './gbfs.repository';
import {
  clubName,
  globalRules,
  propulsionsOf,
  rfc3339,
  sixDecimals,
  stationsOf,
  toGeofencingFeatures,
  toVehicleType,
  vehicleTypeId,
  type FeedStation,
} from './gbfs.presenter';
import { feedLanguages, localised, verbatim } from './gbfs.texts';
import { rotatingVehicleId } from './vehicle-ids';

/**
 * Seconds a consumer may keep each file (GBFS `ttl`, and the answer's Cache-Control). Carts report every
 * 15–30 s and a guest's unlock takes a cart at once, so the live files are fresh for 30 s; the rest changes
 * only when the club edits its settings, zones or prices.
 */
export const GBFS_TTL = { live: 30, config: 300 } as const;

/** The files of a site's feed, as GBFS names them (the path is `<name>.json`). */
export const GBFS_FILES = [
  'system_information',
  'vehicle_types',
  'vehicle_status',
  'station_information',
  'station_status',
  'geofencing_zones',
  'system_pricing_plans',
] as const;
export type GbfsFile = (typeof GBFS_FILES)[number];

/** Where the feed is served: the address the request came to (or PUBLIC_URL). */
export interface FeedAddress {
  /** e.g. https://fairway.example — no trailing slash */
  base: string;
}

const feedNotFound = () => new HttpError(404, 'No open data feed here', 'gbfsNotFound');

/**
 * A club's open GBFS v3.0 feed (issue 23): what a trip planner or a city's mobility map may know — the carts
 * a guest could take now, where the club keeps them, the zones and the guest prices — and nothing about who
 * drives. Opt-in per site; a site that does not publish answers exactly as one that does not exist.
 */
export class GbfsService {
  private secret: Promise<string> | null = null;

  constructor(
    private readonly repository: GbfsRepository,
    /** the feeds' `feed_contact_email`: a role address from the configuration, never a person's */
    private readonly contactEmail: string,
  ) {}

  async discovery(siteId: string, address: FeedAddress, now = Date.now()): Promise<Gbfs> {
    const found = await this.repository.site(siteId);
    if (!found) throw feedNotFound();
    // The pricing plans file would be empty: listed only when the club sells something to guests.
    const files = GBFS_FILES.filter((file) => file !== 'system_pricing_plans' || found.hasPlans);
    const feeds: Feed[] = files.map((name) => ({ name, url: fileUrl(address, siteId, name) }));
    return envelope(now, GBFS_TTL.config, { feeds });
  }

  async systemInformation(
    siteId: string,
    address: FeedAddress,
    now = Date.now(),
  ): Promise<SystemInformation> {
    const found = await this.repository.site(siteId);
    if (!found) throw feedNotFound();
    const { site } = found;
    const languages = feedLanguages(site.lang);
    const website = site.publicProfile.website;
    return envelope(now, GBFS_TTL.config, {
      system_id: site.id,
      languages,
      name: clubName(site, languages),
      opening_hours: osmOpeningHours(site.openingHours),
      feed_contact_email: this.contactEmail,
      timezone: site.timezone as SystemInformation['data']['timezone'],
      // Fairway publishes one feed per club: GBFS then wants the publisher's list of them.
      manifest_url: `${address.base}/api/gbfs/manifest.json`,
      ...(website ? { url: website } : {}),
    });
  }

  async vehicleTypes(siteId: string, now = Date.now()): Promise<VehicleTypes> {
    const found = await this.repository.vehicleTypes(siteId);
    if (!found) throw feedNotFound();
    const languages = feedLanguages(found.site.lang);
    return envelope(now, GBFS_TTL.config, {
      vehicle_types: propulsionsOf(found.powers).map((propulsion) =>
        toVehicleType(propulsion, languages, found.planIds),
      ),
    });
  }

  async vehicleStatus(siteId: string, address: FeedAddress, now = Date.now()): Promise<VehicleStatus> {
    const fleet = await this.fleet(siteId, address, now);
    const secret = await this.vehicleIdSecret();
    const vehicles = fleet.offered.map(({ cart, lat, lng, station }): Vehicle => {
      const battery = batteryStatus({
        battVoltage: cart.battVoltage,
        battCharge: cart.battCharge,
        vehicleInfo: cart.power ? { power: cart.power } : null,
      });
      const propulsion = gbfsPropulsion(cart.power);
      const energy = cartEnergy(battery, propulsion);
      const until = availableUntil(fleet.site, cart, now);
      return {
        vehicle_id: rotatingVehicleId(secret, cart),
        lat,
        lon: lng,
        is_reserved: false,
        is_disabled: false,
        vehicle_type_id: vehicleTypeId(propulsion),
        current_range_meters: energy.rangeMeters,
        ...(energy.fuelPercent !== null ? { current_fuel_percent: energy.fuelPercent } : {}),
        ...(cart.lastReportAt ? { last_reported: rfc3339(cart.lastReportAt) } : {}),
        ...(station ? { station_id: station.info.station_id } : {}),
        ...(until !== null ? { available_until: rfc3339(until) } : {}),
      };
    });
    return envelope(now, GBFS_TTL.live, { vehicles });
  }

  async stationInformation(
    siteId: string,
    address: FeedAddress,
    now = Date.now(),
  ): Promise<StationInformation> {
    const found = await this.repository.stations(siteId);
    if (!found) throw feedNotFound();
    const languages = feedLanguages(found.site.lang);
    const stations = stationsOf(found.site, found.parkings, languages, portalUrl(address, siteId));
    return envelope(now, GBFS_TTL.config, { stations: stations.map((station) => station.info) });
  }

  async stationStatus(siteId: string, address: FeedAddress, now = Date.now()): Promise<StationStatus> {
    const fleet = await this.fleet(siteId, address, now);
    const renting = siteOpenAt(fleet.site.openingHours, clockAt(now, fleet.site.timezone));
    const types = propulsionsOf(fleet.carts.map((cart) => cart.power));
    return envelope(now, GBFS_TTL.live, {
      stations: fleet.stations.map((station) => {
        const here = fleet.offered.filter((offer) => offer.station === station);
        return {
          station_id: station.info.station_id,
          num_vehicles_available: here.length,
          vehicle_types_available: types.map((propulsion) => ({
            vehicle_type_id: vehicleTypeId(propulsion),
            count: here.filter((offer) => gbfsPropulsion(offer.cart.power) === propulsion).length,
          })),
          is_installed: true,
          // Outside the club's hours no cart is handed out; one may always be brought back.
          is_renting: renting,
          is_returning: true,
          last_reported: rfc3339(now),
        };
      }),
    });
  }

  async geofencingZones(siteId: string, now = Date.now()): Promise<GeofencingZones> {
    const found = await this.repository.zones(siteId);
    if (!found) throw feedNotFound();
    const languages = feedLanguages(found.site.lang);
    return envelope(now, GBFS_TTL.config, {
      geofencing_zones: { type: 'FeatureCollection', features: toGeofencingFeatures(found.zones, languages) },
      global_rules: globalRules(found.zones),
    });
  }

  async pricingPlans(siteId: string, now = Date.now()): Promise<SystemPricingPlans> {
    const found = await this.repository.plans(siteId);
    if (!found) throw feedNotFound();
    const languages = feedLanguages(found.site.lang);
    return envelope(now, GBFS_TTL.config, {
      plans: found.prices.map((price) => toPlan(found.site, price, languages)),
    });
  }

  /** Every published club's discovery file: GBFS's manifest for a publisher of several systems. */
  async manifest(address: FeedAddress, now = Date.now()): Promise<Manifest> {
    const sites = await this.repository.enabledSites();
    return envelope(now, GBFS_TTL.config, {
      datasets: sites.map((site) => ({
        system_id: site.id,
        versions: [{ version: GBFS_VERSION, url: fileUrl(address, site.id, 'gbfs') }],
      })),
    });
  }

  /**
   * The site's carts that a guest could take now (§4 guest status AVAILABLE with a usable charge, and a
   * position to find them at), each with the station it stands at, if any.
   */
  private async fleet(siteId: string, address: FeedAddress, now: number) {
    const found = await this.repository.fleet(siteId, new Date(now));
    if (!found) throw feedNotFound();
    const { site, carts, parkings } = found;
    const stations = stationsOf(site, parkings, feedLanguages(site.lang), portalUrl(address, siteId));
    const offered: Array<{ cart: FeedCart; lat: number; lng: number; station: FeedStation | null }> = [];
    for (const cart of carts) {
      if (cart.lat === null || cart.lng === null) continue;
      const status = guestCartStatusAt(guestState(cart, now), cart.openRide, site, now, {
        bookedNow: cart.bookedNow,
        maintenanceNow: cart.maintenanceNow,
      });
      const battery = batteryStatus({
        battVoltage: cart.battVoltage,
        battCharge: cart.battCharge,
        vehicleInfo: cart.power ? { power: cart.power } : null,
      });
      if (!offeredInFeed(status, battery)) continue;
      const station = stations.find((candidate) => candidate.holds([cart.lng!, cart.lat!])) ?? null;
      offered.push({ cart, lat: sixDecimals(cart.lat), lng: sixDecimals(cart.lng), station });
    }
    return { site, carts, stations, offered };
  }

  private vehicleIdSecret(): Promise<string> {
    // Read once per process; a failed read is tried again on the next request.
    this.secret ??= this.repository.vehicleIdSecret().catch((error: unknown) => {
      this.secret = null;
      throw error;
    });
    return this.secret;
  }
}

/** The §4 guest status's input, read as the cart views read it (devices.presenter: online needs a fresh report). */
function guestState(cart: FeedCart, now: number) {
  const fresh =
    cart.lastReportAt !== null && now - cart.lastReportAt.getTime() < LIMITS.offlineAfterSeconds * 1000;
  return {
    onlineStatus: cart.online && fresh,
    lockStatus: cart.lockStatus === 0 ? (0 as const) : (1 as const),
    inUse: cart.inUse,
    key: cart.key === '1' ? ('1' as const) : ('0' as const),
    inService: cart.inService,
  };
}

/**
 * When the cart must be back: the start of its next booking or maintenance block, or the club's closing
 * today, whichever is first (an offered cart is one of an open club, so today has a closing time).
 */
function availableUntil(site: SiteRow, cart: FeedCart, now: number): number | null {
  const today = site.openingHours[clockAt(now, site.timezone).day];
  const closing = today ? zonedInstant(localDate(now, site.timezone), today.closeTime, site.timezone) : null;
  const candidates = [closing, cart.nextBookingAt?.getTime() ?? null].filter(
    (instant): instant is number => instant !== null,
  );
  return candidates.length > 0 ? Math.min(...candidates) : null;
}

/**
 * A guest price as a pricing plan: one fare for the service's time with a cart, the site's unlock fee
 * included as checkout adds it (spec §9), in major units. Taxes are in the club's prices already.
 */
function toPlan(site: SiteRow, price: FeedPrice, languages: readonly SiteLang[]): Plan {
  const minor = 10 ** currencyMinorUnits(site.currency);
  return {
    plan_id: price.id,
    name: verbatim(languages, `${price.serviceName} – ${price.name}`),
    currency: site.currency,
    price: (price.amount + site.unlockFee) / minor,
    is_taxable: false,
    description: localised(languages, (texts) =>
      [
        texts.plan(price.serviceName, price.duration),
        site.unlockFee > 0 ? texts.unlockFeeIncluded : null,
        price.availableTimes.length > 0 ? texts.setTimesOnly : null,
        price.description.trim() || null,
      ]
        .filter((part): part is string => part !== null)
        .join(' '),
    ),
  };
}

function envelope<T>(now: number, ttl: number, data: T) {
  return { last_updated: rfc3339(now), ttl, version: GBFS_VERSION as '3.0', data };
}

const fileUrl = (address: FeedAddress, siteId: string, name: GbfsFile | 'gbfs') =>
  `${address.base}/api/gbfs/${siteId}/${name}.json`;

/** The club's guest portal, where a guest picks a cart and pays (the poster's QR code opens it too). */
const portalUrl = (address: FeedAddress, siteId: string) => `${address.base}/guest/site/${siteId}`;
