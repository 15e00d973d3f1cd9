import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  CLIENT_LIMITS,
  addDays,
  localDate,
  zonedInstant,
  type AvailableCartsView,
  type BookingView,
  type ClientBookingView,
  type ClientCart,
  type ClientService,
  type ClientSite,
  type SlotView,
} from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, startAsSuperadmin } from '../../../test/helpers';
import { bookings } from '../../db/tables/bookings';
import { createRideClub, insertCart, type RideClub } from '../guest/guest-rides.test-support';
import { clientCall, createClient } from './clients.test-support';

/**
 * Issue 21 item 5 (server): the client API for booking systems. Scoped to the key's sites (another site or
 * another client's booking answers as a missing one), booking under every rule of BookingsService, visible
 * on the operator's calendar as source 'client' and closed to staff edits, rate limited per key.
 */

const TZ = 'Europe/London';
let rt: Runtime;
let superadmin: string;
let club: RideClub;
let otherClub: RideClub;
let cartA: string;
let cartB: string;
/** client of `club` only */
let key: string;
let clientId: string;
/** another client of `club` */
let otherKey: string;

const tomorrow = () => addDays(localDate(Date.now(), TZ), 1);
const at = (time: string, date = tomorrow()) => new Date(zonedInstant(date, time, TZ)).toISOString();
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object, apiKey = key) =>
  clientCall(rt, apiKey, method, path, payload);
const siteBookings = () => rt.ctx.db.$count(bookings, eq(bookings.siteId, club.siteId));

async function book(body: object, apiKey = key): Promise<ClientBookingView> {
  const res = await call('POST', `/sites/${club.siteId}/bookings`, body, apiKey);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ClientBookingView>();
}

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  [club, otherClub] = await Promise.all([createRideClub(rt), createRideClub(rt)]);
  cartA = (await insertCart(rt, club.siteId, { carNumber: '2', odometer: 100 })).id;
  cartB = (await insertCart(rt, club.siteId, { carNumber: '10', odometer: 50 })).id;
  await insertCart(rt, otherClub.siteId);
  const mine = await createClient(rt, superadmin, [club.siteId], 'Tee Times Ltd');
  key = mine.apiKey;
  clientId = mine.client._id;
  otherKey = (await createClient(rt, superadmin, [club.siteId, otherClub.siteId], 'Other Ltd')).apiKey;
});
afterAll(() => rt.stop());

describe('the key', () => {
  it('is required: without one, or with a wrong one, 401 invalidApiKey', async () => {
    for (const apiKey of [undefined, 'nope', `fwk_${'x'.repeat(43)}`]) {
      const res = await clientCall(rt, apiKey, 'GET', '/sites');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'invalidApiKey' });
    }
    // A dashboard token is no key.
    const res = await rt.app.inject({ url: '/api/client/v1/sites', headers: asUser(superadmin) });
    expect(res.statusCode).toBe(401);
  });
});

describe("the client's sites", () => {
  it("lists only the key's sites", async () => {
    const res = await call('GET', '/sites');
    expect(res.statusCode, res.body).toBe(200);
    const sites = res.json<ClientSite[]>();
    expect(sites.map((site) => site._id)).toEqual([club.siteId]);
    expect(sites[0]).toMatchObject({ timezone: TZ, currency: 'GBP' });
  });

  it("reads a site's services, carts, slots and free carts", async () => {
    const services = (await call('GET', `/sites/${club.siteId}/services`)).json<ClientService[]>();
    const service = services.find((candidate) => candidate._id === club.serviceId)!;
    expect(service).toMatchObject({ name: '18 holes', duration: 240 });
    expect(service.prices.map((price) => price.amount).sort()).toEqual([2000, 4000]);

    const carts = (await call('GET', `/sites/${club.siteId}/carts`)).json<ClientCart[]>();
    expect(carts.map((cart) => cart.carNumber)).toEqual(['2', '10']);
    expect(carts[0]).toMatchObject({
      _id: cartA,
      carName: 'Test cart',
      bookableOnline: true,
      inService: true,
    });

    const slots = await call(
      'GET',
      `/sites/${club.siteId}/slots?serviceId=${club.serviceId}&dateString=${tomorrow()}`,
    );
    expect(slots.statusCode, slots.body).toBe(200);
    expect(slots.json<SlotView[]>()[0]).toMatchObject({ start: '00:00', end: '04:00', total: 2 });

    const free = await call(
      'GET',
      `/sites/${club.siteId}/available-carts?start=${at('20:00')}&end=${at('21:00')}`,
    );
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json<AvailableCartsView>().available.sort()).toEqual([cartA, cartB].sort());
  });

  it('answers another site exactly as a missing one (404 siteNotFound), and books nothing there', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const site of [otherClub.siteId, missing]) {
      const paths = [
        `/sites/${site}/services`,
        `/sites/${site}/carts`,
        `/sites/${site}/slots?serviceId=${otherClub.serviceId}&dateString=${tomorrow()}`,
        `/sites/${site}/available-carts?start=${at('10:00')}&end=${at('11:00')}`,
        `/sites/${site}/bookings`,
      ];
      for (const path of paths) {
        const res = await call('GET', path);
        expect(res.statusCode, path).toBe(404);
        expect(res.json()).toEqual({ message: 'Site not found', code: 'siteNotFound' });
      }
      const res = await call('POST', `/sites/${site}/bookings`, {
        start: at('10:00'),
        end: at('11:00'),
        name: 'Intruder',
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await rt.ctx.db.$count(bookings, eq(bookings.siteId, otherClub.siteId))).toBe(0);
  });
});

