import type { CartBooking, CartView, RideOverrunMarkView } from '@fairway/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rides } from '../../db/tables/rides';
import { services } from '../../db/tables/services';
import { sites } from '../../db/tables/sites';
import type { DomainEventBus } from '../../lib/events';
import { cartBookingsToday } from '../bookings/cart-bookings';
import { withOpenRide, type OpenRideSummary } from './devices.presenter';

/**
 * How long a cart's open-ride and bookings summary is reused for its pushes. Ride and booking changes on
 * this instance forget it at once (`forget`); the limit bounds what a change made on another instance can
 * leave stale.
 */
export const CART_ACTIVITY_CACHE_MS = 15_000;

const summaryColumns = {
  deviceId: rides.deviceId,
  driverName: rides.meta,
  startOdometer: rides.startOdometer,
  // What the overrun marks read (issue 23): the ride's timing, its service's minutes, the site's grace.
  rideId: rides.id,
  confirmed: rides.confirmed,
  start: rides.start,
  pausedSeconds: rides.pausedSeconds,
  pausedAt: rides.pausedAt,
  overrunAlertedAt: rides.overrunAlertedAt,
  serviceMinutes: services.duration,
  graceMinutes: sites.overrunGraceMinutes,
};
const isOpen = ne(rides.status, 'ended');

interface SummaryRow {
  driverName: { name?: string | null };
  startOdometer: number | null;
  rideId: string;
  confirmed: boolean;
  start: Date;
  pausedSeconds: number;
  pausedAt: Date | null;
  overrunAlertedAt: Date | null;
  serviceMinutes: number | null;
  graceMinutes: number;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A confirmed ride with a service duration can run late; the cart view carries what the marks read. */
function overrunOf(row: SummaryRow): RideOverrunMarkView | null {
  if (!row.confirmed || row.serviceMinutes === null) return null;
  return {
    rideId: row.rideId,
    start: row.start.toISOString(),
    serviceMinutes: row.serviceMinutes,
    pausedSeconds: row.pausedSeconds,
    pausedAt: iso(row.pausedAt),
    graceMinutes: row.graceMinutes,
    alertedAt: iso(row.overrunAlertedAt),
  };
}

const toSummary = (row: SummaryRow): OpenRideSummary => ({
  driverName: row.driverName.name || null,
  startOdometer: row.startOdometer,
  overrun: overrunOf(row),
});

/** Open rides with their service's duration and their site's grace. */
const openRidesWith = (db: Db) =>
  db
    .select(summaryColumns)
    .from(rides)
    .innerJoin(sites, eq(sites.id, rides.siteId))
    .leftJoin(services, eq(services.id, rides.serviceId));

/**
 * Reads what a cart view shows beside the cart's own state: the driver and start odometer of its open ride
 * (spec §2 Map bottom sheet: driver name, trip distance) and its bookings of the rest of the day (issue 17:
 * Reserved group, booked markers, display lock status, the booking's driver), so every cart view that leaves
 * the server — lists, pushes, command answers — says the same as the Rides page and the calendar. Open rides
 * are looked up only for carts in use: a cart report is frequent, a ride is not.
 */
export class CartActivityLookup {
  /** Open-ride summaries of carts in use, by cart, with the ride each names (null: none found). */
  private readonly rides = new Map<
    string,
    { summary: OpenRideSummary | null; rideId: string | null; at: number }
  >();
  /** The day's bookings of each site's carts: one query per site, shared by every push of its carts. */
  private readonly bookings = new Map<string, { at: number; byCart: Promise<Map<string, CartBooking[]>> }>();
  /** How many rides were forgotten so far, and when each was last (so a read in flight keeps no older answer). */
  private ridesForgotten = 0;
  /** Reads of open rides in flight, by cart, with the forget count they started at. */
  private readonly readingRides = new Map<
    string,
    { readFrom: number; summary: Promise<OpenRideSummary | null> }
  >();
  private readonly forgottenRides = new Map<string, { seq: number; at: number }>();

  /** One cart's open ride with what its summary reads, built once and prepared (a read per cart in use). */
  private readonly openRideOfCart;

  constructor(
    private readonly db: Db,
    bus?: DomainEventBus,
  ) {
    this.openRideOfCart = openRidesWith(db)
      .where(and(eq(rides.deviceId, sql.placeholder('cartId')), isOpen))
      .prepare('fairway_cart_open_ride');
    // A ride opened, changed or ended changes its cart's view; a booking made, moved or cancelled its site's
    // carts'. Only those are read again: forgetting every cart on each change made every cart in use re-read
    // its ride on its next report, hundreds of queries a second under a burst of operator unlocks (issue 22).
    bus?.on('ride.updated', (rideId, _siteId, stored) => {
      this.forgetRide(rideId);
      if (stored) this.knowRide(stored);
    });
    bus?.on('booking.updated', (_bookingId, siteId) => this.bookings.delete(siteId));
  }

  /** The views of one site's carts with their open rides and bookings, in two queries. */
  async presentSite(siteId: string, views: CartView[], now = Date.now()): Promise<CartView[]> {
    const bookings = await cartBookingsToday(this.db, { siteId }, new Date(now));
    const rows = views.some((view) => view.inUse)
      ? await openRidesWith(this.db).where(and(eq(rides.siteId, siteId), isOpen))
      : [];
    const byDevice = new Map(rows.map((row) => [row.deviceId, toSummary(row)]));
    return views.map((view) =>
      withOpenRide({ ...view, bookings: bookings.get(view._id) ?? [] }, byDevice.get(view._id) ?? null, now),
    );
  }

