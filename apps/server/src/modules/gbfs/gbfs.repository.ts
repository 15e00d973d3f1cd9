import { and, asc, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AvailableTime, PolygonGeometry, PowerType, ZoneType } from '@fairway/domain';
import type { Db } from '../../db/client';
import { bookings } from '../../db/tables/bookings';
import { devices } from '../../db/tables/devices';
import { rides } from '../../db/tables/rides';
import { prices, services } from '../../db/tables/services';
import { sites } from '../../db/tables/sites';
import { zones } from '../../db/tables/zones';
import { platformSecret } from '../platform/platform.service';
import type { SiteRow } from '../sites/sites.presenter';

/** A cart as the feed reads it: its state for the guest status, its charge, and what rotates its id. */
export interface FeedCart {
  id: string;
  lat: number | null;
  lng: number | null;
  online: boolean;
  lastReportAt: Date | null;
  lockStatus: number;
  inUse: boolean;
  inService: boolean;
  key: string;
  battVoltage: number | null;
  battCharge: boolean;
  power: PowerType | null;
  /** a ride is open on it, including an unlock still waiting for the cart's confirmation */
  openRide: boolean;
  /** its latest ride, whatever its state: a new one rotates the cart's public id */
  lastRideId: string | null;
  lastMovedAt: Date | null;
  bookedNow: boolean;
  maintenanceNow: boolean;
  /** the start of its next live booking or maintenance block after now */
  nextBookingAt: Date | null;
}

export interface FeedZone {
  id: string;
  type: ZoneType;
  geometry: PolygonGeometry;
}

export interface FeedPrice {
  id: string;
  name: string;
  description: string;
  /** minor units */
  amount: number;
  availableTimes: AvailableTime[];
  serviceName: string;
  /** minutes */
  duration: number;
}

/** Raw JSON of a cart as the aggregate below builds it (timestamps as text). */
type CartJson = Omit<FeedCart, 'lastReportAt' | 'lastMovedAt' | 'nextBookingAt'> & {
  lastReportAt: string | null;
  lastMovedAt: string | null;
  nextBookingAt: string | null;
};

/**
 * A column with its table's name: in a select's fields Drizzle writes columns bare, which inside the
 * correlated subqueries below would bind to the nearest table with such a column, not the one meant.
 */
const q = (column: AnyPgColumn) => sql.raw(`"${getTableName(column.table)}"."${column.name}"`);

const at = (value: string | null): Date | null => (value === null ? null : new Date(value));

/** Statuses of a booking that still holds its cart (as modules/bookings/cart-bookings.ts reads them). */
const LIVE_BOOKING = sql`${q(bookings.status)} in ('confirmed', 'payment_pending')`;

/**
 * What a site's open GBFS feed reads (issue 23). Every file is one query: the site, only if its feed is on
 * (and it is a real club, not the staging site), with what that file needs aggregated beside it, so a
 * missing site and a switched-off feed are the same empty answer and a poll costs one round trip.
 */
export class GbfsRepository {
  constructor(private readonly db: Db) {}

  /** The key of the HMAC that makes the carts' public ids; created on first use, shared by every instance. */
  vehicleIdSecret(): Promise<string> {
    return platformSecret(this.db, 'gbfs-vehicle-id-secret');
  }

  /** The site and whether it sells anything to guests (the pricing plans file is listed only then). */
  async site(siteId: string): Promise<{ site: SiteRow; hasPlans: boolean } | null> {
    const [row] = await this.feedSite(siteId, { hasPlans: sql<boolean>`exists(${this.guestPrices()})` });
    return row ?? null;
  }

  /**
   * The site, the power types of its carts, and its guest prices' ids: the default first, which is the
   * cheapest sold at any time of the week (a twilight rate is not what a cart usually costs).
   */
  async vehicleTypes(
    siteId: string,
  ): Promise<{ site: SiteRow; powers: Array<PowerType | null>; planIds: string[] } | null> {
    const [row] = await this.feedSite(siteId, {
      powers: sql<
        Array<PowerType | null>
      >`coalesce((select array_agg(distinct ${q(devices.vehicleInfo)}->>'power')
        from ${devices} where ${q(devices.siteId)} = ${q(sites.id)}), '{}')`,
      planIds: sql<
        string[]
      >`coalesce((select json_agg(plan.id order by plan."availableTimes" = '[]'::jsonb desc,
        plan.amount, plan."serviceName", plan.id) from (${this.guestPrices()}) plan), '[]')`,
    });
    return row ?? null;
  }

