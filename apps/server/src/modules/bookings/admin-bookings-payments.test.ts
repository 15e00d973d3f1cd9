import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  addDays,
  localDate,
  zonedInstant,
  type AdminBookingsPage,
  type AdminBulkAnswer,
  type AdminPaymentsPage,
  type BookingView,
} from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, loginAs, startTestServer } from '../../../test/helpers';
import { eventually, moveDevices, registerDevice } from '../../../test/fleet-fixtures';
import { activity } from '../../db/tables/activity';
import { bookings } from '../../db/tables/bookings';
import { payments } from '../../db/tables/payments';
import { rides } from '../../db/tables/rides';
import { sandboxCheckoutSessions } from '../../db/tables/sandbox';
import { memberFixtures, type MemberFixtures } from '../members/members.test-support';
import { checkoutInput } from '../payments/sandbox/sandbox.test-support';
import { createPaymentSite, type PaymentSite } from '../payments/payments.test-support';

/**
 * Issue 21, spec §7 Admin "/bookings and /payments with bulk PATCH and POST /bulk {ids}": the platform
 * admins' lists across sites, the bulk changes through the bookings' own rules, the checkouts ended at the
 * provider, and the bulk delete that never touches a financial record. Two clubs of this file's own.
 */

const TZ = 'Europe/London';
let rt: Runtime;
let f: MemberFixtures;
let superadmin: string;
let clubA: PaymentSite;
let clubB: PaymentSite;
let cartA: string;
let cartB: string;
/** a tag in every name this file writes, so lists can be narrowed to its own rows */
const tag = `abp-${Date.now().toString(36)}`;

type Method = 'GET' | 'POST' | 'PATCH';
const api = (method: Method, path: string, token: string | null, payload?: object) =>
  rt.app.inject({
    method,
    url: `/api/admin${path}`,
    headers: token ? asUser(token) : {},
    ...(payload ? { payload } : {}),
  });