  /** One cart's view with its open ride and bookings (cached for pushes; see CART_ACTIVITY_CACHE_MS). */
  async present(view: CartView, now = Date.now()): Promise<CartView> {
    const [presented] = await this.presentBatch(view.siteID, [view], now);
    return presented!;
  }

  /**
   * The views of carts of one site pushed together (a telemetry flush's), as `present` shows each. A push
   * holds up to every cart of the site and most are answered from the caches: only the carts whose ride
   * must be read wait for a promise, instead of two per cart (bench (a): the allocations were the cost).
   */
  async presentBatch(siteId: string, views: CartView[], now = Date.now()): Promise<CartView[]> {
    const bookings = this.siteBookings(siteId, now);
    const summaries = views.map((view) => this.cachedRide(view, now));
    const reads: Array<Promise<void>> = [];
    summaries.forEach((summary, i) => {
      if (summary === undefined)
        reads.push(this.openRide(views[i]!, now).then((read) => void (summaries[i] = read)));
    });
    await Promise.all(reads);
    const byCart = await bookings;
    return views.map((view, i) =>
      withOpenRide({ ...view, bookings: byCart.get(view._id) ?? [] }, summaries[i] ?? null, now),
    );
  }

  /** Everything changed (tests, a restore): every push reads again. */
  forget(): void {
    this.rides.clear();
    this.bookings.clear();
  }

  /**
   * A ride changed: the cart whose summary names it reads again, and so does every cart in use that had no
   * open ride (the ride may have just opened for one of them; they are few).
   */
  forgetRide(rideId: string, now = Date.now()): void {
    this.ridesForgotten += 1;
    this.forgottenRides.set(rideId, { seq: this.ridesForgotten, at: now });
    for (const [cartId, cached] of this.rides)
      if (cached.rideId === null || cached.rideId === rideId) this.rides.delete(cartId);
    // A read in flight longer than this is not waited for; older marks can go.
    if (this.forgottenRides.size > 1_000)
      for (const [id, mark] of this.forgottenRides)
        if (now - mark.at > 2 * CART_ACTIVITY_CACHE_MS) this.forgottenRides.delete(id);
  }

  /** The cart's open ride when it is known without a read (none: not in use; a fresh cache entry), else undefined. */
  private cachedRide(view: CartView, now: number): OpenRideSummary | null | undefined {
    if (!view.inUse) {
      this.rides.delete(view._id);
      return null;
    }
    const cached = this.rides.get(view._id);
    return cached && now - cached.at < CART_ACTIVITY_CACHE_MS ? cached.summary : undefined;
  }

  /**
   * A ride as its change stored it, kept as its cart's summary when it needs no read: an open ride without a
   * service (a bare manual ride) has no overrun, so neither its service's minutes nor its site's grace. Each
   * operator's unlock opens one, and its cart's next push and the unlock's answer read it back (issue 22).
   */
  knowRide(ride: typeof rides.$inferSelect, now = Date.now()): void {
    if (ride.status === 'ended' || ride.serviceId !== null) return;
    const summary: OpenRideSummary = {
      driverName: ride.meta.name || null,
      startOdometer: ride.startOdometer,
      overrun: null,
    };
    this.rides.set(ride.deviceId, { summary, rideId: ride.id, at: now });
  }

  /** The open ride of a cart in use that `cachedRide` did not know. */
  private openRide(view: CartView, now: number): Promise<OpenRideSummary | null> {
    // The command's answer and the cart's push ask at the same moment: they share one read, unless a ride
    // was forgotten since it started.
    const reading = this.readingRides.get(view._id);
    if (reading && reading.readFrom === this.ridesForgotten) return reading.summary;
    const readFrom = this.ridesForgotten;
    const summary = this.readOpenRide(view._id, now, readFrom);
    this.readingRides.set(view._id, { readFrom, summary });
    const done = () => {
      if (this.readingRides.get(view._id)?.summary === summary) this.readingRides.delete(view._id);
    };
    summary.then(done, done);
    return summary;
  }

  private async readOpenRide(cartId: string, now: number, readFrom: number): Promise<OpenRideSummary | null> {
    const [row] = await this.openRideOfCart.execute({ cartId });
    const summary = row ? toSummary(row) : null;
    // A ride forgotten while this read ran may have changed after it read: answer it, but do not keep it.
    const outdated = row
      ? (this.forgottenRides.get(row.rideId)?.seq ?? 0) > readFrom
      : this.ridesForgotten > readFrom;
    if (!outdated) this.rides.set(cartId, { summary, rideId: row?.rideId ?? null, at: now });
    return summary;
  }

  /**
   * A site's bookings for its carts' pushes: a report of every cart of a busy site arrives each second, so
   * the pushes share one read per site (in flight included) rather than one per cart.
   */
  private siteBookings(siteId: string, now: number): Promise<Map<string, CartBooking[]>> {
    const cached = this.bookings.get(siteId);
    if (cached && now - cached.at < CART_ACTIVITY_CACHE_MS) return cached.byCart;
    const byCart = cartBookingsToday(this.db, { siteId }, new Date(now));
    this.bookings.set(siteId, { at: now, byCart });
    // A failed read is not kept: the next push tries again.
    byCart.catch(() => this.bookings.delete(siteId));
    return byCart;
  }
}
