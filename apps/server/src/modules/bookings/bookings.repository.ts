import { and, asc, eq, gt, inArray, isNull, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { BookingStatus } from '@fairway/domain';
import type { DbExecutor } from '../../db/client';
import { BOOKING_CODE_CONSTRAINT, BOOKING_OVERLAP_CONSTRAINT, bookings } from '../../db/tables/bookings';
import { devices } from '../../db/tables/devices';
import { members } from '../../db/tables/members';
import { rides } from '../../db/tables/rides';
import { prices, services } from '../../db/tables/services';
import { sites } from '../../db/tables/sites';

export type BookingRow = typeof bookings.$inferSelect;
export type NewBooking = typeof bookings.$inferInsert;
export type BookingChanges = Partial<
  Pick<
    NewBooking,
    | 'deviceId'
    | 'start'
    | 'end'
    | 'blockedUntil'
    | 'memberId'
    | 'name'
    | 'email'
    | 'note'
    | 'serviceId'
    | 'priceId'
    | 'amount'
    | 'prePaid'
    | 'scheduleUnlock'
    | 'status'
    | 'code'
  >
>;

/** A booking with what the calendar shows beside it: cart number, service and price names, its ride. */
export interface BookingListing extends BookingRow {
  carNumber: string | null;
  serviceName: string | null;
  priceName: string | null;
  rideId: string | null;
}

/** The site's settings bookings are judged by. */
export interface BookingSite {
  id: string;
  timezone: string;
  openingHours: Array<{ openTime: string; closeTime: string } | null>;
  bookingOffset: number;
  bookingIntegration: boolean;
  bookingTurnaround: number;
  currency: string;
}

/** A cart as availability and the recommendation read it. */
export interface BookableCart {
  id: string;
  carNumber: string | null;
  inService: boolean;
  odometer: number | null;
  battVoltage: number | null;
  battCharge: boolean;
  vehicleInfo: typeof devices.$inferSelect.vehicleInfo;
  /** out on a round now: unlocked, or marked in use by a ride */
  outNow: boolean;
}

/** A live booking's hold on a cart, [start, blockedUntil). */
export interface CartHold {
  id: string;
  deviceId: string;
  start: Date;
  end: Date;
  blockedUntil: Date;
  bookingType: BookingRow['bookingType'];
}

/** Statuses that free their cart (the exclusion constraint agrees): every other status holds it. */
const FREEING: BookingStatus[] = ['cancelled', 'failed'];

/** Which of the two exclusion constraints an insert or update broke, if it broke one. */
export function constraintBroken(error: unknown): 'overlap' | 'code' | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23P01') {
      if (constraint === BOOKING_OVERLAP_CONSTRAINT) return 'overlap';
      if (constraint === BOOKING_CODE_CONSTRAINT) return 'code';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The row's hold [start, blocked_until) meets [from, to): written as the range expression of the GiST index
 * `bookings_site_hold_idx`, so PostgreSQL reads only the rows around the range.
 */
const holdMeets = (range: { from: Date; to: Date }) =>
  sql`tstzrange(${bookings.start}, ${bookings.blockedUntil}, '[)') && tstzrange(${range.from.toISOString()}::timestamptz, ${range.to.toISOString()}::timestamptz, '[)')`;

const listing = {
  booking: bookings,
  carNumber: devices.carNumber,
  serviceName: services.name,
  priceName: prices.name,
  // The latest ride the booking's unlock opened.
  rideId: sql<string | null>`(select ${rides.id} from ${rides} where ${rides.bookingId} = ${bookings.id}
    order by ${rides.start} desc limit 1)`,
};
const flatten = (row: {
  booking: BookingRow;
  carNumber: string | null;
  serviceName: string | null;
  priceName: string | null;
  rideId: string | null;
}): BookingListing => ({
  ...row.booking,
  carNumber: row.carNumber,
  serviceName: row.serviceName,
  priceName: row.priceName,
  rideId: row.rideId,
});

/** Bookings are read and written within one site: another site's booking id is simply not found. */
export class BookingsRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The same queries inside a transaction the calling service runs (a key booking with its credits). */
  in(db: DbExecutor): BookingsRepository {
    return new BookingsRepository(db);
  }

  /** `work` in a transaction of its own, or a savepoint when this repository is bound to one already. */
  atomically<T>(work: (repo: BookingsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(this.in(tx)));
  }

  private listingQuery() {
    return this.db
      .select(listing)
      .from(bookings)
      .innerJoin(devices, eq(devices.id, bookings.deviceId))
      .leftJoin(services, eq(services.id, bookings.serviceId))
      .leftJoin(prices, eq(prices.id, bookings.priceId));
  }

  /** Bookings of the site that overlap [from, to), in the given statuses, by start; of one cart or API client. */
  async list(
    siteId: string,
    range: { from: Date; to: Date },
    statuses: BookingStatus[],
    deviceId?: string,
    clientId?: string,
  ): Promise<BookingListing[]> {
    const rows = await this.listingQuery()
      .where(
        and(
          eq(bookings.siteId, siteId),
          holdMeets(range),
          gt(bookings.end, range.from),
          inArray(bookings.status, statuses),
          deviceId ? eq(bookings.deviceId, deviceId) : undefined,
          clientId ? eq(bookings.clientId, clientId) : undefined,
        ),
      )
      .orderBy(asc(bookings.start), asc(bookings.id));
    return rows.map(flatten);
  }

  async find(siteId: string, id: string): Promise<BookingListing | null> {
    const [row] = await this.listingQuery().where(and(eq(bookings.siteId, siteId), eq(bookings.id, id)));
    return row ? flatten(row) : null;
  }

  /** An API client's own booking by id, at whichever site (the client API's /bookings/{id} names none). */
  async findOfClient(clientId: string, id: string): Promise<BookingListing | null> {
    const [row] = await this.listingQuery().where(and(eq(bookings.clientId, clientId), eq(bookings.id, id)));
    return row ? flatten(row) : null;
  }

  async insert(values: NewBooking): Promise<BookingRow> {
    const [row] = await this.db.insert(bookings).values(values).returning();
    return row!;
  }

  async update(siteId: string, id: string, changes: BookingChanges): Promise<BookingRow | null> {
    const [row] = await this.db
      .update(bookings)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(bookings.siteId, siteId), eq(bookings.id, id)))
      .returning();
    return row ?? null;
  }

  async site(siteId: string): Promise<BookingSite | null> {
    const [row] = await this.db
      .select({
        id: sites.id,
        timezone: sites.timezone,
        openingHours: sites.openingHours,
        bookingOffset: sites.bookingOffset,
        bookingIntegration: sites.bookingIntegration,
        bookingTurnaround: sites.bookingTurnaround,
        currency: sites.currency,
      })
      .from(sites)
      .where(eq(sites.id, siteId));
    return row ?? null;
  }

  /** The site's carts (the service sorts them by number, spec §2). */
  carts(siteId: string): Promise<BookableCart[]> {
    return this.db
      .select({
        id: devices.id,
        carNumber: devices.carNumber,
        inService: devices.inService,
        odometer: sql<number | null>`${devices.odometer} + ${devices.odometerOffset}`,
        battVoltage: devices.battVoltage,
        battCharge: devices.battCharge,
        vehicleInfo: devices.vehicleInfo,
        outNow: sql<boolean>`(${devices.inUse} or ${devices.lockStatus} = 0)`,
      })
      .from(devices)
      .where(eq(devices.siteId, siteId))
      .orderBy(asc(devices.id));
  }

  /** Holds of live bookings on the site's carts that reach into [from, to), except `excludedId`. */
  holds(siteId: string, range: { from: Date; to: Date }, excludedId?: string): Promise<CartHold[]> {
    return this.db
      .select({
        id: bookings.id,
        deviceId: bookings.deviceId,
        start: bookings.start,
        end: bookings.end,
        blockedUntil: bookings.blockedUntil,
        bookingType: bookings.bookingType,
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.siteId, siteId),
          holdMeets(range),
          notInArray(bookings.status, FREEING),
          excludedId ? ne(bookings.id, excludedId) : undefined,
        ),
      );
  }

  async service(
    siteId: string,
    serviceId: string,
  ): Promise<{ id: string; duration: number; prices: Array<typeof prices.$inferSelect> } | null> {
    const [service] = await this.db
      .select({ id: services.id, duration: services.duration })
      .from(services)
      .where(and(eq(services.siteId, siteId), eq(services.id, serviceId)));
    if (!service) return null;
    const rows = await this.db.select().from(prices).where(eq(prices.serviceId, serviceId));
    return { ...service, prices: rows };
  }

  async member(
    siteId: string,
    memberId: string,
  ): Promise<{ id: string; name: string; email: string } | null> {
    const [row] = await this.db
      .select({ id: members.id, name: members.name, email: members.email })
      .from(members)
      .where(and(eq(members.siteId, siteId), eq(members.id, memberId)));
    return row ?? null;
  }

  /**
   * Claims the scheduled unlocks due at `now` (window open, not ended, no ride yet, not tried in the last
   * minute) by stamping them, so two sweeps never both take one.
   */
  async claimDueScheduledUnlocks(now: Date): Promise<BookingRow[]> {
    return this.db
      .update(bookings)
      .set({ autoUnlockTriedAt: now })
      .where(
        and(
          eq(bookings.scheduleUnlock, true),
          eq(bookings.bookingType, 'booking'),
          eq(bookings.status, 'confirmed'),
          gt(bookings.end, now),
          sql`${bookings.start} + make_interval(mins => (select ${sites.bookingOffset} from ${sites}
            where ${sites.id} = ${bookings.siteId})) <= ${now}`,
          or(
            isNull(bookings.autoUnlockTriedAt),
            lte(bookings.autoUnlockTriedAt, sql`${now}::timestamptz - interval '1 minute'`),
          ),
          sql`not exists (select 1 from ${rides} where ${rides.bookingId} = ${bookings.id})`,
        ),
      )
      .returning();
  }

  /** Spec: expired bookings nobody rode end as no_show; answers the site and id of each. */
  markNoShows(now: Date): Promise<Array<{ id: string; siteId: string }>> {
    return this.db
      .update(bookings)
      .set({ status: 'no_show', updatedAt: sql`now()` })
      .where(
        and(
          inArray(bookings.status, ['confirmed', 'payment_pending']),
          eq(bookings.bookingType, 'booking'),
          lte(bookings.end, now),
          sql`not exists (select 1 from ${rides} where ${rides.bookingId} = ${bookings.id})`,
        ),
      )
      .returning({ id: bookings.id, siteId: bookings.siteId });
  }
}
