import { and, asc, count, desc, eq, gte, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { RideSearchField } from '@fairway/domain';
import type { Db } from '../../db/client';
import { devices, positions } from '../../db/tables/devices';
import { icu } from '../../lib/caseless-text';
import { payments } from '../../db/tables/payments';
import { prices, services } from '../../db/tables/services';
import { sites } from '../../db/tables/sites';
import { users } from '../../db/tables/users';
import type { RideNames } from '../../lib/events';
import type { RideRow } from './rides.repository';
import { rides } from '../../db/tables/rides';

/** A ride with the names its views show, read in one query with it. */
export interface RideWithNames extends RideNames {
  ride: RideRow;
}

/** A ride as its guest sees it: the service and price it is for, and the card payment that bought it. */
export interface GuestRide {
  ride: RideRow;
  currency: string;
  serviceName: string | null;
  serviceDuration: number | null;
  priceName: string | null;
  priceAmount: number | null;
  payment: {
    status: (typeof payments.$inferSelect)['status'];
    refundedAt: Date | null;
    total: number;
    currency: string;
  } | null;
}

export interface RidePageFilter {
  start?: Date;
  end?: Date;
  deviceId?: string;
  search?: { text: string; field: RideSearchField };
}

const withNames = {
  ride: rides,
  carName: devices.carName,
  currency: sites.currency,
  centerLatLong: sites.centerLatLong,
  serviceName: services.name,
  serviceDuration: services.duration,
  overrunGraceMinutes: sites.overrunGraceMinutes,
  priceName: prices.name,
  unlockedByEmail: users.email,
};

/** `%` and `_` typed by the operator are letters, not wildcards (backslash is LIKE's default escape). */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/**
 * What each search field looks in, regardless of case (ICU, as member search: 'ærø' finds 'Ærø'). A car
 * number matches from its start ("1" finds 1, 12, 105), names and emails anywhere.
 */
function searchCondition(search: RidePageFilter['search']): SQL | undefined {
  if (!search?.text) return undefined;
  const text = escapeLike(search.text);
  switch (search.field) {
    case 'carNumber':
      return sql`${icu(rides.carNumber)} ILIKE ${`${text}%`}`;
    case 'name':
      return sql`${icu(sql`${rides.meta}->>'name'`)} ILIKE ${`%${text}%`}`;
    case 'email':
      return sql`${icu(sql`${rides.meta}->>'email'`)} ILIKE ${`%${text}%`}`;
  }
}

/** The read side's queries: rides with their names, pages of them, their trails and their guest shape. */
export class RideViewsRepository {
  constructor(private readonly db: Db) {}

  /** Rides with their names, and any `extra` columns (a page's window count). */
  private selectWithNames<Extra extends Record<string, SQL>>(extra = {} as Extra) {
    return this.db
      .select({ ...withNames, ...extra })
      .from(rides)
      .innerJoin(sites, eq(sites.id, rides.siteId))
      .innerJoin(devices, eq(devices.id, rides.deviceId))
      .leftJoin(services, eq(services.id, rides.serviceId))
      .leftJoin(prices, eq(prices.id, rides.priceId))
      .leftJoin(users, eq(users.id, rides.unlockedBy));
  }

  /** The ride, deleted or not (a deletion is pushed to operators as the deleted ride). */
  async find(rideId: string): Promise<RideWithNames | null> {
    const [row] = await this.selectWithNames().where(eq(rides.id, rideId));
    return row ?? null;
  }

  /** The site's ride, unless deleted: another site's ride is as unknown as a missing one. */
  async findOnSite(rideId: string, siteId: string): Promise<RideWithNames | null> {
    const [row] = await this.selectWithNames().where(
      and(eq(rides.id, rideId), eq(rides.siteId, siteId), eq(rides.deleted, false)),
    );
    return row ?? null;
  }

  /** The site's open rides (active or paused, confirmed or still waiting for the cart), newest first. */
  open(siteId: string): Promise<RideWithNames[]> {
    return this.selectWithNames()
      .where(and(eq(rides.siteId, siteId), ne(rides.status, 'ended'), eq(rides.deleted, false)))
      .orderBy(desc(rides.start), desc(rides.id));
  }

  /** One page, newest first by start, and the total in one query (a window count). */
  async page(
    siteId: string,
    filter: RidePageFilter,
    limit: number,
    offset: number,
  ): Promise<{ rows: RideWithNames[]; total: number }> {
    const where = and(
      eq(rides.siteId, siteId),
      eq(rides.deleted, false),
      filter.start ? gte(rides.start, filter.start) : undefined,
      filter.end ? lt(rides.start, filter.end) : undefined,
      filter.deviceId ? eq(rides.deviceId, filter.deviceId) : undefined,
      searchCondition(filter.search),
    );
    const rows = await this.selectWithNames({ total: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .where(where)
      .orderBy(desc(rides.start), desc(rides.id))
      .limit(limit)
      .offset(offset);
    if (rows.length > 0 || offset === 0)
      return { rows: rows.map(({ total: _, ...row }) => row), total: rows[0]?.total ?? 0 };
    // A page past the end has no row to carry the window count.
    const [counted] = await this.db.select({ n: count() }).from(rides).where(where);
    return { rows: [], total: counted!.n };
  }

  /** The cart's positions in [from, to], oldest first: a ride's trail is not stored twice. */
  async trail(deviceId: string, from: Date, to: Date): Promise<[number, number][]> {
    const rows = await this.db
      .select({ lat: positions.lat, lng: positions.lng })
      .from(positions)
      .where(and(eq(positions.deviceId, deviceId), gte(positions.ts, from), lte(positions.ts, to)))
      .orderBy(asc(positions.ts));
    return rows.map(({ lat, lng }) => [lat, lng]);
  }

  /** The ride as its guest sees it, unless deleted. */
  async guestRide(rideId: string): Promise<GuestRide | null> {
    const [row] = await this.db
      .select({
        ride: rides,
        currency: sites.currency,
        serviceName: services.name,
        serviceDuration: services.duration,
        priceName: prices.name,
        priceAmount: prices.amount,
        paymentStatus: payments.status,
        paymentRefundedAt: payments.refundedAt,
        paymentTotal: payments.total,
        paymentCurrency: payments.currency,
      })
      .from(rides)
      .innerJoin(sites, eq(sites.id, rides.siteId))
      .leftJoin(services, eq(services.id, rides.serviceId))
      .leftJoin(prices, eq(prices.id, rides.priceId))
      .leftJoin(payments, eq(payments.id, rides.paymentId))
      .where(and(eq(rides.id, rideId), eq(rides.deleted, false)));
    if (!row) return null;
    const { paymentStatus, paymentRefundedAt, paymentTotal, paymentCurrency, ...rest } = row;
    return {
      ...rest,
      payment:
        paymentStatus !== null && paymentTotal !== null && paymentCurrency !== null
          ? {
              status: paymentStatus,
              refundedAt: paymentRefundedAt,
              total: paymentTotal,
              currency: paymentCurrency,
            }
          : null,
    };
  }

  /** Marks the site's ride deleted; null when it is not the site's or was deleted already. */
  async markDeleted(rideId: string, siteId: string): Promise<RideRow | null> {
    const [row] = await this.db
      .update(rides)
      .set({ deleted: true, updatedAt: sql`now()` })
      .where(and(eq(rides.id, rideId), eq(rides.siteId, siteId), eq(rides.deleted, false)))
      .returning();
    return row ?? null;
  }
}
