import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AdminBookingsQuery } from '@fairway/domain';
import type { DbExecutor } from '../../db/client';
import { countRows } from '../../lib/pagination';
import type { NewActivity } from '../../db/activity-entries';
import { activity } from '../../db/tables/activity';
import { bookings } from '../../db/tables/bookings';
import { devices } from '../../db/tables/devices';
import { rides } from '../../db/tables/rides';
import { prices, services } from '../../db/tables/services';
import { sites } from '../../db/tables/sites';
import type { BookingListing, BookingRow } from './bookings.repository';

/** A booking as the platform admins list it: the calendar's listing, its site's name and currency. */
export interface AdminBookingListing extends BookingListing {
  siteName: string;
  currency: string;
}

/** Where a booking lives, what the bulk calls need before they hand it to the bookings service. */
export type LocatedBooking = Pick<BookingRow, 'id' | 'siteId' | 'deviceId' | 'status'>;

const SORTS = {
  start: bookings.start,
  createdAt: bookings.createdAt,
  status: bookings.status,
  site: sites.name,
} satisfies Record<AdminBookingsQuery['sort'], unknown>;

/** Bookings of every site, for the platform admins (issue 21; the calendar's reads stay site-scoped). */
export class AdminBookingsRepository {
  constructor(private readonly db: DbExecutor) {}

  /** One page of the bookings matching `query`, with the total, in one statement (count(*) over the window). */
  async page(query: AdminBookingsQuery): Promise<{ rows: AdminBookingListing[]; total: number }> {
    const order = query.dir === 'asc' ? asc : desc;
    const rows = await this.db
      .select({
        booking: bookings,
        carNumber: devices.carNumber,
        serviceName: services.name,
        priceName: prices.name,
        siteName: sites.name,
        currency: sites.currency,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(bookings)
      .innerJoin(sites, eq(sites.id, bookings.siteId))
      .innerJoin(devices, eq(devices.id, bookings.deviceId))
      .leftJoin(services, eq(services.id, bookings.serviceId))
      .leftJoin(prices, eq(prices.id, bookings.priceId))
      .where(condition(query))
      .orderBy(order(SORTS[query.sort]), order(bookings.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const total =
      rows[0]?.total ?? (query.page > 1 ? await countRows(this.db, bookings, condition(query)) : 0);
    const rideOf = await this.latestRides(rows.map((row) => row.booking.id));
    return {
      rows: rows.map(({ booking, total: _total, ...rest }) => ({
        ...booking,
        ...rest,
        rideId: rideOf.get(booking.id) ?? null,
      })),
      total,
    };
  }

  /**
   * The latest ride each booking's unlock opened, as the calendar shows it: one query for the page's
   * bookings, not one per row of the whole selection.
   */
  private async latestRides(bookingIds: string[]): Promise<Map<string, string>> {
    if (bookingIds.length === 0) return new Map();
    const rows = await this.db
      .selectDistinctOn([rides.bookingId], { bookingId: rides.bookingId, id: rides.id })
      .from(rides)
      .where(inArray(rides.bookingId, bookingIds))
      .orderBy(rides.bookingId, desc(rides.start));
    return new Map(rows.map((row) => [row.bookingId!, row.id]));
  }

  /** The bookings among `ids` that exist, whatever their site. */
  locate(ids: readonly string[]): Promise<LocatedBooking[]> {
    return this.db
      .select({
        id: bookings.id,
        siteId: bookings.siteId,
        deviceId: bookings.deviceId,
        status: bookings.status,
      })
      .from(bookings)
      .where(inArray(bookings.id, [...ids]));
  }

  async recordActivity(entry: NewActivity): Promise<void> {
    await this.db.insert(activity).values(entry);
  }
}

function condition(query: AdminBookingsQuery): SQL | undefined {
  return and(
    query.siteId ? eq(bookings.siteId, query.siteId) : undefined,
    query.start ? gte(bookings.start, new Date(query.start)) : undefined,
    query.end ? lt(bookings.start, new Date(query.end)) : undefined,
    query.status ? inArray(bookings.status, query.status) : undefined,
    query.bookingType ? eq(bookings.bookingType, query.bookingType) : undefined,
  );
}
