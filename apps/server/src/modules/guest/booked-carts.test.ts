import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CartView, GuestCartView, SiteView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, startAsSuperadmin } from '../../../test/helpers';
import { bookings } from '../../db/tables/bookings';
import { sites } from '../../db/tables/sites';
import type { DeviceRow } from '../../db/tables/devices';
import {
  createRideClub,
  insertBooking,
  insertCart,
  insertRide,
  ridesOfCart,
  type RideClub,
} from './guest-rides.test-support';

/**
 * Issue 17 item 6 (server): a booking covering now makes its cart BOOKED for guests (cart page, the cart's
 * own code, checkout) but not for its own unlock; a current maintenance block takes the cart out of service;
 * the map and fleet views carry the cart's bookings of the day, the display lock status and the booking's
 * driver; the turnaround is a site setting. Bookings are written straight into the table, so a booking
 * covering now needs no waiting for its start.
 */

let rt: Runtime;
let superadmin: string;
let club: RideClub;

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  club = await createRideClub(rt);
});
afterAll(() => rt.stop());

let phones = 0;
let phone = '10.1.0.1';
beforeEach(() => {
  phones++;
  phone = `10.1.${phones}.1`;
});

/** A live booking (or block) of the cart from `fromMin` to `toMin` minutes around now. */
async function book(
  cart: DeviceRow,
  fromMin: number,
  toMin: number,
  values: Partial<typeof bookings.$inferInsert> = {},
) {
  const row = await insertBooking(rt, { siteId: cart.siteId, deviceId: cart.id }, fromMin, toMin, values);
  // Written past the bookings service: announced as it would (the cart views' lookup reads again).
  rt.ctx.bus.emit('booking.updated', row.id, cart.siteId);
  return row;
}

const cartPage = async (deviceId: string) => {
  const res = await rt.app.inject({ url: `/api/guest/devices/${deviceId}`, remoteAddress: phone });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GuestCartView>();
};
const codeUnlock = (deviceId: string) =>
  rt.app.inject({
    method: 'POST',
    url: `/api/guest/devices/${deviceId}/unlock`,
    remoteAddress: phone,
    payload: {
      deviceId,
      rideData: { type: 'code', code: '123456', name: 'Walk Up', email: 'w@example.org' },
    },
  });
const checkout = (deviceId: string) =>
  rt.app.inject({
    method: 'POST',
    url: '/api/guest/stripe/generate-checkout-session',
    remoteAddress: phone,
    payload: {
      email: 'guest@example.com',
      name: 'Gina Guest',
      success_url: `${rt.ctx.config.publicUrl}/ride/paid?session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${rt.ctx.config.publicUrl}/ride/cancelled`,
      siteId: club.siteId,
      rateId: club.dailyPriceId,
      deviceId,
    },
  });
const dashboard = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  rt.app.inject({
    method,
    url: `/api/dashboard${url}`,
    headers: asUser(superadmin, club.siteId),
    ...(payload ? { payload } : {}),
  });
const fleet = async () => {
  const res = await dashboard('GET', '/devices');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CartView[]>();
};

describe('guest cart status BOOKED (spec §4)', () => {
  it('a booking covering now makes the cart BOOKED and refuses its code and checkout; before and after, it is AVAILABLE', async () => {
    const cart = await insertCart(rt, club.siteId);
    // Starts in an hour: the cart is free now.
    const later = await book(cart, 60, 120);
    expect((await cartPage(cart.id)).status).toBe('AVAILABLE');

    await book(cart, -10, 30);
    expect((await cartPage(cart.id)).status).toBe('BOOKED');
    const unlock = await codeUnlock(cart.id);
    expect(unlock.statusCode, unlock.body).toBe(409);
    expect(unlock.json()).toMatchObject({ code: 'BOOKED', message: 'This cart is booked' });
    const paid = await checkout(cart.id);
    expect(paid.statusCode, paid.body).toBe(409);
    expect(paid.json()).toMatchObject({ code: 'BOOKED' });
    // Refusals change nothing: no ride was opened.
    expect(await ridesOfCart(rt, cart.id)).toEqual([]);
    expect(later.status).toBe('confirmed');
  });

  it('a cancelled, ended or no-show booking does not hold the cart', async () => {
    const cart = await insertCart(rt, club.siteId);
    await book(cart, -10, 30, { status: 'cancelled' });
    await book(cart, -90, -30, { status: 'confirmed' });
    await book(cart, -200, -100, { status: 'no_show' });
    expect((await cartPage(cart.id)).status).toBe('AVAILABLE');
  });

  it('a current maintenance block shows the cart out of service to guests', async () => {
    const cart = await insertCart(rt, club.siteId);
    await book(cart, -10, 60, { bookingType: 'cart_maintenance', code: null, name: '' });
    expect((await cartPage(cart.id)).status).toBe('OUT_OF_SERVICE');
    expect((await codeUnlock(cart.id)).json()).toMatchObject({ code: 'OUT_OF_SERVICE' });
  });
});

