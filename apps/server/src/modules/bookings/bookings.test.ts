import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  addDays,
  localDate,
  weekdayOf,
  zonedInstant,
  type AvailableCartsView,
  type BookingView,
  type ServiceView,
  type SiteView,
  type SlotView,
} from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, loginAs, startAsSuperadmin } from '../../../test/helpers';
import {
  connectSocket,
  eventually,
  moveDevices,
  registerDevice,
  request,
} from '../../../test/fleet-fixtures';
import { startTestCart, type TestCart } from '../../../test/test-cart';
import { bookings } from '../../db/tables/bookings';
import { BookingsRepository } from './bookings.repository';
import { devices } from '../../db/tables/devices';
import { rides } from '../../db/tables/rides';
import { prices } from '../../db/tables/services';
import { scheduledJobs } from '../../db/tables/jobs';

/**
 * Issue 17 (server): bookings and maintenance blocks through the dashboard API on a site of their own, so
 * the opening hours, carts and services are this file's: every refusal with its field, the exclusion
 * constraint under 20 concurrent creates, availability and the recommendation, the unlock over MQTT with a
 * test cart, the scheduled unlock job and no-shows, and the socket's `booking:update`.
 */

const TZ = 'Europe/Copenhagen';
const MIN = 60_000;
let rt: Runtime;
let superadmin: string;
let staff: string;
let siteId: string;
let serviceId: string;
let priceId: string;
/** carts in service, not connected */
let cartA: string;
let cartB: string;
/** out of service */
let cartOut: string;

const today = () => localDate(Date.now(), TZ);
const tomorrow = () => addDays(today(), 1);
/** the day with short hours (08:00–18:00) and the closed day */
const shortDay = () => addDays(today(), 2);
const closedDay = () => addDays(today(), 3);
const at = (date: string, time: string) => new Date(zonedInstant(date, time, TZ)).toISOString();

const headers = () => asUser(superadmin, siteId);
const api = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  token = superadmin,
) => rt.app.inject({ method, url: `/api/dashboard/bookings${url}`, headers: asUser(token, siteId), payload });

const bookingBody = (overrides: object = {}) => ({
  start: at(tomorrow(), '10:00'),
  end: at(tomorrow(), '11:00'),
  device: cartA,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  service: serviceId,
  price: priceId,
  ...overrides,
});