  /** The site, every cart with what decides whether a guest could take it at `now`, and the parking zones. */
  async fleet(
    siteId: string,
    now: Date,
  ): Promise<{ site: SiteRow; carts: FeedCart[]; parkings: FeedZone[] } | null> {
    const instant = sql`${now.toISOString()}::timestamptz`;
    const bookingOf = (condition: SQL) =>
      sql`from ${bookings} where ${q(bookings.deviceId)} = ${q(devices.id)} and ${LIVE_BOOKING} and ${condition}`;
    const cart = sql`json_build_object(
      'id', ${q(devices.id)}, 'lat', ${q(devices.lat)}, 'lng', ${q(devices.lng)}, 'online', ${q(devices.online)},
      'lastReportAt', ${q(devices.lastReportAt)}, 'lockStatus', ${q(devices.lockStatus)}, 'inUse', ${q(devices.inUse)},
      'inService', ${q(devices.inService)}, 'key', ${q(devices.key)}, 'battVoltage', ${q(devices.battVoltage)},
      'battCharge', ${q(devices.battCharge)}, 'power', ${q(devices.vehicleInfo)}->>'power',
      'lastMovedAt', ${q(devices.lastMovedAt)},
      'openRide', exists(select 1 from ${rides} where ${q(rides.deviceId)} = ${q(devices.id)} and ${q(rides.status)} <> 'ended'),
      'lastRideId', (select ${q(rides.id)} from ${rides} where ${q(rides.deviceId)} = ${q(devices.id)}
        order by ${q(rides.start)} desc, ${q(rides.id)} desc limit 1),
      'bookedNow', exists(select 1 ${bookingOf(sql`${q(bookings.bookingType)} = 'booking' and ${q(bookings.start)} <= ${instant} and ${q(bookings.end)} > ${instant}`)}),
      'maintenanceNow', exists(select 1 ${bookingOf(sql`${q(bookings.bookingType)} = 'cart_maintenance' and ${q(bookings.start)} <= ${instant} and ${q(bookings.end)} > ${instant}`)}),
      'nextBookingAt', (select min(${q(bookings.start)}) ${bookingOf(sql`${q(bookings.start)} > ${instant}`)})
    )`;
    const [row] = await this.feedSite(siteId, {
      carts: sql<
        CartJson[]
      >`coalesce((select json_agg(${cart} order by ${q(devices.carNumber)}, ${q(devices.id)})
        from ${devices} where ${q(devices.siteId)} = ${q(sites.id)}), '[]')`,
      parkings: this.zonesOf(sql`and ${q(zones.type)} = 'parking'`),
    });
    if (!row) return null;
    const carts = row.carts.map((json) => ({
      ...json,
      lastReportAt: at(json.lastReportAt),
      lastMovedAt: at(json.lastMovedAt),
      nextBookingAt: at(json.nextBookingAt),
    }));
    return { site: row.site, carts, parkings: row.parkings };
  }

  /** The site and its parking zones (the stations). */
  async stations(siteId: string): Promise<{ site: SiteRow; parkings: FeedZone[] } | null> {
    const [row] = await this.feedSite(siteId, {
      parkings: this.zonesOf(sql`and ${q(zones.type)} = 'parking'`),
    });
    return row ?? null;
  }

  /** The site and all its zones. */
  async zones(siteId: string): Promise<{ site: SiteRow; zones: FeedZone[] } | null> {
    const [row] = await this.feedSite(siteId, { zones: this.zonesOf(sql``) });
    return row ?? null;
  }

  /** The site and the prices a guest can buy, by service name and amount as the guest's rates page lists them. */
  async plans(siteId: string): Promise<{ site: SiteRow; prices: FeedPrice[] } | null> {
    const [row] = await this.feedSite(siteId, {
      prices: sql<
        FeedPrice[]
      >`coalesce((select json_agg(plan order by plan."serviceName", plan.amount, plan.id)
        from (${this.guestPrices()}) plan), '[]')`,
    });
    return row ?? null;
  }

  /** The sites whose feed is on, for the manifest. */
  enabledSites(): Promise<Array<{ id: string }>> {
    return this.db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.gbfsEnabled, true), eq(sites.staging, false)))
      .orderBy(asc(sites.createdAt), asc(sites.id));
  }

  private feedSite<T extends Record<string, SQL>>(siteId: string, extras: T) {
    return this.db
      .select({ site: sites, ...extras })
      .from(sites)
      .where(and(eq(sites.id, siteId), eq(sites.gbfsEnabled, true), eq(sites.staging, false)));
  }

  private zonesOf(filter: SQL) {
    return sql<
      FeedZone[]
    >`coalesce((select json_agg(json_build_object('id', ${q(zones.id)}, 'type', ${q(zones.type)},
      'geometry', ${q(zones.geometry)}) order by ${q(zones.createdAt)}, ${q(zones.id)})
      from ${zones} where ${q(zones.siteId)} = ${q(sites.id)} ${filter}), '[]')`;
  }

  /**
   * The prices a guest can buy by card, as the guest's rates page offers them (modules/guest, sellablePrices):
   * the guest group's (no user group), costing something; correlated to the outer query's site.
   */
  private guestPrices() {
    return sql`select ${q(prices.id)} as id, ${q(prices.name)} as name, ${q(prices.description)} as description,
      ${q(prices.amount)} as amount, ${q(prices.availableTimes)} as "availableTimes", ${q(services.name)} as "serviceName",
      ${q(services.duration)} as duration
      from ${prices} join ${services} on ${q(services.id)} = ${q(prices.serviceId)}
      where ${q(services.siteId)} = ${q(sites.id)} and ${q(prices.userGroupId)} is null and ${q(prices.amount)} > 0`;
  }
}
