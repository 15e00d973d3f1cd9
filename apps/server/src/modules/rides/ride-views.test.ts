import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ridesQuery, type RidesQuery } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { startTestServer } from '../../../test/helpers';
import type { DeviceRow } from '../../db/tables/devices';
import {
  createRideClub,
  insertCart,
  insertPositions,
  insertRide,
  type RideClub,
} from '../guest/guest-rides.test-support';
import { payments } from '../../db/tables/payments';
import { sites } from '../../db/tables/sites';
import { createUser } from '../users/users.test-support';
import type { RideViewsService } from './ride-views.service';
import type { RideRow } from './rides.repository';

/** The read side against the database: the Rides page's list, the detail pane and the guest's view. */
let rt: Runtime;
let views: RideViewsService;
let club: RideClub;
let other: RideClub;
let cartA: DeviceRow;
let cartB: DeviceRow;
let cartC: DeviceRow;
let staffId: string;
const HOUR = 3_600_000;
const now = Date.now();
const at = (msAgo: number) => new Date(now - msAgo);

/** Rides of the club, named by what the tests look for. */
const ride: Record<string, RideRow> = {};

beforeAll(async () => {
  rt = await startTestServer();
  views = rt.ctx.rides.views;
  [club, other] = await Promise.all([createRideClub(rt), createRideClub(rt)]);
  const cart = (carNumber: string) =>
    insertCart(rt, club.siteId, { carNumber, carName: `Cart ${carNumber}` });
  [cartA, cartB, cartC] = await Promise.all([cart('7'), cart('71'), cart('8')]);
  const otherCart = await insertCart(rt, other.siteId, { carNumber: '7' });
  staffId = (await createUser(rt, { role: 'user', sites: [club.siteId] })).id;

  ride.aero = await insertRide(rt, cartA, {
    start: at(3 * HOUR),
    meta: { name: 'Ærø Jensen', email: 'aero@example.org' },
  });
  ride.bob = await insertRide(rt, cartB, {
    start: at(2 * HOUR),
    meta: { name: 'Bob Smith', email: 'BOB@Example.org' },
  });
  ride.open = await insertRide(rt, cartC, {
    type: 'manual',
    start: at(HOUR),
    status: 'active',
    end: null,
    duration: null,
    serviceId: club.serviceId,
    priceId: club.dailyPriceId,
    unlockedBy: staffId,
    meta: { name: 'Carla 100%', email: null },
  });
  ride.deleted = await insertRide(rt, cartA, { start: at(HOUR / 2), deleted: true });
  ride.old = await insertRide(rt, cartA, {
    start: at(72 * HOUR),
    tooShort: true,
    fewPoints: true,
    points: 3,
    unlockCode: '424242',
  });
  ride.otherSite = await insertRide(rt, otherCart, { start: at(HOUR / 6) });
});
afterAll(() => rt.stop());

const query = (input: Record<string, unknown> = {}): RidesQuery => ridesQuery.parse(input);
const ids = (list: { _id: string }[]) => list.map((item) => item._id);