async function created(overrides: object = {}): Promise<BookingView> {
  const res = await api('POST', '/', bookingBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<BookingView>();
}

/** A booking written straight to the table: states the API never creates (past, from the app, current). */
async function stored(values: Partial<typeof bookings.$inferInsert> & { start: Date; end: Date }) {
  const [row] = await rt.ctx.db
    .insert(bookings)
    .values({
      siteId,
      deviceId: cartB,
      name: 'Stored',
      blockedUntil: values.end,
      code: String(100000 + Math.floor(Math.random() * 899_999)),
      ...values,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  staff = await loginAs(rt, 'staff@example.com');
  const site = await rt.app.inject({
    method: 'POST',
    url: '/api/admin/sites',
    headers: asUser(superadmin),
    payload: {
      name: 'Booking Links',
      country: 'Denmark',
      currency: 'DKK',
      centerLatLong: '55.5,12.25',
      timezone: TZ,
    },
  });
  siteId = site.json<SiteView>()._id;
  // Open all day, except the short day (08:00–18:00) and the closed day, two and three days ahead.
  const openingHours = Array.from({ length: 7 }, (_, day) =>
    day === weekdayOf(closedDay())
      ? null
      : day === weekdayOf(shortDay())
        ? { openTime: '08:00', closeTime: '18:00' }
        : { openTime: '00:00', closeTime: '24:00' },
  );
  const patched = await rt.app.inject({
    method: 'PATCH',
    url: '/api/dashboard/sites',
    headers: headers(),
    payload: { updateData: { openingHours, bookingOffset: 0 } },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const service = await rt.app.inject({
    method: 'POST',
    url: '/api/dashboard/services',
    headers: headers(),
    payload: { name: 'Nine holes', duration: 60, prices: [{ name: 'Guest', amount: 0, userGroup: null }] },
  });
  expect(service.statusCode, service.body).toBe(201);
  serviceId = service.json<ServiceView>()._id;
  priceId = service.json<ServiceView>().prices[0]!._id;
  const registered = await Promise.all([1, 2, 3].map(() => registerDevice(rt, superadmin)));
  [cartA, cartB, cartOut] = registered.map((device) => device.deviceId) as [string, string, string];
  await moveDevices(rt, superadmin, [cartA, cartB, cartOut], siteId);
  await rt.ctx.db.update(devices).set({ inService: false }).where(eq(devices.id, cartOut));
});
afterAll(() => rt.stop());

describe('creating a booking', () => {
  it('stores a staff booking with a 6-digit code and lists it on its day', async () => {
    const booking = await created({ start: at(tomorrow(), '06:00'), end: at(tomorrow(), '07:00') });
    expect(booking).toMatchObject({
      status: 'confirmed',
      source: 'staff',
      bookingType: 'booking',
      device: cartA,
      service: serviceId,
      serviceName: 'Nine holes',
      priceName: 'Guest',
      amount: 0,
      currency: 'DKK',
      isBookingNow: false,
      session: null,
    });
    expect(booking.code).toMatch(/^\d{6}$/);
    const day = await api(
      'GET',
      `/?start=${at(tomorrow(), '00:00')}&end=${at(addDays(tomorrow(), 1), '00:00')}`,
    );
    expect(day.json<BookingView[]>().map((b) => b._id)).toContain(booking._id);
  });

  it('rounds start and end to 5 minutes', async () => {
    const booking = await created({
      start: new Date(Date.parse(at(tomorrow(), '13:00')) + 2 * MIN).toISOString(),
      end: new Date(Date.parse(at(tomorrow(), '14:00')) + 3 * MIN).toISOString(),
    });
    expect(booking.start).toBe(at(tomorrow(), '13:00'));
    expect(booking.end).toBe(at(tomorrow(), '14:05'));
  });
});

describe('every refusal names its field and changes nothing', () => {
  const refused = async (body: object, status: number, message: string | RegExp) => {
    const before = await rt.ctx.db.$count(bookings, eq(bookings.siteId, siteId));
    const res = await api('POST', '/', bookingBody(body));
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<{ message: string }>().message).toMatch(message);
    expect(await rt.ctx.db.$count(bookings, eq(bookings.siteId, siteId))).toBe(before);
  };

  it('in the past', () =>
    refused(
      { start: at(addDays(today(), -1), '10:00'), end: at(addDays(today(), -1), '11:00') },
      400,
      /^start: .*past/,
    ));
  it('shorter than the service', () =>
    refused(
      { start: at(tomorrow(), '15:00'), end: at(tomorrow(), '15:30') },
      400,
      /^end: .*service duration/,
    ));
  it('end before start', () =>
    refused(
      { start: at(tomorrow(), '15:00'), end: at(tomorrow(), '14:00') },
      400,
      /^end: End cannot precede start/,
    ));
  it('outside opening hours, at either edge', async () => {
    await refused(
      { start: at(shortDay(), '07:55'), end: at(shortDay(), '08:55') },
      400,
      /^start: .*opening hours/,
    );
    await refused(
      { start: at(shortDay(), '17:05'), end: at(shortDay(), '18:05') },
      400,
      /^start: .*opening hours/,
    );
    await created({ start: at(shortDay(), '17:00'), end: at(shortDay(), '18:00') });
  });
  it('on a closed day', () =>
    refused({ start: at(closedDay(), '10:00'), end: at(closedDay(), '11:00') }, 400, /^start: .*closed/));
  it('on a cart out of service', () => refused({ device: cartOut }, 409, /^device: .*out of service/));
  it('on an unknown cart, service, price or member', async () => {
    await refused({ device: crypto.randomUUID() }, 404, /^device: Cart not found/);
    await refused({ service: crypto.randomUUID() }, 400, /^service: /);
    await refused({ price: crypto.randomUUID() }, 400, /^price: /);
    await refused({ driver: crypto.randomUUID() }, 400, /^driver: /);
  });
  it('without a driver', () => refused({ name: '' }, 400, /^name: /));
  it('with a malformed body', () => refused({ start: 'tomorrow' }, 400, /^start: /));

  it('overlapping a booking of the cart, or its turnaround; touching after it is fine', async () => {
    const first = await created({ start: at(tomorrow(), '16:00'), end: at(tomorrow(), '17:00') });
    await refused(
      { start: at(tomorrow(), '16:30'), end: at(tomorrow(), '17:30') },
      409,
      /^device: .*already booked/,
    );
    // The site's turnaround is 20 minutes by default: 17:00–17:20 is for cleaning and charging.
    await refused(
      { start: at(tomorrow(), '17:15'), end: at(tomorrow(), '18:15') },
      409,
      /^device: .*already booked/,
    );
    await refused(
      { start: at(tomorrow(), '15:00'), end: at(tomorrow(), '16:00') },
      409,
      /^device: .*already booked/,
    );
    const after = await created({ start: at(tomorrow(), '17:20'), end: at(tomorrow(), '18:20') });
    const elsewhere = await created({ device: cartB, start: first.start, end: first.end });
    expect([after.device, elsewhere.device]).toEqual([cartA, cartB]);
  });

  it('a maintenance block over bookings, with the spec notice; beside them it is stored', async () => {
    await refused(
      { bookingType: 'cart_maintenance', start: at(tomorrow(), '15:30'), end: at(tomorrow(), '16:30') },
      409,
      /^device: Bookings exist for this cart between .*16:00 and .*17:00\. You must first cancel any existing bookings\./,
    );
    const block = await created({
      bookingType: 'cart_maintenance',
      start: at(tomorrow(), '22:00'),
      end: at(tomorrow(), '23:30'),
    });
    expect(block).toMatchObject({ bookingType: 'cart_maintenance', code: '', service: null, email: null });
  });
});

describe('20 overlapping creates at once', () => {
  it('store exactly one; the others are a clear 409', async () => {
    const body = bookingBody({ start: at(tomorrow(), '20:00'), end: at(tomorrow(), '21:00') });
    const results = await Promise.all(Array.from({ length: 20 }, () => api('POST', '/', body)));
    const codes = results.map((res) => res.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    for (const res of results.filter((r) => r.statusCode === 409))
      expect(res.json<{ message: string }>().message).toBe(
        'device: This cart is already booked at that time',
      );
    const stored = await rt.ctx.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.deviceId, cartA), eq(bookings.start, new Date(body.start))));
    expect(stored).toHaveLength(1);
  });
});

describe('changing and cancelling', () => {
  it('moves a booking to another cart and cancels it; its time is free again', async () => {
    const booking = await created({ start: at(tomorrow(), '08:00'), end: at(tomorrow(), '09:00') });
    const moved = await api('PATCH', `/${booking._id}`, { device: cartB, note: 'Left-handed clubs' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<BookingView>()).toMatchObject({
      device: cartB,
      note: 'Left-handed clubs',
      code: booking.code,
    });
    expect((await api('DELETE', `/${booking._id}`)).statusCode).toBe(204);
    expect((await api('GET', `/${booking._id}`)).json<BookingView>().status).toBe('cancelled');
    await created({ device: cartB, start: booking.start, end: booking.end });
  });

  it('keeps the amount a booking was made for when it is saved again; another service re-prices it', async () => {
    const service = await rt.app.inject({
      method: 'POST',
      url: '/api/dashboard/services',
      headers: headers(),
      payload: {
        name: 'Eighteen holes',
        duration: 60,
        prices: [{ name: 'Guest', amount: 5_000, userGroup: null }],
      },
    });
    expect(service.statusCode, service.body).toBe(201);
    const {
      _id: service18,
      prices: [guest],
    } = service.json<ServiceView>();
    // Five days ahead: a day no other test books, open all day.
    const day = addDays(tomorrow(), 4);
    const booking = await created({
      service: service18,
      price: guest!._id,
      start: at(day, '16:00'),
      end: at(day, '17:00'),
    });
    expect(booking.amount).toBe(5_000);
    // The club raises its prices afterwards.
    await rt.ctx.db.update(prices).set({ amount: 7_500 }).where(eq(prices.id, guest!._id));
    await rt.ctx.db.update(prices).set({ amount: 4_500 }).where(eq(prices.id, priceId));
    // Saved again as the dashboard's dialog saves (every field, service and price as they were), with a note.
    const noted = await api('PATCH', `/${booking._id}`, {
      start: booking.start,
      end: at(day, '17:30'),
      device: booking.device,
      name: booking.name,
      service: service18,
      price: guest!._id,
      note: 'Birthday round',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json<BookingView>()).toMatchObject({ note: 'Birthday round', amount: 5_000 });
    // Another service and price: the booking takes that price as it stands now.
    const repriced = await api('PATCH', `/${booking._id}`, { service: serviceId, price: priceId });
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(repriced.json<BookingView>()).toMatchObject({ serviceName: 'Nine holes', amount: 4_500 });
    await rt.ctx.db.update(prices).set({ amount: 0 }).where(eq(prices.id, priceId));
  });

  it('moves a booking whose first write PostgreSQL chose as a deadlock victim (tried again, not a 500)', async () => {
    const day = addDays(today(), 11);
    const booking = await created({ start: at(day, '10:00'), end: at(day, '11:00') });
    const update = BookingsRepository.prototype.update;
    const victimOnce = vi
      .spyOn(BookingsRepository.prototype, 'update')
      .mockImplementationOnce(() =>
        Promise.reject(new Error('Failed query', { cause: { code: '40P01', message: 'deadlock detected' } })),
      )
      .mockImplementation(function (this: BookingsRepository, ...args: Parameters<typeof update>) {
        return update.apply(this, args);
      });
    try {
      const moved = await api('PATCH', `/${booking._id}`, { device: cartB });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<BookingView>().device).toBe(cartB);
      expect(victimOnce).toHaveBeenCalledTimes(2);
    } finally {
      victimOnce.mockRestore();
    }
  });

  it('refuses a move onto a booked cart, out of service, or with a maintenance block over bookings', async () => {
    const day = addDays(today(), 9);
    const a = await created({ start: at(day, '10:00'), end: at(day, '11:00') });
    const b = await created({ device: cartB, start: at(day, '10:00'), end: at(day, '11:00') });
    const onto = await api('PATCH', `/${b._id}`, { device: cartA });
    expect(onto.statusCode).toBe(409);
    expect(onto.json<{ message: string }>().message).toBe('device: This cart is already booked at that time');
    expect((await api('PATCH', `/${b._id}`, { device: cartOut })).statusCode).toBe(409);
    const block = await created({
      device: cartB,
      bookingType: 'cart_maintenance',
      start: at(day, '12:00'),
      end: at(day, '13:00'),
    });
    const over = await api('PATCH', `/${block._id}`, { start: at(day, '09:00') });
    expect(over.statusCode).toBe(409);
    expect(over.json<{ message: string }>().message).toMatch(/^device: Bookings exist for this cart between/);
    expect((await api('GET', `/${b._id}`)).json<BookingView>()).toMatchObject({
      device: cartB,
      start: b.start,
    });
    expect((await api('GET', `/${a._id}`)).json<BookingView>().device).toBe(cartA);
  });

  it('refuses to edit or delete past bookings, but edits a past maintenance block', async () => {
    const past = await stored({
      start: new Date(Date.now() - 120 * MIN),
      end: new Date(Date.now() - 60 * MIN),
    });
    const edit = await api('PATCH', `/${past.id}`, { note: 'late' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<{ message: string }>().message).toBe("start: You can't edit past bookings");
    expect((await api('DELETE', `/${past.id}`)).statusCode).toBe(409);
    const block = await stored({
      deviceId: cartA,
      bookingType: 'cart_maintenance',
      code: null,
      start: new Date(Date.now() - 120 * MIN),
      end: new Date(Date.now() - 60 * MIN),
    });
    const note = await api('PATCH', `/${block.id}`, { note: 'Brakes done' });
    expect(note.statusCode, note.body).toBe(200);
  });

  it("refuses to change the booking app's bookings (source client)", async () => {
    const client = await stored({
      source: 'client',
      start: new Date(Date.parse(at(addDays(today(), 5), '10:00'))),
      end: new Date(Date.parse(at(addDays(today(), 5), '11:00'))),
    });
    expect((await api('PATCH', `/${client.id}`, { note: 'x' })).statusCode).toBe(403);
    expect((await api('DELETE', `/${client.id}`)).statusCode).toBe(403);
  });

  it("another site's staff see none of it", async () => {
    const res = await api('GET', '/', undefined, staff);
    expect(res.statusCode).toBe(403);
  });
});

describe('availability', () => {
  it('lists free carts in service and recommends the least driven one with enough charge', async () => {
    // A has driven least but its battery is nearly flat; B is charged.
    await rt.ctx.db
      .update(devices)
      .set({
        odometer: 100,
        battVoltage: 44,
        battCharge: false,
        vehicleInfo: { cart: { model: 'Precedent', brand: 'Club Car' }, power: 'FLA', notes: '' },
      })
      .where(eq(devices.id, cartA));
    await rt.ctx.db
      .update(devices)
      .set({
        odometer: 900,
        battVoltage: 51.5,
        battCharge: false,
        vehicleInfo: { cart: { model: 'Precedent', brand: 'Club Car' }, power: 'FLA', notes: '' },
      })
      .where(eq(devices.id, cartB));
    const free = async (start: string, end: string, excluded?: string) => {
      const query = new URLSearchParams({ start, end, ...(excluded ? { excludedBookingId: excluded } : {}) });
      const res = await api('GET', `/availability/carts?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<AvailableCartsView>();
    };
    const day = addDays(today(), 6);
    // On a later day every cart starts charged (overnight): the least driven one, A.
    expect(await free(at(day, '10:00'), at(day, '11:00'))).toEqual({
      available: expect.arrayContaining([cartA, cartB]),
      recommended: cartA,
    });
    expect((await free(at(day, '10:00'), at(day, '11:00'))).available).not.toContain(cartOut);
    // Asked that morning, A's flat battery rules it out.
    const morning = zonedInstant(day, '08:00', TZ);
    const asked = (start: string, end: string, excludedBookingId?: string) =>
      rt.ctx.bookingAvailability.carts(siteId, { start, end, excludedBookingId }, morning);
    expect((await asked(at(day, '10:00'), at(day, '11:00'))).recommended).toBe(cartB);
    const booking = await created({ device: cartB, start: at(day, '10:00'), end: at(day, '11:00') });
    expect(await asked(at(day, '10:30'), at(day, '11:30'))).toEqual({
      available: [cartA],
      recommended: null,
    });
    // The booking being edited does not hold its own cart.
    expect((await asked(at(day, '10:30'), at(day, '11:30'), booking._id)).recommended).toBe(cartB);
    // Charged, A wins on its odometer; B's morning booking has used some of its charge too.
    await rt.ctx.db.update(devices).set({ battVoltage: 51.5 }).where(eq(devices.id, cartA));
    expect((await asked(at(day, '14:00'), at(day, '15:00'))).recommended).toBe(cartA);
    // A taken out on a walk-up round now: still free, but the slot in an hour goes to B in the barn; the
    // afternoon's slot, further off than a long round, goes to A again.
    await rt.ctx.db.update(devices).set({ lockStatus: 0 }).where(eq(devices.id, cartA));
    const soon = await asked(at(day, '09:00'), at(day, '09:30'));
    expect(soon.available).toContain(cartA);
    expect(soon.recommended).toBe(cartB);
    expect((await asked(at(day, '14:00'), at(day, '15:00'))).recommended).toBe(cartA);
    await rt.ctx.db.update(devices).set({ lockStatus: 1 }).where(eq(devices.id, cartA));
  });

  it("gives a service's slots with free carts over carts in service", async () => {
    const day = addDays(today(), 6);
    const res = await api('GET', `/availability/slots?serviceId=${serviceId}&dateString=${day}`);
    expect(res.statusCode, res.body).toBe(200);
    const slots = res.json<SlotView[]>();
    // Open all day, a 60-minute service every 30 minutes: 00:00 … 23:00.
    expect(slots).toHaveLength(47);
    expect(slots.find((slot) => slot.start === '10:00')).toMatchObject({
      end: '11:00',
      available: 1,
      total: 2,
    });
    expect(slots.find((slot) => slot.start === '12:00')).toMatchObject({ available: 2, total: 2 });
    const closed = await api('GET', `/availability/slots?serviceId=${serviceId}&dateString=${closedDay()}`);
    expect(closed.json<SlotView[]>()).toEqual([]);
    const unknown = await api(
      'GET',
      `/availability/slots?serviceId=${crypto.randomUUID()}&dateString=${day}`,
    );
    expect(unknown.statusCode).toBe(400);
  });
});

describe('unlocking a booking', () => {
  let cart: TestCart;
  beforeAll(async () => {
    cart = await startTestCart(rt, superadmin, siteId);
    await cart.connect();
    await eventually(
      async () => (await rt.ctx.db.select().from(devices).where(eq(devices.id, cart.deviceId)))[0]?.online,
    );
  });
  afterAll(() => cart.disconnect());

  const current = (values: Partial<typeof bookings.$inferInsert> = {}) =>
    stored({
      deviceId: cart.deviceId,
      start: new Date(Date.now() - MIN),
      end: new Date(Date.now() + 60 * MIN),
      ...values,
    });

  it('refuses an app booking awaiting payment, one not yet open and one expired', async () => {
    const app = await current({ source: 'app', status: 'payment_pending' });
    const pending = await api('POST', `/${app.id}/unlock`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json<{ message: string }>().message).toBe(
      'status: This booking requires payment in the app',
    );
    await rt.ctx.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, app.id));

    const later = await stored({
      deviceId: cart.deviceId,
      start: new Date(Date.now() + 5 * 60 * MIN),
      end: new Date(Date.now() + 6 * 60 * MIN),
    });
    const early = await api('POST', `/${later.id}/unlock`);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ code: string }>().code).toBe('bookingNotYet');

    const gone = await stored({
      deviceId: cart.deviceId,
      start: new Date(Date.now() - 3 * 60 * MIN),
      end: new Date(Date.now() - 2 * 60 * MIN),
    });
    const expired = await api('POST', `/${gone.id}/unlock`);
    expect(expired.statusCode).toBe(409);
    expect(expired.json<{ message: string }>().message).toBe('end: This booking has expired');
    expect(cart.commands).toHaveLength(0);
  });

  it('opens a booking ride in the window, which the cart confirms', async () => {
    const booking = await current({ name: 'Grace Hopper', email: 'grace@example.com' });
    const res = await api('POST', `/${booking.id}/unlock`);
    expect(res.statusCode, res.body).toBe(200);
    const { session } = res.json<{ session: string }>();
    const ride = await eventually(async () => {
      const [row] = await rt.ctx.db.select().from(rides).where(eq(rides.id, session));
      return row?.confirmed ? row : undefined;
    });
    expect(ride).toMatchObject({
      type: 'booking',
      bookingId: booking.id,
      deviceId: cart.deviceId,
      meta: { name: 'Grace Hopper', email: 'grace@example.com' },
    });
    expect(cart.state.lock).toBe(0);
    expect((await api('GET', `/${booking.id}`)).json<BookingView>()).toMatchObject({
      session,
      isBookingNow: true,
    });
    const again = await api('POST', `/${booking.id}/unlock`);
    expect(again.statusCode).toBe(409);
    // End the ride so the next test finds the cart free.
    const ended = await rt.app.inject({
      method: 'POST',
      url: '/api/dashboard/rides/end',
      headers: headers(),
      payload: { session },
    });
    expect(ended.statusCode, ended.body).toBeLessThan(300);
    await eventually(() => cart.state.lock === 1);
    await rt.ctx.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id));
  });

  it('the scheduled unlock runs once however many sweeps race, and expired bookings end as no_show', async () => {
    const job = await rt.ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.kind, 'booking-unlocks'));
    expect(job).toHaveLength(1);
    // The database is shared with the files that ran before: one sweep first takes any of their scheduled
    // unlocks that are due (and, claimed, they wait a minute before another try), so the race below counts
    // only this booking's.
    await rt.ctx.bookingSweep.run();
    const booking = await current({ scheduleUnlock: true });
    const before = cart.commands.length;
    const runs = await Promise.all([
      rt.ctx.bookingSweep.run(),
      rt.ctx.bookingSweep.run(),
      rt.ctx.bookingSweep.run(),
    ]);
    expect(runs.reduce((sum, run) => sum + run.unlocked, 0)).toBe(1);
    const opened = await eventually(async () => {
      const rows = await rt.ctx.db.select().from(rides).where(eq(rides.bookingId, booking.id));
      return rows.length === 1 && rows[0]!.confirmed ? rows : undefined;
    });
    expect(opened[0]!.type).toBe('booking');
    expect(cart.commands.length - before).toBe(1);

    const missed = await stored({
      start: new Date(Date.now() - 5 * 60 * MIN),
      end: new Date(Date.now() - 4 * 60 * MIN),
    });
    // After both have ended: the ridden one stays confirmed, the other is a no-show.
    const result = await rt.ctx.bookingSweep.run(Date.now() + 2 * 60 * MIN);
    expect(result.noShows).toBeGreaterThanOrEqual(1);
    const statusOf = async (id: string) =>
      (await rt.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!.status;
    expect(await statusOf(missed.id)).toBe('no_show');
    expect(await statusOf(booking.id)).toBe('confirmed');
  });
});

describe('live updates', () => {
  it("pushes booking:update to the site's operators", async () => {
    const socket = await connectSocket(rt, superadmin);
    try {
      expect((await request(socket, 'join:site', siteId)).ok).toBe(true);
      // Every push of the site arrives here (the sweep may end an earlier test's booking meanwhile): the test
      // waits for its own booking's.
      const updates: BookingView[] = [];
      socket.on('booking:update', (b: BookingView) => updates.push(b));
      const pushedFor = (id: string, status: BookingView['status']) =>
        vi.waitFor(
          () => {
            const found = updates.find((b) => b._id === id && b.status === status);
            if (!found) throw new Error(`no ${status} push of ${id} yet`);
            return found;
          },
          { timeout: 10_000, interval: 20 },
        );
      const booking = await created({
        device: cartB,
        start: at(addDays(today(), 8), '09:00'),
        end: at(addDays(today(), 8), '10:00'),
      });
      expect(await pushedFor(booking._id, 'confirmed')).toMatchObject({ device: cartB });
      await api('DELETE', `/${booking._id}`);
      expect((await pushedFor(booking._id, 'cancelled'))._id).toBe(booking._id);
    } finally {
      socket.close();
    }
  });
});
