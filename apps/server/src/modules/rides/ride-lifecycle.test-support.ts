/**
 * Fixtures for the ride lifecycle tests: a club of their own (keyless, open around the clock, with a
 * service and a guest price for ride tags), connected test carts on it, and a recorder of `ride.updated`.
 * The database is shared with every other test file, so everything here is scoped to what the test made.
 * Only tests import this file.
 */
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { TelemetryMessage } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { eventually } from '../../../test/fleet-fixtures';
import { startTestCart, type TestCart } from '../../../test/test-cart';
import { devices, positions } from '../../db/tables/devices';
import { createPaymentSite } from '../payments/payments.test-support';
import { prices } from '../../db/tables/services';
import { sites } from '../../db/tables/sites';
import { users } from '../../db/tables/users';
import type { RideLifecycleService } from './ride-lifecycle.service';
import type { RideRow } from './rides.repository';
import { rides } from '../../db/tables/rides';

/** Waits on a loaded two-core machine: far beyond what the work takes, never a measurement. */
export const SLOW = 15_000;
/** The telemetry odometer of every test cart, and the offset carts get here. */
export const ODOMETER = 100;
export const OFFSET = 5;

export interface RideClub {
  siteId: string;
  serviceId: string;
  priceId: string;
  superadmin: string;
  superadminId: string;
  lifecycle: RideLifecycleService;
}

export async function createRideClub(rt: Runtime, superadmin: string, name: string): Promise<RideClub> {
  const club = await createPaymentSite(rt, superadmin, `${name} ${Date.now()}`);
  await rt.ctx.db
    .update(sites)
    .set({ minRideDuration: 2, trailPoints: 10, autoLock: '30', roundTimeout: 0 })
    .where(eq(sites.id, club.siteId));
  const [price] = await rt.ctx.db.select().from(prices).where(eq(prices.id, club.guestPriceId));
  const [user] = await rt.ctx.db.select().from(users).where(eq(users.email, 'superadmin@example.com'));
  return {
    siteId: club.siteId,
    serviceId: price!.serviceId,
    priceId: price!.id,
    superadmin,
    superadminId: user!.id,
    lifecycle: rt.ctx.rides.lifecycle,
  };
}

/** A connected cart of the club (locked unless told otherwise) whose first report is stored. */
export async function rideCart(
  rt: Runtime,
  club: RideClub,
  carts: TestCart[],
  initial: Partial<TelemetryMessage> = {},
): Promise<TestCart> {
  const cart = await startTestCart(rt, club.superadmin, club.siteId, {
    lock: 1,
    speed: 0,
    odometer: ODOMETER,
    ...initial,
  });
  carts.push(cart);
  await rt.ctx.db.update(devices).set({ odometerOffset: OFFSET }).where(eq(devices.id, cart.deviceId));
  await eventually(async () => (await deviceRow(rt, cart.deviceId)).lastReportAt !== null, SLOW);
  return cart;
}

export const deviceRow = async (rt: Runtime, deviceId: string) =>
  (await rt.ctx.db.select().from(devices).where(eq(devices.id, deviceId)))[0]!;

export const rideRow = async (rt: Runtime, rideId: string): Promise<RideRow> =>
  (await rt.ctx.db.select().from(rides).where(eq(rides.id, rideId)))[0]!;

export const openRideOf = async (rt: Runtime, deviceId: string): Promise<RideRow | undefined> =>
  (await rt.ctx.db.select().from(rides).where(eq(rides.deviceId, deviceId))).find(
    (ride) => ride.status !== 'ended',
  );

/** Waits until the ride matches `probe`, and answers it. */
export const rideWhen = (rt: Runtime, rideId: string, probe: (ride: RideRow) => boolean, timeoutMs = SLOW) =>
  eventually(async () => {
    const ride = await rideRow(rt, rideId);
    return probe(ride) ? ride : undefined;
  }, timeoutMs);

/** The cart's stored positions in [from, to], in time order, as [lat, lng]. */
export async function positionsBetween(rt: Runtime, deviceId: string, from: Date, to: Date) {
  const rows = await rt.ctx.db
    .select({ lat: positions.lat, lng: positions.lng })
    .from(positions)
    .where(and(eq(positions.deviceId, deviceId), gte(positions.ts, from), lte(positions.ts, to)))
    .orderBy(positions.ts);
  return rows.map((row) => [row.lat, row.lng] as [number, number]);
}

/** Moves a ride's start back, as if it had run for `minutes` already. */
export const startedMinutesAgo = (rt: Runtime, rideId: string, minutes: number) =>
  rt.ctx.db
    .update(rides)
    .set({ start: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(rides.id, rideId));

/** Counts `ride.updated` per ride from now on. */
export function recordRideUpdates(rt: Runtime) {
  const counts = new Map<string, number>();
  const listener = (rideId: string) => counts.set(rideId, (counts.get(rideId) ?? 0) + 1);
  rt.ctx.bus.on('ride.updated', listener);
  return {
    of: (rideId: string) => counts.get(rideId) ?? 0,
    stop: () => rt.ctx.bus.off('ride.updated', listener),
  };
}

/** Opens a guest code ride on the cart and waits until the cart confirmed it. */
export async function confirmedRide(
  rt: Runtime,
  club: RideClub,
  cart: TestCart,
  type: 'code' | 'payment' = 'code',
) {
  const ride = await club.lifecycle.openByUnlock({
    deviceId: cart.deviceId,
    type,
    meta: { name: 'Gina Guest', email: 'gina@example.com' },
  });
  return rideWhen(rt, ride.id, (row) => row.confirmed);
}