describe('the Rides page list', () => {
  it("lists the site's rides newest first, without deleted ones or other sites' rides", async () => {
    const page = await views.list(club.siteId, query());
    expect(ids(page.data)).toEqual([ride.open!.id, ride.bob!.id, ride.aero!.id, ride.old!.id]);
    expect(page.pagination).toEqual({
      currentPage: 1,
      totalPages: 1,
      totalItems: 4,
      itemsPerPage: 10,
      nextPage: null,
      prevPage: null,
    });
  });

  it('pages through them, and a page past the end is empty but still counts', async () => {
    const first = await views.list(club.siteId, query({ limit: '2' }));
    expect(ids(first.data)).toEqual([ride.open!.id, ride.bob!.id]);
    expect(first.pagination).toMatchObject({ totalPages: 2, totalItems: 4, nextPage: 2, prevPage: null });
    const second = await views.list(club.siteId, query({ limit: '2', page: '2' }));
    expect(ids(second.data)).toEqual([ride.aero!.id, ride.old!.id]);
    expect(second.pagination).toMatchObject({ currentPage: 2, nextPage: null, prevPage: 1 });
    const past = await views.list(club.siteId, query({ limit: '2', page: '5' }));
    expect(past.data).toEqual([]);
    expect(past.pagination.totalItems).toBe(4);
  });

  it("filters on the ride's start in [start, end)", async () => {
    const since = await views.list(club.siteId, query({ start: at(2.5 * HOUR).toISOString() }));
    expect(ids(since.data)).toEqual([ride.open!.id, ride.bob!.id]);
    const until = await views.list(club.siteId, query({ end: ride.bob!.start.toISOString() }));
    expect(ids(until.data)).toEqual([ride.aero!.id, ride.old!.id]);
    const between = await views.list(
      club.siteId,
      query({ start: ride.aero!.start.toISOString(), end: ride.open!.start.toISOString() }),
    );
    expect(ids(between.data)).toEqual([ride.bob!.id, ride.aero!.id]);
  });

  it('filters on one cart', async () => {
    const page = await views.list(club.siteId, query({ device: cartA.id }));
    expect(ids(page.data)).toEqual([ride.aero!.id, ride.old!.id]);
  });

  it('searches car numbers from their start', async () => {
    const seven = await views.list(club.siteId, query({ search: '7', searchField: 'carNumber' }));
    expect(ids(seven.data)).toEqual([ride.bob!.id, ride.aero!.id, ride.old!.id]);
    const seventyOne = await views.list(club.siteId, query({ search: '71', searchField: 'carNumber' }));
    expect(ids(seventyOne.data)).toEqual([ride.bob!.id]);
    const one = await views.list(club.siteId, query({ search: '1', searchField: 'carNumber' }));
    expect(one.data).toEqual([]);
  });

  it('searches names and emails anywhere in them, in any case', async () => {
    const name = await views.list(club.siteId, query({ search: 'ærø', searchField: 'name' }));
    expect(ids(name.data)).toEqual([ride.aero!.id]);
    const email = await views.list(club.siteId, query({ search: 'bob@example', searchField: 'email' }));
    expect(ids(email.data)).toEqual([ride.bob!.id]);
    // The name is not searched when the email field is chosen.
    expect((await views.list(club.siteId, query({ search: 'smith', searchField: 'email' }))).data).toEqual(
      [],
    );
  });

  it('takes % and _ as letters, not wildcards', async () => {
    const percent = await views.list(club.siteId, query({ search: '100%', searchField: 'name' }));
    expect(ids(percent.data)).toEqual([ride.open!.id]);
    expect((await views.list(club.siteId, query({ search: '%', searchField: 'email' }))).data).toEqual([]);
  });

  it('shows each ride with its cart, club currency, service, price, staff and marks', async () => {
    const page = await views.list(club.siteId, query());
    const open = page.data.find((item) => item._id === ride.open!.id)!;
    expect(open).toMatchObject({
      device: cartC.id,
      siteId: club.siteId,
      carNumber: '8',
      carName: 'Cart 8',
      type: 'manual',
      status: 'active',
      confirmed: true,
      end: null,
      currency: 'GBP',
      service: { _id: club.serviceId, name: '18 holes' },
      price: { _id: club.dailyPriceId, name: 'Guest' },
      unlockedBy: { _id: staffId, email: expect.any(String) },
      meta: { name: 'Carla 100%', email: null },
      marks: { tooShort: false, fewPoints: false },
      points: null,
      deleted: false,
    });
    const old = page.data.find((item) => item._id === ride.old!.id)!;
    expect(old).toMatchObject({
      type: 'keypad',
      status: 'ended',
      duration: 1800,
      service: null,
      price: null,
      unlockedBy: null,
      unlockCode: '424242',
      marks: { tooShort: true, fewPoints: true },
      points: 3,
    });
  });
});

describe('the ride detail', () => {
  /** A straight run north with one detour east: simplifying keeps the ends and the detour. */
  const line = (start: Date, count: number) =>
    Array.from({ length: count }, (_, i) => ({
      ts: new Date(start.getTime() + (i + 1) * 10_000),
      lat: Number((56.34 + i * 0.0001).toFixed(6)),
      lng: i === Math.floor(count / 2) ? -2.799 : -2.8,
    }));

  it('answers every position while it ran with hiRes, a simplified trail without', async () => {
    const points = line(ride.aero!.start, 40);
    await insertPositions(rt, cartA.id, [
      // Before the start and after the end: another ride's, not this one's.
      { ts: new Date(ride.aero!.start.getTime() - 60_000), lat: 1, lng: 1 },
      ...points,
      { ts: new Date(ride.aero!.end!.getTime() + 60_000), lat: 2, lng: 2 },
    ]);
    const full = await views.detail(ride.aero!.id, club.siteId, true);
    expect(full.hiRes).toBe(true);
    expect(full.trail).toEqual(points.map(({ lat, lng }) => [lat, lng]));

    const drawn = await views.detail(ride.aero!.id, club.siteId, false);
    expect(drawn.hiRes).toBe(false);
    expect(drawn.trail.length).toBeLessThan(points.length);
    expect(drawn.trail[0]).toEqual([points[0]!.lat, points[0]!.lng]);
    expect(drawn.trail.at(-1)).toEqual([points.at(-1)!.lat, points.at(-1)!.lng]);
    expect(drawn.trail).toContainEqual([points[20]!.lat, -2.799]);
    expect(drawn).toMatchObject({ _id: ride.aero!.id, carName: 'Cart 7', siteCenter: [56.34, -2.8] });
  });

  it("draws an open ride's trail up to now", async () => {
    await insertPositions(rt, cartC.id, [
      { ts: at(HOUR / 2), lat: 56.341, lng: -2.801 },
      { ts: at(HOUR / 4), lat: 56.342, lng: -2.802 },
    ]);
    const detail = await views.detail(ride.open!.id, club.siteId, true);
    expect(detail.trail).toEqual([
      [56.341, -2.801],
      [56.342, -2.802],
    ]);
  });

  it("centres a ride without positions on the site, or on 0,0 when the site's centre is unreadable", async () => {
    const detail = await views.detail(ride.bob!.id, club.siteId, false);
    expect(detail.trail).toEqual([]);
    expect(detail.siteCenter).toEqual([56.34, -2.8]);

    const nowhere = await createRideClub(rt);
    await rt.ctx.db.update(sites).set({ centerLatLong: 'somewhere' }).where(eq(sites.id, nowhere.siteId));
    const cart = await insertCart(rt, nowhere.siteId);
    const lost = await insertRide(rt, cart);
    expect((await views.detail(lost.id, nowhere.siteId, false)).siteCenter).toEqual([0, 0]);
  });

  it('is not found for unknown, deleted and other sites’ rides', async () => {
    for (const [rideId, siteId] of [
      [randomUUID(), club.siteId],
      [ride.deleted!.id, club.siteId],
      [ride.otherSite!.id, club.siteId],
      [ride.aero!.id, other.siteId],
    ] as const) {
      await expect(views.detail(rideId, siteId, false)).rejects.toMatchObject({
        statusCode: 404,
        message: 'Ride not found',
        code: 'rideNotFound',
      });
    }
  });
});

