import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  clockAt,
  type GuestCartView,
  type GuestRideView,
  type RatesAnswer,
  type VehicleInfo,
} from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { startAsSuperadmin } from '../../../test/helpers';
import { eventually, registerDevice } from '../../../test/fleet-fixtures';
import { startTestCart, type TestCart } from '../../../test/test-cart';
import { devices } from '../../db/tables/devices';
import { prices } from '../../db/tables/services';
import { EMPTY_PUBLIC_PROFILE, sites } from '../../db/tables/sites';
import { rides } from '../../db/tables/rides';
import {
  CLUB_UNLOCK_FEE,
  createRideClub,
  insertCart,
  insertRide,
  rideRow,
  ridesOfCart,
  type RideClub,
} from './guest-rides.test-support';

/** The guest's calls: the cart page, the rates, the cart's own code and the guest's ride (session). */
const SLOW = 15_000;

let rt: Runtime;
let superadmin: string;
let club: RideClub;
const carts: TestCart[] = [];

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  club = await createRideClub(rt);
});
afterAll(async () => {
  for (const cart of carts) await cart.disconnect();
  await rt.stop();
});

/** Each test is a phone of its own: the guest routes' rate limits count per address. */
let phones = 0;
let phone = '10.0.0.1';
beforeEach(() => {
  phones++;
  phone = `10.0.${phones}.1`;
});
const guest = (url: string) => rt.app.inject({ url: `/api/guest${url}`, remoteAddress: phone });
const guestPost = (url: string, payload?: object) =>
  rt.app.inject({
    method: 'POST',
    url: `/api/guest${url}`,
    remoteAddress: phone,
    ...(payload ? { payload } : {}),
  });