describe("the booking's own unlock", () => {
  it('is not refused as BOOKED by its own booking', async () => {
    const cart = await insertCart(rt, club.siteId);
    const booking = await book(cart, -5, 60);
    const res = await dashboard('POST', `/bookings/${booking.id}/unlock`);
    expect(res.statusCode, res.body).toBe(200);
    const [ride] = await ridesOfCart(rt, cart.id);
    expect(ride).toMatchObject({ type: 'booking', bookingId: booking.id, status: 'active' });
  });

  it('is not refused as SITE_CLOSED (the booking was made within the hours), while a guest is', async () => {
    const closedClub = await createRideClub(rt, { openingHours: Array.from({ length: 7 }, () => null) });
    const cart = await insertCart(rt, closedClub.siteId);
    const walkUp = await insertCart(rt, closedClub.siteId);
    const booking = await book(cart, -5, 60);
    expect((await codeUnlock(walkUp.id)).json()).toMatchObject({ code: 'SITE_CLOSED' });
    const res = await rt.app.inject({
      method: 'POST',
      url: `/api/dashboard/bookings/${booking.id}/unlock`,
      headers: asUser(superadmin, closedClub.siteId),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ridesOfCart(rt, cart.id)).toHaveLength(1);
  });
});

describe('map and fleet cart views (issue 17 item 6)', () => {
  it("carry the cart's bookings of the rest of the day, the display lock status and the booking's driver", async () => {
    const booked = await insertCart(rt, club.siteId);
    const current = await book(booked, -10, 50, { name: 'Bea Booker', scheduleUnlock: true });
    await book(booked, -120, -60, { name: 'Earlier Ernie' });
    const blocked = await insertCart(rt, club.siteId);
    await book(blocked, -10, 50, { bookingType: 'cart_maintenance', code: null, name: '' });
    const unlocked = await insertCart(rt, club.siteId, { lockStatus: 0 });
    await book(unlocked, -10, 50, { name: 'Ulla Unlocked' });
    const free = await insertCart(rt, club.siteId);

    const views = new Map((await fleet()).map((view) => [view._id, view]));
    expect(views.get(booked.id)).toMatchObject({
      displayLockStatus: 'booked',
      driverName: 'Bea Booker',
      bookings: [
        {
          _id: current.id,
          bookingType: 'booking',
          name: 'Bea Booker',
          scheduleUnlock: true,
          start: current.start.toISOString(),
          end: current.end.toISOString(),
        },
      ],
    });
    expect(views.get(blocked.id)).toMatchObject({ displayLockStatus: 'maintenance', driverName: null });
    expect(views.get(unlocked.id)).toMatchObject({ displayLockStatus: 'unlocked' });
    expect(views.get(free.id)).toMatchObject({ displayLockStatus: 'locked', bookings: [], driverName: null });

    // One cart's view says the same.
    const one = await dashboard('GET', `/devices/${booked.id}`);
    expect(one.json<CartView>()).toMatchObject({ displayLockStatus: 'booked', driverName: 'Bea Booker' });
  });

  it("names the open ride's driver before the booking's", async () => {
    const cart = await insertCart(rt, club.siteId, { inUse: true, lockStatus: 0 });
    await book(cart, -10, 50, { name: 'Bea Booker' });
    await insertRide(rt, cart, { status: 'active', end: null, meta: { name: 'Rita Rider', email: null } });
    const view = (await fleet()).find((candidate) => candidate._id === cart.id);
    expect(view).toMatchObject({ driverName: 'Rita Rider', displayLockStatus: 'unlocked' });
  });

  it('a booking moved away is gone from the pushed view at once (the lookup forgets on booking.updated)', async () => {
    const cart = await insertCart(rt, club.siteId);
    const booking = await book(cart, -10, 50, { name: 'Mo Mover' });
    const first = await rt.ctx.cartActivity.present((await fleet()).find((view) => view._id === cart.id)!);
    expect(first.bookings).toHaveLength(1);
    await rt.ctx.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id));
    rt.ctx.bus.emit('booking.updated', booking.id, club.siteId);
    const second = await rt.ctx.cartActivity.present({ ...first, bookings: [] });
    expect(second).toMatchObject({ bookings: [], displayLockStatus: 'locked', driverName: null });
  });
});

describe('booking turnaround (site settings)', () => {
  const patch = (updateData: object) => dashboard('PATCH', '/sites', { updateData });

  it('is shown and saved in 5-minute steps from 0 to 120; a refusal changes nothing', async () => {
    const saved = await patch({ bookingTurnaround: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<SiteView>()).toMatchObject({ bookingTurnaround: 30, unpublishedChanges: [] });
    for (const bad of [-5, 7, 125, 'ten']) {
      const res = await patch({ bookingTurnaround: bad });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/bookingTurnaround/);
    }
    const [row] = await rt.ctx.db.select().from(sites).where(eq(sites.id, club.siteId));
    expect(row!.bookingTurnaround).toBe(30);
  });
});