const tomorrow = () => addDays(localDate(Date.now(), TZ), 1);
const at = (date: string, time: string) => new Date(zonedInstant(date, time, TZ)).toISOString();
let slot = 0;
/** A staff booking through the calendar's API, each in its own hour of tomorrow. */
async function staffBooking(siteId: string, device: string): Promise<BookingView> {
  const hour = String(6 + slot++).padStart(2, '0');
  const res = await rt.app.inject({
    method: 'POST',
    url: '/api/dashboard/bookings',
    headers: asUser(superadmin, siteId),
    payload: {
      start: at(tomorrow(), `${hour}:00`),
      end: at(tomorrow(), `${hour}:30`),
      device,
      name: `Guest ${tag}`,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<BookingView>();
}

/** A booking written straight to the table: states the calendar never makes (a booking system's, past). */
async function storedBooking(values: Partial<typeof bookings.$inferInsert> & { start: Date; end: Date }) {
  const [row] = await rt.ctx.db
    .insert(bookings)
    .values({
      siteId: clubA.siteId,
      deviceId: cartA,
      name: `Stored ${tag}`,
      blockedUntil: values.end,
      code: String(100000 + Math.floor(Math.random() * 899_999)),
      ...values,
    })
    .returning();
  return row!;
}

/** A ledger row as the checkout and the webhooks leave it. */
async function storedPayment(values: Partial<typeof payments.$inferInsert> = {}) {
  const [row] = await rt.ctx.db
    .insert(payments)
    .values({
      siteId: clubA.siteId,
      purpose: 'ride',
      provider: 'sandbox',
      providerAccountId: clubA.accountId,
      description: `Ride ${tag}`,
      customerName: 'Gina Guest',
      customerEmail: 'gina@example.com',
      total: 4150,
      currency: 'GBP',
      ...values,
    })
    .returning();
  return row!;
}

const bookingRows = (ids: string[]) =>
  rt.ctx.db.select().from(bookings).where(inArray(bookings.id, ids)).orderBy(asc(bookings.id));
const paymentRows = (ids: string[]) =>
  rt.ctx.db.select().from(payments).where(inArray(payments.id, ids)).orderBy(asc(payments.id));
const entriesOf = (type: string, key: 'bookingId' | 'paymentId', id: string) =>
  rt.ctx.db
    .select()
    .from(activity)
    .where(and(eq(activity.type, type)))
    .then((rows) => rows.filter((row) => row.data[key] === id));

beforeAll(async () => {
  rt = await startTestServer();
  f = await memberFixtures(rt);
  superadmin = await loginAs(rt, 'superadmin@example.com');
  clubA = await createPaymentSite(rt, superadmin, `Admin Bulk A ${tag}`);
  clubB = await createPaymentSite(rt, superadmin, `Admin Bulk B ${tag}`);
  const [a, b] = await Promise.all([registerDevice(rt, superadmin), registerDevice(rt, superadmin)]);
  cartA = a!.deviceId;
  cartB = b!.deviceId;
  await moveDevices(rt, superadmin, [cartA], clubA.siteId);
  await moveDevices(rt, superadmin, [cartB], clubB.siteId);
});
afterAll(() => rt?.stop());

describe('who may call the admin bookings and payments routes', () => {
  it('answers 401 without a token and 403 to every role below superadmin, changing nothing', async () => {
    const booking = await staffBooking(clubA.siteId, cartA);
    const payment = await storedPayment({ status: 'cancelled' });
    const calls: Array<[Method, string, object?]> = [
      ['GET', '/bookings'],
      ['PATCH', '/bookings', { ids: [booking._id], updateData: { status: 'cancelled' } }],
      ['POST', '/bookings/bulk', { ids: [booking._id] }],
      ['GET', '/payments'],
      ['PATCH', '/payments', { ids: [payment.id], updateData: { status: 'cancelled' } }],
      ['POST', '/payments/bulk', { ids: [payment.id] }],
    ];
    const before = { bookings: await bookingRows([booking._id]), payments: await paymentRows([payment.id]) };
    for (const [method, path, body] of calls) {
      expect((await api(method, path, null, body)).statusCode, `${method} ${path}`).toBe(401);
      // basic and admin of the demo club, user of the demo club, user of the second club
      for (const token of [f.staff, f.admin, f.operator, f.operator2]) {
        const res = await api(method, path, token, body);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json()).toEqual({ message: expect.any(String) });
      }
    }
    expect(await bookingRows([booking._id])).toEqual(before.bookings);
    expect(await paymentRows([payment.id])).toEqual(before.payments);
  });
});

describe('GET /api/admin/bookings', () => {
  it('lists the bookings of every site with the site, filtered, sorted and paged', async () => {
    const inA = await staffBooking(clubA.siteId, cartA);
    const inB = await staffBooking(clubB.siteId, cartB);
    const cancelled = await storedBooking({
      start: new Date(at(tomorrow(), '20:00')),
      end: new Date(at(tomorrow(), '21:00')),
      status: 'cancelled',
    });
    const range = `start=${encodeURIComponent(at(tomorrow(), '00:00'))}&end=${encodeURIComponent(at(addDays(tomorrow(), 1), '00:00'))}`;

    const all = await api('GET', `/bookings?${range}&limit=500`, superadmin);
    expect(all.statusCode, all.body).toBe(200);
    const ids = all.json<AdminBookingsPage>().data.map((row) => row._id);
    expect(ids).toEqual(expect.arrayContaining([inA._id, inB._id, cancelled.id]));
    const rowB = all.json<AdminBookingsPage>().data.find((row) => row._id === inB._id)!;
    expect(rowB.session).toBeNull();
    expect(rowB).toMatchObject({
      site: clubB.siteId,
      siteName: `Admin Bulk B ${tag}`,
      device: cartB,
      status: 'confirmed',
      currency: 'GBP',
      createdAt: expect.any(String),
    });

    // A booking's latest ride is its session, as on the calendar.
    const rideAt = async (start: string) => {
      const [ride] = await rt.ctx.db
        .insert(rides)
        .values({
          siteId: clubA.siteId,
          deviceId: cartA,
          type: 'booking',
          status: 'ended',
          bookingId: inA._id,
          start: new Date(start),
        })
        .returning();
      return ride!.id;
    };
    await rideAt(inA.start);
    const latest = await rideAt(new Date(Date.parse(inA.start) + 60_000).toISOString());

    const ofA = (
      await api('GET', `/bookings?siteId=${clubA.siteId}&${range}`, superadmin)
    ).json<AdminBookingsPage>();
    expect(ofA.data.every((row) => row.site === clubA.siteId)).toBe(true);
    expect(ofA.data.map((row) => row._id)).toContain(inA._id);
    expect(ofA.data.find((row) => row._id === inA._id)!.session).toBe(latest);

    const cancelledOnly = (
      await api('GET', `/bookings?siteId=${clubA.siteId}&status=cancelled&status=no_show`, superadmin)
    ).json<AdminBookingsPage>();
    expect(cancelledOnly.data.map((row) => row._id)).toContain(cancelled.id);
    expect(cancelledOnly.data.every((row) => ['cancelled', 'no_show'].includes(row.status))).toBe(true);

    // Sorted by start ascending, one per page: page 2 is the second booking of the site's range.
    const sorted = (
      await api('GET', `/bookings?siteId=${clubA.siteId}&${range}&sort=start&dir=asc&limit=500`, superadmin)
    ).json<AdminBookingsPage>();
    const starts = sorted.data.map((row) => Date.parse(row.start));
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
    const second = (
      await api(
        'GET',
        `/bookings?siteId=${clubA.siteId}&${range}&sort=start&dir=asc&limit=1&page=2`,
        superadmin,
      )
    ).json<AdminBookingsPage>();
    expect(second.data.map((row) => row._id)).toEqual([sorted.data[1]!._id]);
    expect(second.pagination).toMatchObject({
      currentPage: 2,
      itemsPerPage: 1,
      totalItems: sorted.data.length,
    });
    // Past the last page: no rows, the total still there.
    const past = (
      await api('GET', `/bookings?siteId=${clubA.siteId}&${range}&limit=1&page=999`, superadmin)
    ).json<AdminBookingsPage>();
    expect(past).toMatchObject({ data: [], pagination: { totalItems: sorted.data.length } });
  });

  it('answers 400 to a bad query', async () => {
    for (const query of [
      `start=${encodeURIComponent(at(tomorrow(), '10:00'))}&end=${encodeURIComponent(at(tomorrow(), '09:00'))}`,
      'sort=price',
      'status=paid',
      'siteId=club-a',
      'limit=0',
    ]) {
      const res = await api('GET', `/bookings?${query}`, superadmin);
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('PATCH /api/admin/bookings', () => {
  it("changes the note of live staff bookings and skips the rest with the calendar's reasons", async () => {
    const live = await staffBooking(clubA.siteId, cartA);
    const liveB = await staffBooking(clubB.siteId, cartB);
    const ofClient = await storedBooking({
      start: new Date(at(tomorrow(), '21:00')),
      end: new Date(at(tomorrow(), '21:30')),
      source: 'client',
    });
    const cancelled = await storedBooking({
      start: new Date(at(tomorrow(), '22:00')),
      end: new Date(at(tomorrow(), '22:30')),
      status: 'cancelled',
    });
    const unknown = randomUUID();

    const res = await api('PATCH', '/bookings', superadmin, {
      ids: [live._id, liveB._id, ofClient.id, cancelled.id, unknown],
      updateData: { note: 'Gate code 4711' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<AdminBulkAnswer>();
    expect(answer).toMatchObject({ done: 2, ids: [live._id, liveB._id] });
    expect(answer.skipped).toEqual([
      { id: ofClient.id, reason: 'bookingLocked', message: expect.any(String) },
      { id: cancelled.id, reason: 'notActive', message: expect.any(String) },
      { id: unknown, reason: 'notFound', message: 'Booking not found' },
    ]);
    const rows = await bookingRows([live._id, liveB._id, ofClient.id, cancelled.id]);
    const note = (id: string) => rows.find((row) => row.id === id)!.note;
    expect(note(live._id)).toBe('Gate code 4711');
    expect(note(liveB._id)).toBe('Gate code 4711');
    expect(note(ofClient.id)).toBe('');
    expect(note(cancelled.id)).toBe('');
    // The rest of the booking is as it was: the times, cart and status.
    const stored = rows.find((row) => row.id === live._id)!;
    expect(stored).toMatchObject({ status: 'confirmed', deviceId: cartA });
    expect(stored.start.toISOString()).toBe(live.start);

    const [entry] = await entriesOf('admin_booking_updated', 'bookingId', live._id);
    expect(entry).toMatchObject({
      siteId: clubA.siteId,
      deviceId: cartA,
      message: 'Booking note changed by superadmin@example.com',
    });
  });

  it('cancels with status cancelled, and the cart is free again for the same hour', async () => {
    const booking = await staffBooking(clubA.siteId, cartA);
    const res = await api('PATCH', '/bookings', superadmin, {
      ids: [booking._id],
      updateData: { status: 'cancelled', note: 'Rained off' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminBulkAnswer>()).toEqual({ done: 1, ids: [booking._id], skipped: [] });
    const [row] = await bookingRows([booking._id]);
    expect(row).toMatchObject({ status: 'cancelled', note: 'Rained off' });
    expect(await entriesOf('admin_booking_cancelled', 'bookingId', booking._id)).toHaveLength(1);
    // The exclusion constraint holds no cancelled row: the same slot books again.
    const again = await rt.app.inject({
      method: 'POST',
      url: '/api/dashboard/bookings',
      headers: asUser(superadmin, clubA.siteId),
      payload: { start: booking.start, end: booking.end, device: cartA, name: `Again ${tag}` },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('answers 400 to fields a bulk change may not touch, and changes nothing', async () => {
    const booking = await staffBooking(clubA.siteId, cartA);
    const before = await bookingRows([booking._id]);
    const bodies: object[] = [
      { ids: [booking._id], updateData: { start: at(tomorrow(), '23:00') } },
      { ids: [booking._id], updateData: { device: cartB } },
      { ids: [booking._id], updateData: { note: 'x', prePaid: true } },
      { ids: [booking._id], updateData: { status: 'confirmed' } },
      { ids: [booking._id], updateData: {} },
      { ids: [], updateData: { note: 'x' } },
      { ids: ['not-a-uuid'], updateData: { note: 'x' } },
      { ids: [booking._id], updateData: { note: 'x'.repeat(1001) } },
      { ids: [booking._id] },
    ];
    for (const body of bodies) {
      const res = await api('PATCH', '/bookings', superadmin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await bookingRows([booking._id])).toEqual(before);
  });
});

describe('POST /api/admin/bookings/bulk', () => {
  it('cancels live bookings of several sites as the calendar deletes, skipping past and locked ones', async () => {
    const inA = await staffBooking(clubA.siteId, cartA);
    const inB = await staffBooking(clubB.siteId, cartB);
    const pastDay = addDays(localDate(Date.now(), TZ), -2);
    const past = await storedBooking({
      start: new Date(at(pastDay, '10:00')),
      end: new Date(at(pastDay, '11:00')),
    });
    const ofClient = await storedBooking({
      start: new Date(at(tomorrow(), '23:00')),
      end: new Date(at(tomorrow(), '23:30')),
      source: 'client',
    });

    const res = await api('POST', '/bookings/bulk', superadmin, {
      ids: [inA._id, inB._id, past.id, ofClient.id, inA._id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<AdminBulkAnswer>();
    expect(answer).toMatchObject({ done: 2, ids: [inA._id, inB._id] });
    expect(answer.skipped.map(({ id, reason }) => ({ id, reason }))).toEqual([
      { id: past.id, reason: 'notEditable' },
      { id: ofClient.id, reason: 'bookingLocked' },
    ]);
    const rows = await bookingRows([inA._id, inB._id, past.id, ofClient.id]);
    const status = (id: string) => rows.find((row) => row.id === id)!.status;
    expect([status(inA._id), status(inB._id), status(past.id), status(ofClient.id)]).toEqual([
      'cancelled',
      'cancelled',
      'confirmed',
      'confirmed',
    ]);
    const [entry] = await entriesOf('admin_booking_cancelled', 'bookingId', inB._id);
    expect(entry).toMatchObject({ siteId: clubB.siteId, deviceId: cartB });

    // Once cancelled, a second call skips them.
    const again = await api('POST', '/bookings/bulk', superadmin, { ids: [inA._id] });
    expect(again.json<AdminBulkAnswer>()).toMatchObject({ done: 0, skipped: [{ reason: 'notActive' }] });
  });
});

describe('GET /api/admin/payments', () => {
  it('lists the payments of every site with the site, filtered by site, status, method and range', async () => {
    const paid = await storedPayment({ status: 'succeeded', succeededAt: new Date() });
    const open = await storedPayment({ status: 'pending' });
    const ofB = await storedPayment({
      siteId: clubB.siteId,
      providerAccountId: clubB.accountId,
      status: 'succeeded',
      method: 'none',
    });
    const old = await storedPayment({ status: 'cancelled', createdAt: new Date('2024-03-01T12:00:00Z') });

    // Newest first: this test's payments lead the list, whatever other files stored in the shared database.
    const listed = await api('GET', '/payments?limit=500', superadmin);
    expect(listed.statusCode, listed.body).toBe(200);
    const all = listed.json<AdminPaymentsPage>();
    const ids = all.data.map((row) => row._id);
    expect(ids).toEqual(expect.arrayContaining([paid.id, open.id, ofB.id]));
    expect(all.data.find((row) => row._id === ofB.id)).toMatchObject({
      siteId: clubB.siteId,
      siteName: `Admin Bulk B ${tag}`,
      status: 'succeeded',
      priceDetails: { total: 4150, currency: 'GBP', method: 'none' },
    });
    // Newest first by default.
    const created = all.data.map((row) => Date.parse(row.createdAt));
    expect(created).toEqual([...created].sort((x, y) => y - x));

    const query = async (q: string) =>
      (await api('GET', `/payments?${q}&limit=500`, superadmin))
        .json<AdminPaymentsPage>()
        .data.map((row) => row._id);
    expect(await query(`siteId=${clubB.siteId}`)).toEqual([ofB.id]);
    const succeededOrPending = await query(`siteId=${clubA.siteId}&status=succeeded&status=pending`);
    expect(succeededOrPending).toEqual(expect.arrayContaining([paid.id, open.id]));
    expect(succeededOrPending).not.toContain(old.id);
    expect(await query('method=none')).toContain(ofB.id);
    expect(await query('method=none')).not.toContain(paid.id);
    expect(await query(`siteId=${clubA.siteId}&start=2024-01-01T00:00:00Z&end=2024-12-31T00:00:00Z`)).toEqual(
      [old.id],
    );

    for (const bad of ['status=refunded', 'method=cash', 'sort=amount', 'start=yesterday']) {
      expect((await api('GET', `/payments?${bad}`, superadmin)).statusCode, bad).toBe(400);
    }
  });
});

describe('POST /api/admin/payments/bulk', () => {
  it('deletes checkouts that ended unpaid, skipping unknown ids', async () => {
    const expired = await storedPayment({ status: 'cancelled', cancelledAt: new Date() });
    const expiredB = await storedPayment({
      siteId: clubB.siteId,
      status: 'cancelled',
      cancelledAt: new Date(),
    });
    const res = await api('POST', '/payments/bulk', superadmin, {
      ids: [expired.id, expiredB.id, randomUUID()],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    expect(await paymentRows([expired.id, expiredB.id])).toEqual([]);
    const [entry] = await entriesOf('admin_payment_deleted', 'paymentId', expiredB.id);
    expect(entry).toMatchObject({
      siteId: clubB.siteId,
      message: 'Payment deleted by superadmin@example.com',
      data: { status: 'cancelled', total: 4150, currency: 'GBP' },
    });
  });

  it('refuses with 409 naming paid, refunded and payable payments, and deletes none of the selection', async () => {
    const expired = await storedPayment({ status: 'cancelled', cancelledAt: new Date() });
    const paid = await storedPayment({ status: 'succeeded', succeededAt: new Date() });
    const refunded = await storedPayment({
      status: 'cancelled',
      succeededAt: new Date(),
      refundedAt: new Date(),
      refundReason: 'requestedByOperator',
    });
    const open = await storedPayment({ status: 'pending' });
    const declined = await storedPayment({ status: 'failed', failedAt: new Date() });
    const ids = [expired.id, paid.id, refunded.id, open.id, declined.id];
    const before = await paymentRows(ids);

    const res = await api('POST', '/payments/bulk', superadmin, { ids });
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json<{ message: string; code: string }>();
    expect(body.code).toBe('paymentsKept');
    for (const id of [paid.id, refunded.id, open.id, declined.id]) expect(body.message).toContain(id);
    expect(body.message).not.toContain(expired.id);
    expect(await paymentRows(ids)).toEqual(before);
    expect(await entriesOf('admin_payment_deleted', 'paymentId', expired.id)).toEqual([]);
  });

  it('answers 400 to a bad selection and deletes nothing', async () => {
    const expired = await storedPayment({ status: 'cancelled', cancelledAt: new Date() });
    for (const body of [{ ids: [] }, { ids: ['x'] }, {}, { ids: expired.id }]) {
      expect((await api('POST', '/payments/bulk', superadmin, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    expect(await paymentRows([expired.id])).toHaveLength(1);
  });
});

describe('PATCH /api/admin/payments', () => {
  it("ends open checkouts at the provider; the provider's webhook cancels them in the ledger", async () => {
    const paymentId = randomUUID();
    const sandbox = rt.ctx.payments;
    const { sessionId } = await sandbox.createCheckout(
      checkoutInput(clubA.accountId, { clientReferenceId: paymentId, metadata: { paymentId } }),
    );
    const open = await storedPayment({ id: paymentId, checkoutSessionId: sessionId, status: 'pending' });
    const paid = await storedPayment({ status: 'succeeded', succeededAt: new Date() });

    const res = await api('PATCH', '/payments', superadmin, {
      ids: [open.id, paid.id],
      updateData: { status: 'cancelled' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<AdminBulkAnswer>();
    expect(answer).toMatchObject({ done: 1, ids: [open.id] });
    expect(answer.skipped).toEqual([{ id: paid.id, reason: 'notOpen', message: expect.any(String) }]);

    const [session] = await rt.ctx.db
      .select()
      .from(sandboxCheckoutSessions)
      .where(eq(sandboxCheckoutSessions.id, sessionId));
    expect(session!.status).toBe('expired');
    const cancelled = await eventually(async () => {
      const [row] = await paymentRows([open.id]);
      return row?.status === 'cancelled' ? row : undefined;
    }, 15_000);
    expect(cancelled).toMatchObject({ succeededAt: null, refundedAt: null, cancelledAt: expect.any(Date) });
    expect((await paymentRows([paid.id]))[0]).toMatchObject({ status: 'succeeded' });
    expect(await entriesOf('admin_checkout_ended', 'paymentId', open.id)).toHaveLength(1);

    // Ended, it is no longer open: a second call skips it, and now it may be deleted.
    const again = await api('PATCH', '/payments', superadmin, {
      ids: [open.id],
      updateData: { status: 'cancelled' },
    });
    expect(again.json<AdminBulkAnswer>()).toMatchObject({ done: 0, skipped: [{ reason: 'notOpen' }] });
    const deleted = await api('POST', '/payments/bulk', superadmin, { ids: [open.id] });
    expect(deleted.json()).toEqual({ deleted: 1 });
  });

  it('answers 400 to anything but status cancelled, and changes nothing', async () => {
    const open = await storedPayment({ status: 'pending', checkoutSessionId: `cs_test_${randomUUID()}` });
    const before = await paymentRows([open.id]);
    for (const updateData of [
      { status: 'succeeded' },
      { total: 1 },
      { status: 'cancelled', customerEmail: 'x@example.com' },
      {},
    ]) {
      const res = await api('PATCH', '/payments', superadmin, { ids: [open.id], updateData });
      expect(res.statusCode, JSON.stringify(updateData)).toBe(400);
    }
    expect(await paymentRows([open.id])).toEqual(before);
  });
});