const cartPage = async (deviceId: string) => {
  const res = await guest(`/devices/${deviceId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GuestCartView>();
};
const unlockWith = (deviceId: string, code: string) =>
  guestPost(`/devices/${deviceId}/unlock`, {
    deviceId,
    rideData: { type: 'code', code, name: 'Gina Guest', email: 'gina@example.org' },
  });
const session = async (sessionId: string) => {
  const res = await guest(`/rides/${sessionId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GuestRideView>();
};
const vehicle = (power: VehicleInfo['power']): VehicleInfo => ({
  cart: { model: 'Precedent', brand: '' },
  power,
  notes: '',
});

/** Waits read the services, not the routes: polling must not spend the phone's rate limit. */
const cartStatus = async (deviceId: string) => (await rt.ctx.guestCarts.cartView(deviceId)).status;
const stageOf = async (rideId: string) => (await rt.ctx.rides.views.guestView(rideId))?.stage;

/** A real cart of the club with its own code, connected and online. */
async function onlineCart(code: string): Promise<TestCart> {
  const cart = await startTestCart(rt, superadmin, club.siteId);
  carts.push(cart);
  await rt.ctx.db.update(devices).set({ lockCode: code }).where(eq(devices.id, cart.deviceId));
  await eventually(async () => (await cartStatus(cart.deviceId)) === 'AVAILABLE', SLOW);
  return cart;
}

/** Opens a ride with the cart's code; the session id. */
async function unlocked(cart: TestCart, code: string): Promise<string> {
  const res = await unlockWith(cart.deviceId, code);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ session: string }>().session;
}

describe('the cart page', () => {
  it('shows the cart, its club and the services a guest can pay for', async () => {
    await rt.ctx.db
      .update(sites)
      .set({
        publicProfile: { ...EMPTY_PUBLIC_PROFILE, name: 'The Old Links', termsAndConditions: 'Drive slowly' },
        logo: '/api/files/logo.png',
      })
      .where(eq(sites.id, club.siteId));
    const cart = await insertCart(rt, club.siteId, {
      carNumber: '12',
      carName: 'Blue',
      vehicleInfo: vehicle('FLA'),
      battVoltage: 47.735,
    });
    expect(await cartPage(cart.id)).toEqual({
      _id: cart.id,
      carNumber: '12',
      carName: 'Blue',
      siteId: club.siteId,
      siteName: 'The Old Links',
      siteLogoUrl: '/api/files/logo.png',
      termsAndConditions: 'Drive slowly',
      currency: 'GBP',
      battery: 50,
      charging: false,
      status: 'AVAILABLE',
      paymentsActive: true,
      // Member prices are paid with credits, and a free price is not sold by card: only 18 holes.
      services: [{ _id: club.serviceId, name: '18 holes', duration: 240 }],
    });
  });

  it('names the club by its own name without a public profile, and says when it takes no payments', async () => {
    const plain = await createRideClub(rt, { name: 'Plain Club' });
    await rt.ctx.db.update(sites).set({ stripeAccountActive: false }).where(eq(sites.id, plain.siteId));
    const cart = await insertCart(rt, plain.siteId);
    expect(await cartPage(cart.id)).toMatchObject({ siteName: 'Plain Club', paymentsActive: false });
  });

  it('shows no percentage for Li-Ion, unknown packs or a cart on the charger', async () => {
    const liIon = await insertCart(rt, club.siteId, { vehicleInfo: vehicle('Li-Ion'), battVoltage: 52 });
    const unknown = await insertCart(rt, club.siteId, { battVoltage: 50 });
    const charging = await insertCart(rt, club.siteId, {
      vehicleInfo: vehicle('AGM'),
      battVoltage: 51.78,
      battCharge: true,
    });
    const full = await insertCart(rt, club.siteId, { vehicleInfo: vehicle('AGM'), battVoltage: 51.78 });
    expect((await cartPage(liIon.id)).battery).toBeNull();
    expect((await cartPage(unknown.id)).battery).toBeNull();
    expect(await cartPage(charging.id)).toMatchObject({ battery: null, charging: true });
    expect((await cartPage(full.id)).battery).toBe(100);
  });

  it('says why a cart cannot be taken (spec §4 guest cart status)', async () => {
    const cases = [
      ['OFFLINE', { online: false }],
      ['OFFLINE', { lastReportAt: new Date(Date.now() - 3_600_000) }],
      ['OUT_OF_SERVICE', { inService: false }],
      ['KEYMODE', { key: '1' }],
      ['IN_USE', { lockStatus: 0 }],
      ['IN_USE', { inUse: true }],
      ['AVAILABLE', {}],
    ] as const;
    for (const [status, values] of cases) {
      const cart = await insertCart(rt, club.siteId, values);
      expect((await cartPage(cart.id)).status, JSON.stringify(values)).toBe(status);
    }
  });

  it('counts an open ride, even one still waiting for the cart, as in use', async () => {
    const cart = await insertCart(rt, club.siteId);
    await insertRide(rt, cart, { status: 'active', confirmed: false, end: null, duration: null });
    expect((await cartPage(cart.id)).status).toBe('IN_USE');
  });

  it('says the club is closed outside its opening hours', async () => {
    const closed = await createRideClub(rt, { openingHours: Array.from({ length: 7 }, () => null) });
    const cart = await insertCart(rt, closed.siteId);
    expect((await cartPage(cart.id)).status).toBe('SITE_CLOSED');
  });

  it('is not found for unknown carts and carts not yet at a club', async () => {
    const unknown = await guest(`/devices/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Cart not found', code: 'cartNotFound' });
    const staged = await registerDevice(rt, superadmin);
    expect((await guest(`/devices/${staged.deviceId}`)).statusCode).toBe(404);
    expect((await guest('/devices/nope')).statusCode).toBe(400);
  });
});

describe('the rates', () => {
  it('lists guest prices that cost something, special or daily, and which can be bought now', async () => {
    const today = clockAt(Date.now(), 'Europe/London').day;
    const [later, now] = await rt.ctx.db
      .insert(prices)
      .values([
        {
          serviceId: club.serviceId,
          name: 'Early bird',
          amount: 2500,
          description: 'Before breakfast',
          availableTimes: [{ day: (today + 3) % 7, start: '06:00', end: '08:00' }],
        },
        {
          serviceId: club.serviceId,
          name: 'Today only',
          amount: 3000,
          availableTimes: [{ day: today, start: '00:00', end: '24:00' }],
        },
      ])
      .returning();

    const res = await guest(`/sites/${club.siteId}/rates`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<RatesAnswer>();
    expect(answer.unlockFee).toBe(CLUB_UNLOCK_FEE);
    expect(answer.rates.map((rate) => [rate.name, rate.range.enabled, rate.availableNow])).toEqual([
      ['Early bird', true, false],
      ['Today only', true, true],
      ['Guest', false, true],
    ]);
    expect(answer.rates[0]).toEqual({
      _id: later!.id,
      name: 'Early bird',
      desc: 'Before breakfast',
      amount: 2500,
      currency: 'GBP',
      serviceId: club.serviceId,
      serviceName: '18 holes',
      duration: 240,
      range: { enabled: true, availableTimes: [{ day: (today + 3) % 7, start: '06:00', end: '08:00' }] },
      availableNow: false,
    });
    expect(answer.rates.map((rate) => rate._id)).toContain(now!.id);
    // Member and free prices are not sold by card.
    expect(answer.rates.map((rate) => rate._id)).not.toContain(club.memberPriceId);
    expect(answer.rates.map((rate) => rate._id)).not.toContain(club.freePriceId);
  });

  it('narrows to one service, and is not found for an unknown club', async () => {
    const practice = await guest(`/sites/${club.siteId}/rates?serviceId=${club.freeServiceId}`);
    expect(practice.json<RatesAnswer>().rates).toEqual([]);
    const holes = await guest(`/sites/${club.siteId}/rates?serviceId=${club.serviceId}`);
    expect(holes.json<RatesAnswer>().rates.every((rate) => rate.serviceId === club.serviceId)).toBe(true);
    expect(holes.json<RatesAnswer>().rates.length).toBeGreaterThan(0);
    expect((await guest(`/sites/${randomUUID()}/rates`)).statusCode).toBe(404);
  });
});

describe("the cart's own code", () => {
  it('refuses a wrong code and changes nothing', async () => {
    const cart = await onlineCart('135790');
    const wrong = await unlockWith(cart.deviceId, '135791');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ message: 'Invalid code', code: 'invalidCode' });
    expect(await ridesOfCart(rt, cart.deviceId)).toEqual([]);
    expect(cart.commands).toEqual([]);
    expect((await unlockWith(cart.deviceId, '12345')).statusCode).toBe(400);
    expect((await unlockWith(randomUUID(), '135790')).statusCode).toBe(404);
  });

  describe('code tries are limited per address, cart and code, not per address alone (issue #15)', () => {
    /** Guests at the club share its Wi-Fi: one address for all of them. */
    const clubWifi = '198.51.100.40';
    const tryCode = (deviceId: string, code: string, remoteAddress = clubWifi) =>
      rt.app.inject({
        method: 'POST',
        url: `/api/guest/devices/${deviceId}/unlock`,
        remoteAddress,
        payload: { rideData: { type: 'code', code, name: 'Gina Guest' } },
      });

    it('slows one code tried again and again at a cart, with a machine-readable wait; other guests go on', async () => {
      const cart = await insertCart(rt, club.siteId, { lockCode: '111111' });
      for (let i = 0; i < 5; i++) expect((await tryCode(cart.id, '222222')).statusCode).toBe(403);
      const blocked = await tryCode(cart.id, '222222');
      expect(blocked.statusCode).toBe(429);
      const wait = Number(blocked.headers['retry-after']);
      expect(wait).toBeGreaterThanOrEqual(1);
      expect(wait).toBeLessThanOrEqual(60);
      expect(blocked.json()).toEqual({
        message: `Too many tries; try again in ${wait} seconds`,
        code: 'rateLimited',
        retryAfter: wait,
      });
      expect(await ridesOfCart(rt, cart.id)).toEqual([]);

      // Another guest behind the same address, at another cart, is not held up by the first one's tries.
      const other = await insertCart(rt, club.siteId, { lockCode: '333333' });
      expect((await tryCode(other.id, '444444')).statusCode).toBe(403);
      // Nor is a different code at the first cart (it is judged, and wrong).
      expect((await tryCode(cart.id, '555555')).statusCode).toBe(403);
    });

    it('caps the codes tried on one cart, from any address, so a code cannot be guessed by trying', async () => {
      const cart = await insertCart(rt, club.siteId, { lockCode: '111111' });
      for (let i = 0; i < 20; i++)
        expect((await tryCode(cart.id, String(600000 + i), `203.0.113.${i}`)).statusCode).toBe(403);
      const blocked = await tryCode(cart.id, '111111', '203.0.113.99');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({ code: 'rateLimited' });
      expect(await ridesOfCart(rt, cart.id)).toEqual([]);
    });
  });

  it('opens a ride with the right code and the cart unlocks', async () => {
    const cart = await onlineCart('246802');
    const res = await unlockWith(cart.deviceId, '246802');
    expect(res.statusCode, res.body).toBe(200);
    const { session: rideId } = res.json<{ session: string }>();
    expect(await rideRow(rt, rideId)).toMatchObject({
      deviceId: cart.deviceId,
      type: 'code',
      meta: { name: 'Gina Guest', email: 'gina@example.org' },
    });
    await eventually(() => cart.commands.some((command) => command.name === 'unlock'), SLOW);
    await eventually(async () => (await stageOf(rideId)) === 'active', SLOW);
    expect(await session(rideId)).toMatchObject({
      status: 1,
      confirmed: true,
      type: 'code',
      deviceId: cart.deviceId,
    });
    expect((await cartPage(cart.deviceId)).status).toBe('IN_USE');

    // The cart is taken now: the right code does not open a second ride on it.
    const again = await unlockWith(cart.deviceId, '246802');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'IN_USE' });
  });
});

describe("the guest's ride", () => {
  it('answers 404 sessionNotFound for unknown sessions, whatever is asked', async () => {
    for (const id of [randomUUID(), 'not-a-session']) {
      const res = await guest(`/rides/${id}?expand=rate`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Session not found or ended', code: 'sessionNotFound' });
      for (const action of ['end', 'pause', 'resume', 'retry']) {
        const acted = await guestPost(`/rides/${id}/${action}`);
        expect(acted.statusCode, action).toBe(404);
        expect(acted.json()).toMatchObject({ code: 'sessionNotFound' });
      }
    }
  });

  it('still answers an ended ride, as ended; a deleted one is gone', async () => {
    const cart = await insertCart(rt, club.siteId);
    const ended = await insertRide(rt, cart, { type: 'code' });
    expect(await session(ended.id)).toMatchObject({ _id: ended.id, stage: 'ended', status: 0 });
    const deleted = await insertRide(rt, cart, { deleted: true });
    expect((await guest(`/rides/${deleted.id}`)).statusCode).toBe(404);
    expect((await guestPost(`/rides/${deleted.id}/end`)).statusCode).toBe(404);
  });

  it('pauses, resumes and ends the ride, answering it each time', async () => {
    const cart = await onlineCart('357913');
    const rideId = await unlocked(cart, '357913');
    await eventually(async () => (await stageOf(rideId)) === 'active', SLOW);

    const paused = await guestPost(`/rides/${rideId}/pause`);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<GuestRideView>()).toMatchObject({ _id: rideId, stage: 'paused', status: 1 });
    await eventually(() => cart.commands.some((command) => command.name === 'lock'), SLOW);

    const resumed = await guestPost(`/rides/${rideId}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json<GuestRideView>()).toMatchObject({ stage: 'active', status: 1 });

    const ended = await guestPost(`/rides/${rideId}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<GuestRideView>()).toMatchObject({ stage: 'ended', status: 0, endReason: 'guest' });
    expect((await guestPost(`/rides/${rideId}/pause`)).statusCode).toBe(409);
  });

  it('retries an unlock the cart has not confirmed once, and no more', async () => {
    const cart = await onlineCart('468024');
    cart.ackMode = 'silent';
    const rideId = await unlocked(cart, '468024');
    expect(await session(rideId)).toMatchObject({ stage: 'awaiting', retriesLeft: 1 });
    // The retry is offered once the 20 s wait has passed: the wait is made to have passed.
    await rt.ctx.db
      .update(rides)
      .set({ unlockRequestedAt: new Date(Date.now() - 30_000) })
      .where(eq(rides.id, rideId));

    const retried = await guestPost(`/rides/${rideId}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<GuestRideView>()).toMatchObject({ _id: rideId, stage: 'awaiting', retriesLeft: 0 });
    const refused = await guestPost(`/rides/${rideId}/retry`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'noRetryLeft' });
  });
});