describe('booking', () => {
  it('books the recommended cart when none is named, as source client with the external id', async () => {
    const booking = await book({
      start: at('08:00'),
      end: at('12:00'),
      service: club.serviceId,
      price: club.dailyPriceId,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      externalRef: 'BK-1',
    });
    // The recommendation: the lowest odometer among the free carts.
    expect(booking).toMatchObject({
      site: club.siteId,
      device: cartB,
      carNumber: '10',
      status: 'confirmed',
      name: 'Ada Lovelace',
      prePaid: true,
      externalRef: 'BK-1',
    });
    expect(booking.code).toMatch(/^\d{6}$/);
    const [row] = await rt.ctx.db.select().from(bookings).where(eq(bookings.id, booking._id));
    expect(row).toMatchObject({ source: 'client', clientId, externalRef: 'BK-1', createdBy: null });
  });

  it('tells the operator calendar at once (the booking event) and shows there as source client', async () => {
    const events: string[] = [];
    const listener = (id: string) => events.push(id);
    rt.ctx.bus.on('booking.updated', listener);
    const booking = await book({ start: at('13:00'), end: at('14:00'), device: cartA, name: 'Grace Hopper' });
    rt.ctx.bus.off('booking.updated', listener);
    expect(events).toContain(booking._id);
    const day = await rt.app.inject({
      url: `/api/dashboard/bookings?start=${at('00:00')}&end=${at('23:55')}`,
      headers: asUser(club.basic, club.siteId),
    });
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json<BookingView[]>().find((row) => row._id === booking._id)).toMatchObject({
      source: 'client',
      name: 'Grace Hopper',
      device: cartA,
    });
  });

  it('is closed to staff: edit and delete answer 403 bookingLocked and change nothing', async () => {
    const booking = await book({ start: at('15:00'), end: at('16:00'), device: cartA, name: 'Locked' });
    for (const method of ['PATCH', 'DELETE'] as const) {
      const res = await rt.app.inject({
        method,
        url: `/api/dashboard/bookings/${booking._id}`,
        headers: asUser(superadmin, club.siteId),
        ...(method === 'PATCH' ? { payload: { name: 'Changed' } } : {}),
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'bookingLocked' });
    }
    expect((await call('GET', `/bookings/${booking._id}`)).json()).toMatchObject({
      name: 'Locked',
      status: 'confirmed',
    });
  });

  it('refuses an overlap with 409 and bad input with 400, changing nothing', async () => {
    await book({ start: at('17:00'), end: at('18:00'), device: cartA, name: 'First' });
    const before = await siteBookings();
    const overlap = await call('POST', `/sites/${club.siteId}/bookings`, {
      start: at('17:30'),
      end: at('18:30'),
      device: cartA,
      name: 'Second',
    });
    expect(overlap.statusCode, overlap.body).toBe(409);
    expect(overlap.json()).toMatchObject({ code: 'overlap' });
    const yesterday = addDays(localDate(Date.now(), TZ), -1);
    const bad: object[] = [
      { start: at('10:00', yesterday), end: at('11:00', yesterday), name: 'Past' },
      { start: at('19:00'), end: at('18:00'), name: 'Backwards' },
      { start: at('19:00'), end: at('19:30'), service: club.serviceId, name: 'Shorter than the service' },
      { start: at('19:00'), end: at('20:00') },
      { start: at('19:00'), end: at('20:00'), name: 'x', email: 'not-an-email' },
      { start: 'tomorrow', end: at('20:00'), name: 'x' },
      { start: at('19:00'), end: at('20:00'), name: 'x', device: otherClub.siteId },
    ];
    for (const body of bad) {
      const res = await call('POST', `/sites/${club.siteId}/bookings`, body);
      expect([400, 404], `${JSON.stringify(body)} → ${res.body}`).toContain(res.statusCode);
    }
    expect(await siteBookings()).toBe(before);
  });

  it('answers 409 noCartFree when no cart is free for a booking without one', async () => {
    await book({ start: at('21:00'), end: at('22:00'), device: cartA, name: 'One' });
    await book({ start: at('21:00'), end: at('22:00'), device: cartB, name: 'Two' });
    const before = await siteBookings();
    const res = await call('POST', `/sites/${club.siteId}/bookings`, {
      start: at('21:00'),
      end: at('22:00'),
      name: 'Three',
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'noCartFree' });
    expect(await siteBookings()).toBe(before);
  });
});

