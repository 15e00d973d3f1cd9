/**
 * Fixtures for the ride views, ride routes, guest ride and guest socket tests: a club of its own (open
 * around the clock, taking card payments, with guest, member and free prices), carts and rides written
 * straight into the database. Shared demo sites are left alone, so other test files see no change. Only
 * tests import this file.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { uniqueSerial } from '../../../test/fleet-fixtures';
import { devices, positions } from '../../db/tables/devices';
import type { DeviceRow } from '../../db/tables/devices';
import { tokenFor } from '../members/members.test-support';
import type { RideRow } from '../rides/rides.repository';
import { bookings } from '../../db/tables/bookings';
import { rides } from '../../db/tables/rides';
import { prices, services } from '../../db/tables/services';
import { sites } from '../../db/tables/sites';
import { userGroups } from '../../db/tables/user-groups';

export const ALL_DAY = { openTime: '00:00', closeTime: '24:00' };
export const CLUB_CENTER = '56.340000, -2.800000';
export const CLUB_UNLOCK_FEE = 150;

export interface RideClub {
  siteId: string;
  /** role basic on the club */
  basic: string;
  /** role user on the club */
  user: string;
  serviceId: string;
  /** a second service whose only guest price is free: nothing to sell by card */
  freeServiceId: string;
  dailyPriceId: string;
  memberPriceId: string;
  freePriceId: string;
}

/** A club of its own: open all day every day (or as `openingHours` says), in London, taking payments. */
export async function createRideClub(
  rt: Runtime,
  options: { openingHours?: Array<{ openTime: string; closeTime: string } | null>; name?: string } = {},
): Promise<RideClub> {
  const [site] = await rt.ctx.db
    .insert(sites)
    .values({
      name: options.name ?? `Ride Club ${randomUUID().slice(0, 8)}`,
      country: 'United Kingdom',
      currency: 'GBP',
      centerLatLong: CLUB_CENTER,
      timezone: 'Europe/London',
      openingHours: options.openingHours ?? Array.from({ length: 7 }, () => ALL_DAY),
      stripeAccountId: `acct_test_${randomUUID().slice(0, 8)}`,
      stripeAccountActive: true,
      unlockFee: CLUB_UNLOCK_FEE,
    })
    .returning();
  const siteId = site!.id;
  const [group] = await rt.ctx.db.insert(userGroups).values({ siteId, name: 'Members' }).returning();
  const [service, freeService] = await rt.ctx.db
    .insert(services)
    .values([
      { siteId, name: '18 holes', duration: 240 },
      { siteId, name: 'Practice', duration: 60 },
    ])
    .returning();
  const [daily, member, free] = await rt.ctx.db
    .insert(prices)
    .values([
      { serviceId: service!.id, name: 'Guest', amount: 4000, userGroupId: null },
      { serviceId: service!.id, name: 'Member', amount: 2000, userGroupId: group!.id },
      { serviceId: freeService!.id, name: 'Free practice', amount: 0, userGroupId: null },
    ])
    .returning();
  const [basic, user] = await Promise.all([tokenFor(rt, 'basic', siteId), tokenFor(rt, 'user', siteId)]);
  return {
    siteId,
    basic,
    user,
    serviceId: service!.id,
    freeServiceId: freeService!.id,
    dailyPriceId: daily!.id,
    memberPriceId: member!.id,
    freePriceId: free!.id,
  };
}

/** A cart row of the club, online and reporting now unless told otherwise (no MQTT client behind it). */
export async function insertCart(
  rt: Runtime,
  siteId: string,
  values: Partial<typeof devices.$inferInsert> = {},
): Promise<DeviceRow> {
  const [row] = await rt.ctx.db
    .insert(devices)
    .values({
      serial: uniqueSerial(),
      secretHash: 'not-a-real-secret',
      siteId,
      carNumber: String(Math.floor(Math.random() * 1e9)),
      carName: 'Test cart',
      online: true,
      lastReportAt: new Date(),
      lockStatus: 1,
      lockCode: '123456',
      ...values,
    })
    .returning();
  return row!;
}

/** A ride row as the write side would leave it (ended, confirmed) unless told otherwise. */
export async function insertRide(
  rt: Runtime,
  cart: Pick<DeviceRow, 'id' | 'siteId' | 'carNumber'>,
  values: Partial<typeof rides.$inferInsert> = {},
): Promise<RideRow> {
  const start = values.start ?? new Date(Date.now() - 3_600_000);
  const [row] = await rt.ctx.db
    .insert(rides)
    .values({
      siteId: cart.siteId,
      deviceId: cart.id,
      carNumber: cart.carNumber,
      type: 'keypad',
      status: 'ended',
      confirmed: true,
      start,
      end: new Date(start.getTime() + 1_800_000),
      duration: 1800,
      ...values,
    })
    .returning();
  return row!;
}

/** Positions of the cart at the given instants, as the telemetry writer stores them. */
export async function insertPositions(
  rt: Runtime,
  deviceId: string,
  points: Array<{ ts: Date; lat: number; lng: number }>,
): Promise<void> {
  await rt.ctx.db.insert(positions).values(points.map((point) => ({ deviceId, speed: 10, ...point })));
}

export const rideRow = async (rt: Runtime, rideId: string): Promise<RideRow | undefined> =>
  (await rt.ctx.db.select().from(rides).where(eq(rides.id, rideId)))[0];

export const ridesOfCart = (rt: Runtime, deviceId: string): Promise<RideRow[]> =>
  rt.ctx.db.select().from(rides).where(eq(rides.deviceId, deviceId));

/** Codes unique among the bookings these tests write (a club's live bookings may not share one). */
let bookingCodes = 0;

/**
 * A live booking of the cart from `fromMin` to `toMin` minutes around now, written straight into the
 * database (no turnaround); `values` overrides any field (a maintenance block, a code, a status …).
 */
export async function insertBooking(
  rt: Runtime,
  cart: { siteId: string; deviceId: string },
  fromMin: number,
  toMin: number,
  values: Partial<typeof bookings.$inferInsert> = {},
) {
  const start = new Date(Date.now() + fromMin * 60_000);
  const end = new Date(Date.now() + toMin * 60_000);
  const [row] = await rt.ctx.db
    .insert(bookings)
    .values({
      ...cart,
      start,
      end,
      blockedUntil: end,
      name: 'Bea Booker',
      code: String(400_000 + ++bookingCodes),
      ...values,
    })
    .returning();
  return row!;
}
