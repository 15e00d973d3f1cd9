import { and, asc, eq, gte, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { CartRideState } from '../../lib/events';
import {
  GUEST_RIDE_REFUSALS,
  GUEST_UNLOCK_RETRIES,
  MAX_RIDE_SECONDS,
  UNLOCK_ATTEMPTS_PER_CYCLE,
  UNLOCK_CONFIRM_WAIT_MS,
  rideDistanceKm,
  rideDurationSeconds,
  rideMarks,
  type RideEndReason,
  type RideTag,
} from '@fairway/domain';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { cartBookingsNow } from '../bookings/cart-bookings';
import { HttpError, conflict } from '../../lib/errors';
import { deviceCommands } from '../../db/tables/commands';
import type { DeviceRow } from '../../db/tables/devices';
import { devices, positions } from '../../db/tables/devices';
import { members } from '../../db/tables/members';
import { payments } from '../../db/tables/payments';
import { prices, services } from '../../db/tables/services';
import { sites } from '../../db/tables/sites';
import type { RideRow } from './rides.repository';
import { rides } from '../../db/tables/rides';
import { poolOf } from '../../devices/gateway/device-state-sql';
import { cartRideState, openBareManualRide } from './ride-statements';
import type { AcknowledgedUnlock, OpenedManualRide } from './ride-lifecycle.manual';

/** A transaction or the pool: what the queries here run on. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export type SiteRow = typeof sites.$inferSelect;
/** Insert values: columns may take SQL (`now()`, so the ride's times come from the database's clock). */
export type NewRide = PgInsertValue<typeof rides>;

/** Tag colours: the service and the price a ride was taken at, on the operator's ride card and the guest page. */
export const RIDE_TAG_COLORS = { service: '#1565c0', price: '#2e7d32' } as const;

export interface EndedRide {
  ride: RideRow;
  device: DeviceRow;
  siteKeyless: boolean;
}

/** The cart, its open ride and the newest lock/unlock command sent since that ride was created. */
export type { CartRideState };

/** km including the cart's offset; null before its first report. */
export const odometerOf = (device: DeviceRow): number | null =>
  device.odometer === null ? null : device.odometer + device.odometerOffset;

const sessionNotFound = () => new HttpError(404, GUEST_RIDE_REFUSALS.sessionNotFound, 'sessionNotFound');
export const rideEnded = () => conflict(GUEST_RIDE_REFUSALS.rideEnded, 'rideEnded');

const isOpen = ne(rides.status, 'ended');
/**
 * The ride's paused seconds with the current pause added, up to `until` (whole seconds, never negative):
 * written when a pause ends, so the overrun rule leaves every pause out of the ride's time.
 */
const pausesUntil = (until: SQL) =>
  sql<number>`${rides.pausedSeconds} + coalesce(greatest(0, round(extract(epoch from ${until} - ${rides.pausedAt})))::int, 0)`;
const unconfirmedOpen = (rideId: string) => and(eq(rides.id, rideId), isOpen, eq(rides.confirmed, false));
const waitRunning = sql`${rides.unlockRequestedAt} > now() - make_interval(secs => ${UNLOCK_CONFIRM_WAIT_MS / 1000})`;

/**
 * The ride lifecycle's writes (issue #6). Every change is one conditional UPDATE (or one transaction that
 * locks the ride row first), so a cart's answer, a guest's click, an operator and a job racing each other
 * change a ride once, and whoever did not change it knows.
 */
export class RideLifecycleRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The bare manual ride of an operator's acknowledged unlock, opened in one statement (`openBareManualRide`). */
  openBareManual(command: AcknowledgedUnlock): Promise<OpenedManualRide | null> {
    return openBareManualRide(poolOf(this.db), command);
  }

  async find(rideId: string): Promise<RideRow | null> {
    const [ride] = await this.db.select().from(rides).where(eq(rides.id, rideId));
    return ride ?? null;
  }

  /** A ride a guest or an operator acts on: 404 when unknown or deleted. */
  async mustFind(rideId: string): Promise<RideRow> {
    const ride = await this.find(rideId);
    if (!ride || ride.deleted) throw sessionNotFound();
    return ride;
  }

  async byUnlockCommand(commandId: string, tx: Tx = this.db): Promise<RideRow | null> {
    const [ride] = await tx.select().from(rides).where(eq(rides.unlockCommandId, commandId));
    return ride ?? null;
  }

  async cartWithSite(deviceId: string): Promise<{ device: DeviceRow; site: SiteRow } | null> {
    const [row] = await this.db
      .select({ device: devices, site: sites })
      .from(devices)
      .innerJoin(sites, eq(sites.id, devices.siteId))
      .where(eq(devices.id, deviceId));
    return row ?? null;
  }

  /**
   * The cart row locked until the transaction ends, so two opens of one cart take turns. 'key share' only
   * keeps a ride's end (which locks 'update') from running meanwhile: it does not wait for the telemetry
   * writer's row locks ('no key update', held through each flush), which an operator's unlock did on every
   * flush under load (issue 22); two opens then meet at the open-ride index instead.
   */
  async lockCart(
    tx: Tx,
    deviceId: string,
    strength: 'update' | 'key share' = 'update',
  ): Promise<{ device: DeviceRow; site: SiteRow } | null> {
    const [device] = await tx.select().from(devices).where(eq(devices.id, deviceId)).for(strength);
    if (!device) return null;
    const [site] = await tx.select().from(sites).where(eq(sites.id, device.siteId));
    return site ? { device, site } : null;
  }

  /** Whether a live booking or a maintenance block covers `now` on the cart, except `exceptBookingId`. */
  bookingsNow(deviceId: string, now: Date, exceptBookingId: string | null, tx: Tx = this.db) {
    return cartBookingsNow(tx, deviceId, now, exceptBookingId);
  }

  async openRideOf(deviceId: string, tx: Tx = this.db): Promise<RideRow | null> {
    const [ride] = await tx
      .select()
      .from(rides)
      .where(and(eq(rides.deviceId, deviceId), isOpen));
    return ride ?? null;
  }

  /** The service and price names as ride tags; 404 for a service or price that is not the site's. */
  async tagsFor(
    siteId: string,
    serviceId?: string | null,
    priceId?: string | null,
    tx: Tx = this.db,
  ): Promise<RideTag[]> {
    const tags: RideTag[] = [];
    if (serviceId) {
      const [service] = await tx
        .select({ name: services.name })
        .from(services)
        .where(and(eq(services.id, serviceId), eq(services.siteId, siteId)));
      if (!service) throw new HttpError(404, 'Service not found', 'serviceNotFound');
      tags.push({ text: service.name, color: RIDE_TAG_COLORS.service });
    }
    if (priceId) {
      const [price] = await tx
        .select({ name: prices.name })
        .from(prices)
        .innerJoin(services, eq(services.id, prices.serviceId))
        .where(
          and(
            eq(prices.id, priceId),
            eq(services.siteId, siteId),
            serviceId ? eq(services.id, serviceId) : undefined,
          ),
        );
      if (!price) throw new HttpError(404, 'Price not found', 'priceNotFound');
      tags.push({ text: price.name, color: RIDE_TAG_COLORS.price });
    }
    return tags;
  }

  async memberOf(siteId: string, memberId: string) {
    const [member] = await this.db
      .select({ id: members.id, name: members.name, email: members.email })
      .from(members)
      .where(and(eq(members.id, memberId), eq(members.siteId, siteId)));
    return member ?? null;
  }

  /** Null when the cart has an open ride already (the unique partial index decides, under any race). */
  async insert(tx: Tx, values: NewRide): Promise<RideRow | null> {
    const [ride] = await tx.insert(rides).values(values).onConflictDoNothing().returning();
    if (ride && values.paymentId)
      await tx.update(payments).set({ rideId: ride.id }).where(eq(payments.id, values.paymentId));
    return ride ?? null;
  }

  async setInUse(tx: Tx, deviceId: string, inUse: boolean): Promise<DeviceRow | null> {
    const [device] = await tx
      .update(devices)
      .set({ inUse, updatedAt: sql`now()` })
      .where(eq(devices.id, deviceId))
      .returning();
    return device ?? null;
  }

  /** Links the unlock command to the ride before it is sent, so its answer always finds the ride. */
  async setUnlockCommand(rideId: string, commandId: string): Promise<void> {
    await this.db.update(rides).set({ unlockCommandId: commandId }).where(eq(rides.id, rideId));
  }

  /**
   * Claims the next attempt of the cycle after `failedCommandId` failed: only while the ride waits, the 20 s
   * have not passed and attempts are left, and only once per failed command.
   */
  async claimAttempt(rideId: string, failedCommandId: string): Promise<RideRow | null> {
    const [ride] = await this.db
      .update(rides)
      .set({ unlockAttempts: sql`${rides.unlockAttempts} + 1`, unlockCommandId: null, updatedAt: sql`now()` })
      .where(
        and(
          unconfirmedOpen(rideId),
          eq(rides.unlockCommandId, failedCommandId),
          lt(rides.unlockAttempts, UNLOCK_ATTEMPTS_PER_CYCLE),
          waitRunning,
        ),
      )
      .returning();
    return ride ?? null;
  }

  /** The guest's retry: a new cycle, if the ride still waits, its wait passed and a retry is left. */
  async newCycle(rideId: string): Promise<RideRow | null> {
    const [ride] = await this.db
      .update(rides)
      .set({
        unlockRequestedAt: sql`now()`,
        unlockAttempts: 1,
        unlockCommandId: null,
        guestRetries: sql`${rides.guestRetries} + 1`,
        updatedAt: sql`now()`,
      })
      .where(
        and(unconfirmedOpen(rideId), lt(rides.guestRetries, GUEST_UNLOCK_RETRIES), sql`not (${waitRunning})`),
      )
      .returning();
    return ride ?? null;
  }

  /** The cart took the unlock: the ride starts now and the cart is in use. Null if it was not waiting. */
  confirm(rideId: string): Promise<{ ride: RideRow; device: DeviceRow | null } | null> {
    return this.db.transaction(async (tx) => {
      const [ride] = await tx
        .update(rides)
        .set({ confirmed: true, start: sql`now()`, updatedAt: sql`now()` })
        .where(unconfirmedOpen(rideId))
        .returning();
      if (!ride) return null;
      return { ride, device: await this.setInUse(tx, ride.deviceId, true) };
    });
  }

  /** Active ↔ paused, only from `from` and only for a confirmed ride. */
  async setStatus(
    rideId: string,
    from: 'active' | 'paused',
    to: 'active' | 'paused',
  ): Promise<RideRow | null> {
    const [ride] = await this.db
      .update(rides)
      .set({
        status: to,
        pausedAt: to === 'paused' ? sql`now()` : null,
        // Resuming ends the pause: its seconds join the ride's paused time.
        ...(to === 'active' ? { pausedSeconds: pausesUntil(sql`now()`) } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(rides.id, rideId), eq(rides.status, from), eq(rides.confirmed, true)))
      .returning();
    return ride ?? null;
  }

  /** Fills in an open manual ride's details (the operator's unlock body arrived after its ride opened). */
  async describe(
    tx: Tx,
    rideId: string,
    values: Partial<typeof rides.$inferInsert>,
  ): Promise<RideRow | null> {
    const [ride] = await tx
      .update(rides)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(rides.id, rideId), isOpen))
      .returning();
    return ride ?? null;
  }

  /**
   * Ends an open ride at `at`: duration (over 10 h: 0), end odometer, distance (odometer difference, else
   * the trail's length), the positions counted and the site's marks; the cart is no longer in use. A ride
   * that never started (unconfirmed) has no duration, distance or trail. With `onlyUnconfirmed`, a ride
   * the cart confirmed meanwhile is left alone (null), so it cannot be ended and refunded by a sweep.
   */
  end(rideId: string, reason: RideEndReason, at: Date, onlyUnconfirmed = false): Promise<EndedRide | null> {
    return this.db.transaction(async (tx) => {
      const [ride] = await tx.select().from(rides).where(eq(rides.id, rideId)).for('update');
      if (!ride) throw sessionNotFound();
      if (ride.status === 'ended') throw rideEnded();
      if (onlyUnconfirmed && ride.confirmed) return null;
      const [device] = await tx.select().from(devices).where(eq(devices.id, ride.deviceId)).for('update');
      const [site] = await tx.select().from(sites).where(eq(sites.id, ride.siteId));
      const trail = ride.confirmed ? await this.trail(tx, ride.deviceId, ride.start, at) : [];
      const endOdometer = device ? odometerOf(device) : null;
      const duration = ride.confirmed ? rideDurationSeconds(ride.start, at) : 0;
      const marks = rideMarks(
        {
          durationSeconds: duration,
          points: trail.length,
          cappedDuration: ride.confirmed && at.getTime() - ride.start.getTime() > MAX_RIDE_SECONDS * 1000,
        },
        { minRideDuration: site?.minRideDuration ?? 0, trailPoints: site?.trailPoints ?? 0 },
      );
      const [ended] = await tx
        .update(rides)
        .set({
          status: 'ended',
          end: at,
          duration,
          endOdometer,
          distance: ride.confirmed
            ? rideDistanceKm({ start: ride.startOdometer, end: endOdometer }, trail)
            : null,
          points: trail.length,
          tooShort: marks.tooShort,
          fewPoints: marks.fewPoints,
          endReason: reason,
          // A ride ended while paused: its last pause counts as paused time too.
          pausedSeconds: pausesUntil(sql`${at.toISOString()}::timestamptz`),
          pausedAt: null,
          updatedAt: sql`now()`,
        })
        .where(eq(rides.id, rideId))
        .returning();
      const cart = device ? await this.setInUse(tx, device.id, false) : null;
      return { ride: ended!, device: cart ?? device!, siteKeyless: site?.keyless ?? false };
    });
  }

  /** The cart's positions between start and end, in time order, as [lat, lng]. */
  private async trail(tx: Tx, deviceId: string, start: Date, end: Date): Promise<[number, number][]> {
    const rows = await tx
      .select({ lat: positions.lat, lng: positions.lng })
      .from(positions)
      .where(and(eq(positions.deviceId, deviceId), gte(positions.ts, start), lte(positions.ts, end)))
      .orderBy(asc(positions.ts));
    return rows.map((row) => [row.lat, row.lng]);
  }

  /** The cart, its open ride and the newest lock/unlock sent since, in one round trip (`cartRideState`). */
  cartState(deviceId: string): Promise<CartRideState | null> {
    return cartRideState(poolOf(this.db), deviceId);
  }

  /** True when the cart acknowledged an unlock sent since the ride was created (an answer whose event was missed). */
  async unlockAcknowledged(ride: RideRow): Promise<boolean> {
    const [row] = await this.db
      .select({ id: deviceCommands.id })
      .from(deviceCommands)
      .where(
        and(
          eq(deviceCommands.deviceId, ride.deviceId),
          eq(deviceCommands.name, 'unlock'),
          eq(deviceCommands.state, 'acknowledged'),
          gte(deviceCommands.issuedAt, ride.createdAt),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Confirmed open rides that started longer ago than their site's round timeout (0 = off). */
  overdueRounds(limit = 200): Promise<RideRow[]> {
    return this.ridesWhere(
      and(
        isOpen,
        eq(rides.confirmed, true),
        sql`${sites.roundTimeout} > 0`,
        lt(rides.start, sql`now() - make_interval(mins => ${sites.roundTimeout})`),
      ),
      limit,
    );
  }

  /** Open rides without a payment the cart has not confirmed since before `cutoff`. */
  unconfirmedUnpaid(cutoff: Date, limit = 200): Promise<RideRow[]> {
    return this.ridesWhere(
      and(
        isOpen,
        eq(rides.confirmed, false),
        isNull(rides.paymentId),
        lt(sql`coalesce(${rides.unlockRequestedAt}, ${rides.createdAt})`, cutoff),
      ),
      limit,
    );
  }

  private async ridesWhere(condition: SQL | undefined, limit: number): Promise<RideRow[]> {
    const rows = await this.db
      .select({ ride: rides })
      .from(rides)
      .innerJoin(sites, eq(sites.id, rides.siteId))
      .where(condition)
      .orderBy(asc(rides.start))
      .limit(limit);
    return rows.map((row) => row.ride);
  }
}
