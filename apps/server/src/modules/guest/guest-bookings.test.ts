import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import {
  SANDBOX_CARDS,
  type GuestAvailableCarts,
  type GuestBookingRef,
  type GuestBookingView,
} from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { startAsSuperadmin } from '../../../test/helpers';
import { eventually } from '../../../test/fleet-fixtures';
import { startTestCart, type TestCart } from '../../../test/test-cart';
import { platformSecret } from '../platform/platform.service';
import { bookings } from '../../db/tables/bookings';
import { devices } from '../../db/tables/devices';
import { payments, webhookEvents } from '../../db/tables/payments';
import { rides } from '../../db/tables/rides';
import { prices, services } from '../../db/tables/services';
import { sites } from '../../db/tables/sites';
import { createPaymentSite, payWith, type PaymentSite } from '../payments/payments.test-support';
import { insertBooking, insertCart, insertRide, ridesOfCart } from './guest-rides.test-support';

/**
 * Issue 18 (server): the guest booking page through /api/guest/bookings on a club of its own — finding a
 * booking by its code, its view and states, every refusal, the unlock (repeated and concurrent: one ride),
 * the lock button, 'Problem with cart?', and paying for a booking through the sandbox provider. Bookings are
 * written straight into the table, so a booking covering now needs no waiting for its start.
 */

const MIN = 60_000;
const SLOW = 15_000;
const OFFSET = 10;
let rt: Runtime;
let superadmin: string;
let club: PaymentSite;
/** another club, whose ids must not reach this one's bookings */
let otherClub: PaymentSite;
/** the guest price's service */
let serviceId: string;
/** another service, with a guest price of its own */
let otherServiceId: string;
let otherPriceId: string;
const carts: TestCart[] = [];

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  club = await createPaymentSite(rt, superadmin, `Booking Page Links ${Date.now()}`);
  otherClub = await createPaymentSite(rt, superadmin, `Other Links ${Date.now()}`);
  // A booking lies inside one opening day of the club: on a club clock near noon, the bookings of the next
  // few hours never cross its midnight, whatever the hour the suite runs at (UTC+N is 'Etc/GMT-N').
  const offset = ((12 - new Date().getUTCHours() + 36) % 24) - 12;
  const noonZone = offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
  await rt.ctx.db
    .update(sites)
    .set({ bookingOffset: OFFSET, timezone: noonZone })
    .where(eq(sites.id, club.siteId));
  await rt.ctx.db.update(sites).set({ timezone: noonZone }).where(eq(sites.id, otherClub.siteId));
  const [guestPrice] = await rt.ctx.db.select().from(prices).where(eq(prices.id, club.guestPriceId));
  serviceId = guestPrice!.serviceId;
  const [other] = await rt.ctx.db
    .insert(services)
    .values({ siteId: club.siteId, name: 'Nine holes', duration: 120 })
    .returning();
  otherServiceId = other!.id;
  const [otherPrice] = await rt.ctx.db
    .insert(prices)
    .values({ serviceId: otherServiceId, name: 'Guest nine', amount: 2500, userGroupId: null })
    .returning();
  otherPriceId = otherPrice!.id;
});
afterAll(async () => {
  for (const cart of carts) await cart.disconnect();
  await rt.stop();
});

/** Each test is a phone of its own: the code tries count per address. */
let phones = 0;
let phone = '10.18.0.1';
beforeEach(() => {
  phones++;
  phone = `10.18.${phones}.1`;
});
const guest = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  rt.app.inject({
    method,
    url: `/api/guest${url}`,
    remoteAddress: phone,
    ...(payload ? { payload } : {}),
  });

/** A live, pre-paid booking of the cart from `fromMin` to `toMin` minutes around now. */
const book = (
  deviceId: string,
  fromMin: number,
  toMin: number,
  values: Partial<typeof bookings.$inferInsert> = {},
) =>
  insertBooking(rt, { siteId: club.siteId, deviceId }, fromMin, toMin, {
    name: 'Gina Guest',
    email: 'gina@example.org',
    note: 'Cart 7 is by the pro shop',
    serviceId,
    prePaid: true,
    ...values,
  });
type Booking = Awaited<ReturnType<typeof book>>;