describe("the guest's view", () => {
  it('is null for unknown, malformed and deleted rides', async () => {
    expect(await views.guestView(randomUUID())).toBeNull();
    expect(await views.guestView('not-a-ride')).toBeNull();
    expect(await views.guestView(ride.deleted!.id)).toBeNull();
  });

  it('says awaiting while the cart has not confirmed, with the attempt cycle and the retry left', async () => {
    const requested = at(5_000);
    const waiting = await insertRide(rt, cartB, {
      type: 'code',
      status: 'active',
      confirmed: false,
      end: null,
      duration: null,
      unlockRequestedAt: requested,
      unlockAttempts: 2,
      start: at(5_000),
    });
    const before = Date.now();
    const view = (await views.guestView(waiting.id))!;
    const after = Date.now();
    expect(view).toMatchObject({
      _id: waiting.id,
      deviceId: cartB.id,
      siteId: club.siteId,
      carNumber: '71',
      status: 1,
      stage: 'awaiting',
      confirmed: false,
      unlockRequestedAt: requested.toISOString(),
      unlockAttempts: 2,
      retriesLeft: 1,
      payment: null,
      service: null,
      price: null,
    });
    expect(Date.parse(view.serverTime)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(view.serverTime)).toBeLessThanOrEqual(after);
  });

  it('says active, paused or ended, and no retry is ever below none', async () => {
    expect((await views.guestView(ride.open!.id))!).toMatchObject({ stage: 'active', status: 1 });
    const paused = await insertRide(rt, cartA, {
      status: 'paused',
      end: null,
      duration: null,
      guestRetries: 3,
      pausedAt: at(60_000),
    });
    expect((await views.guestView(paused.id))!).toMatchObject({
      stage: 'paused',
      status: 1,
      retriesLeft: 0,
    });
    expect((await views.guestView(ride.aero!.id))!).toMatchObject({
      stage: 'ended',
      status: 0,
      end: ride.aero!.end!.toISOString(),
      duration: 1800,
    });
  });

  it('shows the service, the price and the payment, refunded or not', async () => {
    const [payment] = await rt.ctx.db
      .insert(payments)
      .values({
        siteId: club.siteId,
        purpose: 'ride',
        provider: 'sandbox',
        providerAccountId: 'acct_test',
        description: '18 holes · Guest',
        customerName: 'Gina Guest',
        customerEmail: 'gina@example.org',
        total: 4150,
        currency: 'GBP',
        status: 'cancelled',
        refundedAt: new Date(),
        refundReason: 'cartNeverConfirmed',
      })
      .returning();
    const paid = await insertRide(rt, cartB, {
      type: 'payment',
      paymentId: payment!.id,
      serviceId: club.serviceId,
      priceId: club.dailyPriceId,
      amount: 4150,
      confirmed: false,
      endReason: 'unconfirmed',
      duration: 0,
      meta: { name: 'Gina Guest', email: 'gina@example.org' },
    });
    expect((await views.guestView(paid.id))!).toMatchObject({
      type: 'payment',
      stage: 'ended',
      endReason: 'unconfirmed',
      meta: { name: 'Gina Guest', email: 'gina@example.org' },
      service: { name: '18 holes', duration: 240 },
      price: { name: 'Guest', amount: 4000, currency: 'GBP' },
      payment: { status: 'cancelled', refunded: true, total: 4150, currency: 'GBP' },
    });
  });
});

describe('open rides and pushes', () => {
  it("lists the site's open rides only", async () => {
    expect(ids(await views.openRides(club.siteId))).toContain(ride.open!.id);
    const open = await views.openRides(club.siteId);
    expect(
      open.every((item) => item.status !== 'ended' && !item.deleted && item.siteId === club.siteId),
    ).toBe(true);
    expect(ids(open)).not.toContain(ride.aero!.id);
  });

  it('reads a deleted ride for its push, marked deleted', async () => {
    expect(await views.viewById(ride.deleted!.id)).toMatchObject({ _id: ride.deleted!.id, deleted: true });
    expect(await views.viewById(randomUUID())).toBeNull();
  });
});