describe("the client's own bookings", () => {
  it('lists, reads, moves and cancels them', async () => {
    const date = addDays(tomorrow(), 1);
    const booking = await book({
      start: at('09:00', date),
      end: at('10:00', date),
      device: cartA,
      name: 'Mine',
    });
    const list = await call(
      'GET',
      `/sites/${club.siteId}/bookings?start=${at('00:00', date)}&end=${at('23:55', date)}`,
    );
    expect(list.json<ClientBookingView[]>().map((row) => row._id)).toEqual([booking._id]);

    const moved = await call('PATCH', `/bookings/${booking._id}`, {
      start: at('11:00', date),
      end: at('12:30', date),
      device: cartB,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      start: at('11:00', date),
      end: at('12:30', date),
      device: cartB,
      code: booking.code,
    });

    const clash = await book({
      start: at('14:00', date),
      end: at('15:00', date),
      device: cartB,
      name: 'Later',
    });
    const refused = await call('PATCH', `/bookings/${booking._id}`, {
      start: at('14:30', date),
      end: at('15:30', date),
    });
    expect(refused.statusCode).toBe(409);
    expect((await call('GET', `/bookings/${booking._id}`)).json()).toMatchObject({
      start: at('11:00', date),
    });
    expect((await call('PATCH', `/bookings/${booking._id}`, {})).statusCode).toBe(400);

    expect((await call('DELETE', `/bookings/${clash._id}`)).statusCode).toBe(204);
    expect((await call('GET', `/bookings/${clash._id}`)).json()).toMatchObject({ status: 'cancelled' });
    // Cancelled: its cart is free again, and it cannot be cancelled or changed twice.
    expect((await call('DELETE', `/bookings/${clash._id}`)).statusCode).toBe(409);
    const after = await call(
      'GET',
      `/sites/${club.siteId}/bookings?start=${at('00:00', date)}&end=${at('23:55', date)}`,
    );
    expect(after.json<ClientBookingView[]>().map((row) => row._id)).toEqual([booking._id]);
  });

  it("answers another client's booking, and a staff booking, as a missing one", async () => {
    const date = addDays(tomorrow(), 2);
    const theirs = await book(
      { start: at('22:00', date), end: at('23:00', date), device: cartA, name: 'Theirs' },
      otherKey,
    );
    const staff = await rt.app.inject({
      method: 'POST',
      url: '/api/dashboard/bookings',
      headers: asUser(club.basic, club.siteId),
      payload: { start: at('23:00', date), end: at('23:55', date), device: cartB, name: 'Desk' },
    });
    expect(staff.statusCode, staff.body).toBe(201);
    for (const id of [theirs._id, staff.json<BookingView>()._id]) {
      for (const [method, body] of [['GET'], ['PATCH', { name: 'Mine now' }], ['DELETE']] as const) {
        const res = await call(method, `/bookings/${id}`, body);
        expect(res.statusCode, `${method} ${res.body}`).toBe(404);
        expect(res.json()).toMatchObject({ code: 'bookingNotFound' });
      }
    }
    const [row] = await rt.ctx.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, theirs._id), eq(bookings.status, 'confirmed')));
    expect(row?.name).toBe('Theirs');
    const list = await call(
      'GET',
      `/sites/${club.siteId}/bookings?start=${at('00:00', date)}&end=${at('23:55', date)}`,
    );
    expect(list.json<ClientBookingView[]>().map((b) => b._id)).not.toContain(theirs._id);
  });
});

describe('rate limit', () => {
  it(`allows ${CLIENT_LIMITS.requestsPerMinute} calls a minute per key; another key has its own budget`, async () => {
    const [first, second] = await Promise.all([
      createClient(rt, superadmin, [club.siteId]),
      createClient(rt, superadmin, [club.siteId]),
    ]);
    for (let i = 0; i < CLIENT_LIMITS.requestsPerMinute; i++)
      expect((await call('GET', '/sites', undefined, first.apiKey)).statusCode).toBe(200);
    const limited = await call('GET', '/sites', undefined, first.apiKey);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rateLimited', retryAfter: expect.any(Number) });
    expect((await call('GET', '/sites', undefined, second.apiKey)).statusCode).toBe(200);
  });
});