const view = (booking: Pick<Booking, 'id' | 'code'>) =>
  guest('GET', `/bookings/${booking.id}?code=${booking.code}`);
const viewOf = async (booking: Booking) => {
  const res = await view(booking);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GuestBookingView>();
};
const unlock = (booking: Pick<Booking, 'id' | 'code'>) =>
  guest('POST', `/bookings/${booking.id}/unlock`, { code: booking.code });
const toggle = (booking: Booking, lockStatus: 'locked' | 'unlocked') =>
  guest('POST', `/bookings/${booking.id}/toggle-lock`, { code: booking.code, lockStatus });
const move = (booking: Booking, device: string) =>
  guest('PATCH', `/bookings/${booking.id}`, { code: booking.code, device });
const availableCarts = (booking: Booking) =>
  guest('GET', `/bookings/${booking.id}/available-carts?code=${booking.code}`);
const bookingRow = async (id: string) =>
  (await rt.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
const refusal = (res: { statusCode: number; json: <T>() => T }) => ({
  status: res.statusCode,
  code: res.json<{ code?: string }>().code,
});
/** A wrong code: the booking's with the last digit changed. */
const wrong = (code: string | null) => `${code!.slice(0, 5)}${(Number(code!.slice(5)) + 1) % 10}`;

/** Records `booking.updated` for the test's booking. */
function bookingUpdates(bookingId: string) {
  const seen: string[] = [];
  const listener = (id: string) => {
    if (id === bookingId) seen.push(id);
  };
  rt.ctx.bus.on('booking.updated', listener);
  return { seen, stop: () => rt.ctx.bus.off('booking.updated', listener) };
}

/** A real cart of the club over MQTT, online. */
async function onlineCart(): Promise<TestCart> {
  const cart = await startTestCart(rt, superadmin, club.siteId);
  carts.push(cart);
  await cart.connect();
  await eventually(async () => {
    const [row] = await rt.ctx.db.select().from(devices).where(eq(devices.id, cart.deviceId));
    return row?.online;
  }, SLOW);
  return cart;
}

describe('the portal finds a booking by its code', () => {
  it("answers the club's live booking with that code, and 404 for anything else", async () => {
    const cart = await insertCart(rt, club.siteId);
    const booking = await book(cart.id, 60, 120);
    const found = await guest('GET', `/bookings/retrieve?siteId=${club.siteId}&code=${booking.code}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json<GuestBookingRef>()).toEqual({ bookingId: booking.id, deviceId: cart.id });

    const cancelled = await book(cart.id, 200, 260, { status: 'cancelled' });
    for (const [siteId, code] of [
      [club.siteId, wrong(booking.code)],
      [otherClub.siteId, booking.code],
      [club.siteId, cancelled.code],
    ]) {
      const res = await guest('GET', `/bookings/retrieve?siteId=${siteId}&code=${code}`);
      expect(refusal(res)).toEqual({ status: 404, code: 'bookingNotFound' });
    }
    const malformed = await guest('GET', `/bookings/retrieve?siteId=${club.siteId}&code=12a456`);
    expect(malformed.statusCode).toBe(400);
  });

  it('slows down a phone repeating a wrong code at the club, with the wait to count down', async () => {
    const guess = () => guest('GET', `/bookings/retrieve?siteId=${club.siteId}&code=999999`);
    for (let attempt = 0; attempt < 5; attempt++) expect((await guess()).statusCode).toBe(404);
    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rateLimited' });
    expect(limited.json<{ retryAfter: number }>().retryAfter).toBeGreaterThan(0);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('the booking page', () => {
  it('shows a pre-paid booking with its unlock time, and the same 404 for a wrong code as for no booking', async () => {
    const cart = await insertCart(rt, club.siteId, { carNumber: '7' });
    const booking = await book(cart.id, 60, 300);
    expect(await viewOf(booking)).toMatchObject({
      _id: booking.id,
      siteId: club.siteId,
      deviceId: cart.id,
      carNumber: '7',
      start: booking.start.toISOString(),
      end: booking.end.toISOString(),
      unlockFrom: new Date(booking.start.getTime() + OFFSET * MIN).toISOString(),
      name: 'Gina Guest',
      email: 'gina@example.org',
      note: 'Cart 7 is by the pro shop',
      serviceId,
      serviceName: '18 holes',
      state: 'prePaid',
      session: null,
      cartLocked: false,
      mayChangeCart: true,
    });
    const wrongCode = await view({ id: booking.id, code: wrong(booking.code) });
    const unknown = await view({ id: randomUUID(), code: booking.code });
    expect(refusal(wrongCode)).toEqual({ status: 404, code: 'bookingNotFound' });
    expect(wrongCode.body).toBe(unknown.body);
  });

  it('says when a booking needs payment, has expired, or is gone', async () => {
    const cart = await insertCart(rt, club.siteId);
    expect((await viewOf(await book(cart.id, 60, 120, { prePaid: false }))).state).toBe('paymentRequired');
    const app = await book(cart.id, 130, 190, { source: 'app', status: 'payment_pending' });
    expect((await viewOf(app)).state).toBe('paymentRequired');
    const past = await viewOf(await book(cart.id, -120, -60));
    expect(past).toMatchObject({ state: 'expired', mayChangeCart: false });
    const cancelled = await book(cart.id, 200, 260, { status: 'cancelled' });
    expect(refusal(await view(cancelled))).toEqual({ status: 404, code: 'bookingNotFound' });
    const block = await book(cart.id, 300, 360, { bookingType: 'cart_maintenance', code: null });
    expect(refusal(await view({ id: block.id, code: '123456' }))).toEqual({
      status: 404,
      code: 'bookingNotFound',
    });
  });

  it('rate limits wrong codes on a booking per phone, never the right one', async () => {
    const cart = await insertCart(rt, club.siteId);
    const booking = await book(cart.id, 60, 120);
    // The page sends the booking's code with every call: using it is not guessing.
    for (let call = 0; call < 8; call++) expect((await view(booking)).statusCode).toBe(200);
    const guess = { id: booking.id, code: wrong(booking.code) };
    for (let attempt = 0; attempt < 5; attempt++) expect((await view(guess)).statusCode).toBe(404);
    expect(refusal(await view(guess))).toEqual({ status: 429, code: 'rateLimited' });
    expect(refusal(await unlock(guess))).toEqual({ status: 429, code: 'rateLimited' });
    // Another phone at the club is not locked out by this one's typos.
    phone = '10.18.250.1';
    expect((await view(booking)).statusCode).toBe(200);
  });
});

describe('unlocking a booking from its page', () => {
  it('refuses before the window (saying from when), after it, unpaid, cancelled, and a wrong code', async () => {
    const cart = async () => (await insertCart(rt, club.siteId)).id;
    const res = await unlock(await book(await cart(), 5, 60));
    expect(refusal(res)).toEqual({ status: 409, code: 'bookingNotYet' });
    expect(res.json<{ message: string }>().message).toMatch(/can be unlocked from \d\d:\d\d$/);
    const refused = [
      [await book(await cart(), -120, -60), 'bookingExpired'],
      [await book(await cart(), -30, 60, { prePaid: false }), 'paymentRequired'],
      [await book(await cart(), -30, 60, { source: 'app', status: 'payment_pending' }), 'paymentRequired'],
      [await book(await cart(), -30, 60, { status: 'cancelled' }), 'notActive'],
    ] as const;
    for (const [booking, code] of refused)
      expect(refusal(await unlock(booking))).toEqual({ status: 409, code });
    const current = await book(await cart(), -30, 60);
    expect(refusal(await unlock({ id: current.id, code: wrong(current.code) }))).toEqual({
      status: 404,
      code: 'bookingNotFound',
    });
    const opened = await rt.ctx.db.select().from(rides).where(eq(rides.siteId, club.siteId));
    expect(opened.filter((ride) => ride.type === 'booking')).toEqual([]);
  });

  it('opens a booking ride the cart confirms; the lock button pauses and resumes it; a repeat opens nothing', async () => {
    const cart = await onlineCart();
    const booking = await book(cart.deviceId, -OFFSET - 1, 120);
    const updates = bookingUpdates(booking.id);
    const res = await unlock(booking);
    expect(res.statusCode, res.body).toBe(200);
    const { session } = res.json<{ session: string }>();
    const ride = await eventually(async () => {
      const [row] = await rt.ctx.db.select().from(rides).where(eq(rides.id, session));
      return row?.confirmed ? row : undefined;
    }, SLOW);
    expect(ride).toMatchObject({
      type: 'booking',
      bookingId: booking.id,
      deviceId: cart.deviceId,
      unlockedBy: null,
      meta: { name: 'Gina Guest', email: 'gina@example.org' },
    });
    expect(updates.seen.length).toBeGreaterThanOrEqual(1);
    updates.stop();
    expect(cart.state.lock).toBe(0);
    expect(await viewOf(booking)).toMatchObject({
      state: 'active',
      session,
      cartLocked: false,
      mayChangeCart: false,
    });

    const again = await unlock(booking);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ session: string }>().session).toBe(session);

    const locked = await toggle(booking, 'locked');
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json<GuestBookingView>()).toMatchObject({ state: 'active', session, cartLocked: true });
    expect(cart.state.lock).toBe(1);
    expect(refusal(await toggle(booking, 'locked'))).toEqual({ status: 409, code: 'alreadyLocked' });

    // Unlocking a booking whose ride is paused resumes that ride.
    const resumed = await unlock(booking);
    expect(resumed.json<{ session: string }>().session).toBe(session);
    expect(cart.state.lock).toBe(0);
    expect((await viewOf(booking)).cartLocked).toBe(false);
    expect(refusal(await toggle(booking, 'unlocked'))).toEqual({ status: 409, code: 'alreadyUnlocked' });
    const relocked = await toggle(booking, 'locked');
    expect(relocked.statusCode, relocked.body).toBe(200);
    const reopened = await toggle(booking, 'unlocked');
    expect(reopened.json<GuestBookingView>().cartLocked).toBe(false);
    expect(cart.state.lock).toBe(0);
    expect(await ridesOfCart(rt, cart.deviceId)).toHaveLength(1);

    // Once the ride has ended the booking has been used: no second ride, no lock button.
    await rt.ctx.rides.lifecycle.end(session, { kind: 'guest' }, 'guest');
    expect(refusal(await unlock(booking))).toEqual({ status: 409, code: 'alreadyUnlocked' });
    expect(refusal(await toggle(booking, 'locked'))).toEqual({ status: 409, code: 'notActive' });
    expect(await ridesOfCart(rt, cart.deviceId)).toHaveLength(1);
  });

  it('opens one ride and sends one unlock however many unlocks of a booking race', async () => {
    const cart = await onlineCart();
    const booking = await book(cart.deviceId, -OFFSET, 90);
    // Six phones of the party tap unlock at once.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        rt.app.inject({
          method: 'POST',
          url: `/api/guest/bookings/${booking.id}/unlock`,
          remoteAddress: `10.18.200.${n + 1}`,
          payload: { code: booking.code },
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const sessions = new Set(answers.map((answer) => answer.json<{ session: string }>().session));
    expect(sessions.size).toBe(1);
    expect(await ridesOfCart(rt, cart.deviceId)).toHaveLength(1);
    await eventually(async () => (await ridesOfCart(rt, cart.deviceId))[0]?.confirmed, SLOW);
    expect(cart.commands.filter((command) => command.name === 'unlock')).toHaveLength(1);
  });
});

describe("'Problem with cart?'", () => {
  it('lists the free carts in service except its own, and moves the booking to one', async () => {
    const own = await insertCart(rt, club.siteId, { carNumber: '201' });
    const free = await insertCart(rt, club.siteId, { carNumber: '202', key: '1' });
    const booked = await insertCart(rt, club.siteId, { carNumber: '203' });
    const outOfService = await insertCart(rt, club.siteId, { carNumber: '204', inService: false });
    const elsewhere = await insertCart(rt, otherClub.siteId, { carNumber: '205' });
    // Without a service, so the hour it lasts is not shorter than one.
    const booking = await book(own.id, 60, 120, { serviceId: null });
    await book(booked.id, 80, 150);

    const listed = await availableCarts(booking);
    expect(listed.statusCode, listed.body).toBe(200);
    const ids = listed.json<GuestAvailableCarts>().availableCarts.map((cart) => cart._id);
    expect(ids).toContain(free.id);
    for (const excluded of [own.id, booked.id, outOfService.id, elsewhere.id])
      expect(ids).not.toContain(excluded);
    expect(listed.json<GuestAvailableCarts>().availableCarts.find((cart) => cart._id === free.id)).toEqual({
      _id: free.id,
      carNumber: '202',
      keyMode: true,
    });

    expect(refusal(await move(booking, booked.id))).toEqual({ status: 409, code: 'overlap' });
    expect(refusal(await move(booking, outOfService.id))).toEqual({ status: 409, code: 'outOfService' });
    expect(refusal(await move(booking, elsewhere.id))).toEqual({ status: 404, code: 'cartNotFound' });
    expect((await bookingRow(booking.id)).deviceId).toBe(own.id);

    const updates = bookingUpdates(booking.id);
    const moved = await move(booking, free.id);
    updates.stop();
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<GuestBookingView>()).toMatchObject({ deviceId: free.id, carNumber: '202' });
    expect((await bookingRow(booking.id)).deviceId).toBe(free.id);
    expect(updates.seen).toHaveLength(1);
  });

  it('once the booking has started, lists only carts that can be taken now', async () => {
    const own = await insertCart(rt, club.siteId);
    const ready = await insertCart(rt, club.siteId);
    const offline = await insertCart(rt, club.siteId, { online: false });
    const inUse = await insertCart(rt, club.siteId);
    await insertRide(rt, inUse, { status: 'active', end: null, duration: null });
    const booking = await book(own.id, -5, 55);
    const ids = (await availableCarts(booking)).json<GuestAvailableCarts>().availableCarts.map((c) => c._id);
    expect(ids).toContain(ready.id);
    expect(ids).not.toContain(offline.id);
    expect(ids).not.toContain(inUse.id);
  });

  it('refuses a ridden booking, an expired one, and a club with a booking integration', async () => {
    const own = await insertCart(rt, club.siteId);
    const free = await insertCart(rt, club.siteId);
    const ridden = await book(own.id, -20, 40);
    await insertRide(rt, own, { type: 'booking', bookingId: ridden.id });
    expect(refusal(await move(ridden, free.id))).toEqual({ status: 409, code: 'alreadyUnlocked' });
    expect(refusal(await availableCarts(ridden))).toEqual({ status: 409, code: 'alreadyUnlocked' });
    const expired = await book(own.id, -120, -60);
    expect(refusal(await move(expired, free.id))).toEqual({ status: 409, code: 'bookingExpired' });

    const later = await book(own.id, 300, 360);
    await rt.ctx.db.update(sites).set({ bookingIntegration: true }).where(eq(sites.id, club.siteId));
    try {
      expect((await viewOf(later)).mayChangeCart).toBe(false);
      expect(refusal(await move(later, free.id))).toEqual({ status: 403, code: 'bookingLocked' });
      expect(refusal(await availableCarts(later))).toEqual({ status: 403, code: 'bookingLocked' });
    } finally {
      await rt.ctx.db.update(sites).set({ bookingIntegration: false }).where(eq(sites.id, club.siteId));
    }
    expect((await bookingRow(later.id)).deviceId).toBe(own.id);
  });
});

describe('paying for a booking', () => {
  const checkout = (booking: Booking, values: Record<string, unknown> = {}) =>
    rt.app.inject({
      method: 'POST',
      url: '/api/guest/stripe/generate-checkout-session',
      payload: {
        siteId: club.siteId,
        rateId: club.guestPriceId,
        deviceId: booking.deviceId,
        bookingId: booking.id,
        email: 'gina@example.org',
        name: 'Gina Guest',
        success_url: `${rt.ctx.config.publicUrl}/guest/booking/${booking.id}`,
        cancel_url: `${rt.ctx.config.publicUrl}/guest/booking/${booking.id}`,
        ...values,
      },
    });

  /** A webhook signed with the sandbox's secret, as the provider would send it again. */
  async function redeliver(payload: object) {
    const body = JSON.stringify(payload);
    const secret = `whsec_${await platformSecret(rt.ctx.db, 'sandbox-webhook-secret')}`;
    const header = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload: body, secret });
    return rt.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: body,
    });
  }

  it('makes the booking pre-paid once through the sandbox, opens no ride, and a repeated webhook changes nothing', async () => {
    const cart = await insertCart(rt, club.siteId);
    // Covering now: its own booking does not make the cart unsellable (BOOKED).
    const booking = await book(cart.id, -5, 120, {
      source: 'app',
      status: 'payment_pending',
      prePaid: false,
    });
    const started = await checkout(booking);
    expect(started.statusCode, started.body).toBe(200);
    const { id: sessionId, paymentId } = started.json<{ id: string; paymentId: string }>();
    const [pending] = await rt.ctx.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(pending).toMatchObject({
      purpose: 'booking',
      bookingId: booking.id,
      deviceId: cart.id,
      total: club.total,
      status: 'pending',
    });
    expect((await viewOf(booking)).state).toBe('paymentRequired');

    const updates = bookingUpdates(booking.id);
    const paid = await payWith(rt, sessionId, SANDBOX_CARDS.succeeds);
    expect(paid.statusCode, paid.body).toBe(200);
    const row = await eventually(async () => {
      const current = await bookingRow(booking.id);
      return current.prePaid ? current : undefined;
    }, SLOW);
    expect(row).toMatchObject({ status: 'confirmed', prePaid: true, priceId: club.guestPriceId });
    await eventually(() => updates.seen.length > 0, SLOW);
    updates.stop();
    expect((await viewOf(booking)).state).toBe('prePaid');
    expect(await ridesOfCart(rt, cart.id)).toEqual([]);

    const delivered = (await rt.ctx.db.select().from(webhookEvents)).find(
      (event) =>
        event.type === 'checkout.session.completed' &&
        (event.payload as { data: { object: { id: string } } }).data.object.id === sessionId,
    )!;
    const [paymentBefore] = await rt.ctx.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(paymentBefore!.status).toBe('succeeded');
    expect((await redeliver(delivered.payload)).statusCode).toBe(200);
    const [paymentAfter] = await rt.ctx.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(paymentAfter!.updatedAt).toEqual(paymentBefore!.updatedAt);
    expect((await bookingRow(booking.id)).updatedAt).toEqual(row.updatedAt);
    expect(await ridesOfCart(rt, cart.id)).toEqual([]);

    expect(refusal(await checkout(booking))).toEqual({ status: 409, code: 'bookingPaid' });
  });

  it("refuses another service's price, a member price, an expired or cancelled booking, and starts nothing", async () => {
    const cart = await insertCart(rt, club.siteId);
    const unpaid = await book(cart.id, 60, 120, { prePaid: false });
    const before = await rt.ctx.db.select().from(payments).where(eq(payments.siteId, club.siteId));
    expect(refusal(await checkout(unpaid, { rateId: otherPriceId }))).toEqual({
      status: 404,
      code: 'rateNotFound',
    });
    expect(refusal(await checkout(unpaid, { rateId: club.memberPriceId }))).toEqual({
      status: 404,
      code: 'rateNotFound',
    });
    const expired = await book(cart.id, -120, -60, { prePaid: false });
    expect(refusal(await checkout(expired))).toEqual({ status: 409, code: 'bookingExpired' });
    const cancelled = await book(cart.id, 200, 260, { prePaid: false, status: 'cancelled' });
    expect(refusal(await checkout(cancelled))).toEqual({ status: 404, code: 'bookingNotFound' });
    const elsewhere = await book(cart.id, 300, 360, { prePaid: false });
    expect(refusal(await checkout(elsewhere, { siteId: otherClub.siteId }))).toEqual({
      status: 404,
      code: 'bookingNotFound',
    });
    const after = await rt.ctx.db.select().from(payments).where(eq(payments.siteId, club.siteId));
    expect(after).toHaveLength(before.length);
    // A booking without a service may be paid at any guest price of the club.
    const serviceless = await book(cart.id, 400, 460, { prePaid: false, serviceId: null });
    expect((await checkout(serviceless, { rateId: otherPriceId })).statusCode).toBe(200);
  });
});
