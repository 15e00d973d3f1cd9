import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, like, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_CARDS,
  WEBHOOK_EVENT_ID_HEADER,
  WEBHOOK_LIMITS,
  WEBHOOK_SIGNATURE_HEADER,
  type WebhookSubscriptionView,
  type ZoneAlert,
} from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, startAsSuperadmin } from '../../../test/helpers';
import { eventually } from '../../../test/fleet-fixtures';
import { activity } from '../../db/tables/activity';
import { scheduledJobs } from '../../db/tables/jobs';
import { mailOutbox } from '../../db/tables/mail';
import { payments } from '../../db/tables/payments';
import { rides } from '../../db/tables/rides';
import { webhookDeliveries } from '../../db/tables/webhooks';
import { SignatureMismatchError, verifyStripeStyle } from '../../lib/stripe-style-signature';
import { createClient } from '../clients/clients.test-support';
import {
  createRideClub,
  insertBooking,
  insertCart,
  insertRide,
  type RideClub,
} from '../guest/guest-rides.test-support';
import { createPaymentSite, payWith, startCheckout } from '../payments/payments.test-support';
import { WEBHOOK_RETRY, retryDelayMs } from './webhook-delivery.service';
import { webhookEventId } from './webhook-events';
import { WEBHOOK_CATCH_UP_JOB } from './webhook-job-keys';
import { withPaymentWebhooks } from './webhook-payments';
import { WebhookSender, isPrivateAddress } from './webhook-sender';
import {
  adminWebhooks,
  deliveriesOf,
  jobOf,
  runDeliveryJob,
  startReceiver,
  subscribe,
  type Receiver,
} from './webhooks.test-support';

/**
 * The delivery engine of the outbound webhooks (issue 23 item 2) against a real receiver on 127.0.0.1:
 * signatures, back-off, event ids, deduplication, the catch-up, switching off after repeated failures,
 * resend, and payments' deliveries inside their transactions. Time never passes by sleeping: a job is made
 * due, or an attempt is given its cycle.
 */

let rt: Runtime;
let superadmin: string;
let club: RideClub;
let clientId: string;
let receiver: Receiver;

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  club = await createRideClub(rt);
  clientId = (await createClient(rt, superadmin, [club.siteId], 'Webhook Engine Ltd')).client._id;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await rt.stop();
});

const stripe = new Stripe('sk_test_signature_verification_only');
const zoneAlert = (deviceId: string): ZoneAlert => ({
  siteId: club.siteId,
  deviceId,
  carNumber: '12',
  zoneId: randomUUID(),
  zoneType: 'restriction',
  kind: 'enter',
  ts: new Date().toISOString(),
});
const subscriptionView = async (id: string) =>
  (await adminWebhooks(rt, 'GET', `/${clientId}/webhooks`, superadmin))
    .json<WebhookSubscriptionView[]>()
    .find((subscription) => subscription._id === id)!;
/** A cycle that began more than 24 hours ago: the attempt given it is its cycle's last. */
const spentCycle = () => ({
  cycleStart: new Date(Date.now() - 25 * 3_600_000).toISOString(),
  attempt: 17,
});

describe('a delivery', () => {
  it('is signed so that the documented scheme and Stripe’s package verify it, retried after a 500 with back-off and the same event id', async () => {
    const subscription = await subscribe(rt, superadmin, clientId, {
      siteId: club.siteId,
      url: receiver.url,
      events: ['zone.alert'],
    });
    const alert = zoneAlert(randomUUID());
    rt.ctx.bus.emit('zone.alert', alert);
    const [delivery] = await eventually(async () => {
      const rows = await deliveriesOf(rt, subscription._id);
      return rows.length > 0 ? rows : undefined;
    });
    expect(delivery).toMatchObject({ eventType: 'zone.alert', status: 'pending', attempts: 0 });
    expect((await jobOf(rt, delivery!.id))?.payload).toMatchObject({ attempt: 0 });

    const sentBefore = receiver.received.length;
    receiver.answer(500);
    const failedAt = Date.now();
    await runDeliveryJob(rt, delivery!.id);
    const [failed] = await deliveriesOf(rt, subscription._id);
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
    });
    // The first retry waits a minute; the job and the log say the same time.
    const retryAt = failed!.nextAttemptAt!.getTime();
    expect(retryAt - failedAt).toBeGreaterThanOrEqual(WEBHOOK_RETRY.firstDelayMs - 1_000);
    expect(retryAt - failedAt).toBeLessThan(WEBHOOK_RETRY.firstDelayMs + 10_000);
    const job = await jobOf(rt, delivery!.id);
    expect(job!.runAt.getTime()).toBe(retryAt);
    expect(job!.payload).toMatchObject({ attempt: 1 });

    await runDeliveryJob(rt, delivery!.id);
    const [delivered] = await deliveriesOf(rt, subscription._id);
    expect(delivered).toMatchObject({
      status: 'succeeded',
      attempts: 2,
      lastStatusCode: 200,
      lastError: null,
    });
    expect(delivered!.deliveredAt).not.toBeNull();
    expect(await jobOf(rt, delivery!.id)).toBeUndefined();

    const sent = receiver.received.slice(sentBefore);
    expect(sent).toHaveLength(2);
    for (const { headers, body } of sent) {
      const header = headers[WEBHOOK_SIGNATURE_HEADER] as string;
      expect(headers[WEBHOOK_EVENT_ID_HEADER]).toBe(delivery!.eventId);
      expect(headers['content-type']).toBe('application/json');
      expect(() => verifyStripeStyle(body, header, subscription.secret)).not.toThrow();
      const event = stripe.webhooks.constructEvent(body, header, subscription.secret) as unknown as {
        id: string;
        type: string;
        siteId: string;
        data: Record<string, unknown>;
      };
      expect(event).toMatchObject({ id: delivery!.eventId, type: 'zone.alert', siteId: club.siteId });
      expect(event.data).toMatchObject({ zoneId: alert.zoneId, kind: 'enter', deviceId: alert.deviceId });
      // Another body, another secret or an old signature is refused by both.
      expect(() => verifyStripeStyle(`${body} `, header, subscription.secret)).toThrow(
        SignatureMismatchError,
      );
      expect(() => stripe.webhooks.constructEvent(`${body} `, header, subscription.secret)).toThrow();
      expect(() => verifyStripeStyle(body, header, 'whsec_other')).toThrow(SignatureMismatchError);
      expect(() =>
        verifyStripeStyle(body, header, subscription.secret, { now: Math.floor(Date.now() / 1000) + 600 }),
      ).toThrow(SignatureMismatchError);
    }
    expect(sent[0]!.body).toBe(sent[1]!.body);

    // Back-off: a minute after the first failure, doubling, never more than two hours.
    expect([1, 2, 3, 8, 30].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 7_200_000, 7_200_000]);
  });

  it('is stored once however often its event is noticed; the catch-up writes what the listener missed', async () => {
    const subscription = await subscribe(rt, superadmin, clientId, {
      siteId: club.siteId,
      url: receiver.url,
      events: ['ride.started', 'ride.ended'],
    });
    const cart = await insertCart(rt, club.siteId);
    const ride = await insertRide(rt, cart, {
      status: 'active',
      start: new Date(),
      end: null,
      duration: null,
    });
    rt.ctx.bus.emit('ride.updated', ride.id, club.siteId);
    rt.ctx.bus.emit('ride.updated', ride.id, club.siteId);
    await eventually(async () => (await deliveriesOf(rt, subscription._id)).length === 1);
    expect(await rt.ctx.webhooks.sources.catchUp(new Date(Date.now() - 60_000), new Date())).toBe(0);

    // The ride ends and the server stops before its listener ran: nothing is emitted. A ride that began
    // before the subscription was made ends too: only its end is the subscriber's business.
    await rt.ctx.db.update(rides).set({ status: 'ended', end: new Date() }).where(eq(rides.id, ride.id));
    const older = await insertRide(rt, cart, {
      start: new Date(Date.parse(subscription.createdAt) - 600_000),
      end: new Date(),
    });
    await rt.ctx.db
      .update(scheduledJobs)
      .set({ runAt: sql`now() - interval '1 second'`, payload: { checkedUpTo: Date.now() - 30_000 } })
      .where(eq(scheduledJobs.key, WEBHOOK_CATCH_UP_JOB));
    await rt.webhookJobs.runDue();

    const stored = await deliveriesOf(rt, subscription._id);
    const events = stored.map((row) => [row.eventType, (row.payload.data as { _id: string })._id]).sort();
    expect(events).toEqual(
      [
        ['ride.ended', older.id],
        ['ride.ended', ride.id],
        ['ride.started', ride.id],
      ].sort(),
    );
    expect(new Set(stored.map((row) => row.eventId)).size).toBe(3);
    expect(stored.find((row) => row.eventType === 'ride.started')!.eventId).toBe(
      webhookEventId('ride.started', ride.id),
    );
    // The guest's name, the code and who unlocked stay out of a partner's payload.
    expect(stored[0]!.payload.data).not.toHaveProperty('meta');
    expect(stored[0]!.payload.data).not.toHaveProperty('unlockCode');
    const job = (
      await rt.ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, WEBHOOK_CATCH_UP_JOB))
    )[0];
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('a receiver that keeps failing', () => {
  it('has its subscription switched off once after five failed cycles, with an activity entry and a mail; switched on again, a resend gets through', async () => {
    const failing = await startReceiver();
    try {
      // One failure per cycle below (each attempt is its cycle's last); everything after is answered 200.
      failing.answer(...Array.from({ length: 6 }, () => 503));
      const subscription = await subscribe(rt, superadmin, clientId, {
        siteId: club.siteId,
        url: failing.url,
        events: ['cart.offline'],
      });
      const offlineCart = async () => {
        const cart = await insertCart(rt, club.siteId, { online: false, disconnectedAt: new Date() });
        rt.ctx.bus.emit('device.updated', cart);
        // A cart's row is pushed again while it stays offline: noticed once.
        rt.ctx.bus.emit('device.updated', cart);
        return cart;
      };
      for (let i = 0; i < 6; i++) await offlineCart();
      const stored = await eventually(async () => {
        const rows = await deliveriesOf(rt, subscription._id);
        return rows.length === 6 ? rows : undefined;
      });
      expect(stored[0]!.payload.data).toMatchObject({ carName: 'Test cart', position: null });

      const attempt = (id: string) => rt.ctx.webhooks.deliveries.attempt(id, spentCycle());
      for (const delivery of stored.slice(0, 4)) expect(await attempt(delivery.id)).toBeNull();
      expect(await subscriptionView(subscription._id)).toMatchObject({
        enabled: true,
        consecutiveFailures: 4,
      });
      // The fifth and sixth cycles end at the same moment: the row lock counts them one after the other.
      await Promise.all(stored.slice(4).map((delivery) => attempt(delivery.id)));

      const off = await subscriptionView(subscription._id);
      expect(off).toMatchObject({ enabled: false, consecutiveFailures: 6 });
      expect(off.disabledReason).toBe('HTTP 503');
      const entries = await rt.ctx.db
        .select()
        .from(activity)
        .where(
          and(
            eq(activity.type, 'webhook_disabled'),
            sql`${activity.data} ->> 'subscriptionId' = ${subscription._id}`,
          ),
        );
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ siteId: club.siteId, deviceId: null });
      const mails = await rt.ctx.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.template, 'webhookDisabled'), like(mailOutbox.text, `%${failing.url}%`)));
      expect(mails.map((mail) => mail.to)).toContain('superadmin@example.com');
      expect(new Set(mails.map((mail) => mail.to)).size).toBe(mails.length);
      expect(mails[0]!.text).toContain('Webhook Engine Ltd');
      expect((await deliveriesOf(rt, subscription._id)).every((row) => row.status === 'failed')).toBe(true);

      // Switched off: new events are not stored for it.
      await offlineCart();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await deliveriesOf(rt, subscription._id)).toHaveLength(6);

      const resend = (deliveryId: string) =>
        adminWebhooks(
          rt,
          'POST',
          `/${clientId}/webhooks/${subscription._id}/deliveries/${deliveryId}/resend`,
          superadmin,
        );
      expect((await resend(stored[0]!.id)).json()).toMatchObject({ code: 'webhookDisabled' });
      const on = await adminWebhooks(rt, 'PUT', `/${clientId}/webhooks/${subscription._id}`, superadmin, {
        enabled: true,
      });
      expect(on.json()).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledReason: null });

      failing.received.length = 0;
      const resent = await resend(stored[0]!.id);
      expect(resent.statusCode, resent.body).toBe(202);
      expect(resent.json()).toMatchObject({ status: 'pending', eventId: stored[0]!.eventId });
      expect((await jobOf(rt, stored[0]!.id))?.payload).toMatchObject({ attempt: 0 });
      await runDeliveryJob(rt, stored[0]!.id);
      expect(failing.received).toHaveLength(1);
      expect(failing.received[0]!.headers[WEBHOOK_EVENT_ID_HEADER]).toBe(stored[0]!.eventId);
      const [resentRow] = await rt.ctx.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, stored[0]!.id));
      expect(resentRow).toMatchObject({ status: 'succeeded', lastStatusCode: 200 });
    } finally {
      await failing.close();
    }
  });
});

describe('payments', () => {
  it("store their delivery inside the payment's transaction: rolled back with it, committed with it", async () => {
    const subscription = await subscribe(rt, superadmin, clientId, {
      siteId: club.siteId,
      url: receiver.url,
      events: ['payment.succeeded'],
    });
    const [payment] = await rt.ctx.db
      .insert(payments)
      .values({
        siteId: club.siteId,
        purpose: 'ride',
        status: 'succeeded',
        provider: 'sandbox',
        providerAccountId: 'acct_webhooks_test',
        description: 'Cart 12',
        customerName: 'Gina Guest',
        customerEmail: 'gina@example.com',
        total: 4150,
        currency: 'GBP',
        succeededAt: new Date(),
      })
      .returning();
    const purchase = withPaymentWebhooks({ paymentSucceeded: async () => undefined }, rt.ctx.webhooks.outbox);
    const eventId = webhookEventId('payment.succeeded', payment!.id);
    const stored = () =>
      rt.ctx.db
        .select()
        .from(webhookDeliveries)
        .where(
          and(eq(webhookDeliveries.subscriptionId, subscription._id), eq(webhookDeliveries.eventId, eventId)),
        );

    await expect(
      rt.ctx.db.transaction(async (tx) => {
        await purchase.settle!(tx, payment!);
        throw new Error('the ledger write after it failed');
      }),
    ).rejects.toThrow('the ledger write after it failed');
    expect(await stored()).toEqual([]);

    await rt.ctx.db.transaction((tx) => purchase.settle!(tx, payment!));
    const [delivery] = await stored();
    expect(delivery).toBeDefined();
    expect(await jobOf(rt, delivery!.id)).toBeDefined();
    expect(delivery!.payload.data).toMatchObject({ _id: payment!.id, status: 'succeeded' });
    expect(delivery!.payload.data).not.toHaveProperty('userDetails');
  });

  it('are delivered from a real sandbox payment and its refund, with the booking it paid for kept private', async () => {
    const shop = await createPaymentSite(rt, superadmin, `Webhook Payments ${Date.now()}`);
    const other = (await createClient(rt, superadmin, [shop.siteId], 'Other Booking System')).client._id;
    const subscription = await subscribe(rt, superadmin, other, {
      siteId: shop.siteId,
      url: receiver.url,
      events: ['payment.succeeded', 'payment.refunded', 'booking.changed'],
    });
    const cart = await insertCart(rt, shop.siteId);
    const booking = await insertBooking(rt, { siteId: shop.siteId, deviceId: cart.id }, 60, 300, {
      name: 'Desk Booking Guest',
      email: 'desk@example.com',
    });
    const checkout = await startCheckout(rt, {
      siteId: shop.siteId,
      rateId: shop.guestPriceId,
      deviceId: cart.id,
      bookingId: booking.id,
    });
    expect((await payWith(rt, checkout.id, SANDBOX_CARDS.succeeds)).statusCode).toBe(200);
    const paid = await eventually(async () => {
      const rows = await deliveriesOf(rt, subscription._id);
      const types = rows.map((row) => row.eventType);
      return types.includes('payment.succeeded') && types.includes('booking.changed') ? rows : undefined;
    }, 15_000);
    const bookingEvent = paid.find((row) => row.eventType === 'booking.changed')!;
    expect(bookingEvent.payload.data).toMatchObject({
      _id: booking.id,
      prePaid: true,
      name: null,
      email: null,
      code: null,
    });

    const refund = await rt.app.inject({
      method: 'POST',
      url: `/api/dashboard/payments/${checkout.paymentId}/refund`,
      headers: asUser(superadmin, shop.siteId),
    });
    expect(refund.statusCode, refund.body).toBe(200);
    // Written in the refund's transaction: there when the answer comes.
    const refunded = (await deliveriesOf(rt, subscription._id)).find(
      (row) => row.eventType === 'payment.refunded',
    );
    expect(refunded?.payload).toMatchObject({
      id: webhookEventId('payment.refunded', checkout.paymentId),
      siteId: shop.siteId,
      data: { _id: checkout.paymentId, status: 'cancelled', refundReason: 'requestedByOperator' },
    });
  });
});

describe('the sender', () => {
  it('refuses private addresses before connecting where they are not allowed, and follows no redirect', async () => {
    const guarded = new WebhookSender({ allowPrivate: false, timeoutMs: 2_000 });
    const before = receiver.received.length;
    for (const url of [
      receiver.url,
      `http://localhost:${receiver.port}/`,
      `http://[::1]:${receiver.port}/`,
    ]) {
      const outcome = await guarded.post(url, '{}', {});
      expect(outcome).toMatchObject({ ok: false, statusCode: null });
      expect(outcome.error).toMatch(/private network address/);
    }
    expect(receiver.received.length).toBe(before);
    for (const address of [
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '127.0.0.1',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '100.64.0.1',
    ])
      expect(isPrivateAddress(address), address).toBe(true);
    for (const address of ['8.8.8.8', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(address), address).toBe(false);

    const open = new WebhookSender({ allowPrivate: true, timeoutMs: 1_000 });
    receiver.answer(302);
    expect(await open.post(receiver.url, '{}', {})).toMatchObject({
      ok: false,
      statusCode: 302,
      error: 'HTTP 302 (redirects are not followed)',
    });
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      expect(await open.post(`http://127.0.0.1:${port}/`, '{}', {})).toMatchObject({
        ok: false,
        error: 'No answer within 1 s',
      });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('the delivery log', () => {
  it(`keeps ${WEBHOOK_LIMITS.retentionDays} days of finished deliveries, and pending ones until they finish`, async () => {
    const subscription = await subscribe(rt, superadmin, clientId, {
      siteId: club.siteId,
      url: receiver.url,
      events: ['zone.alert'],
    });
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const row = (eventId: string, status: 'pending' | 'succeeded' | 'failed', createdAt: Date) => ({
      subscriptionId: subscription._id,
      eventId,
      eventType: 'zone.alert' as const,
      payload: { id: eventId },
      status,
      createdAt,
    });
    const old = WEBHOOK_LIMITS.retentionDays + 1;
    await rt.ctx.db
      .insert(webhookDeliveries)
      .values([
        row('evt_old_succeeded', 'succeeded', daysAgo(old)),
        row('evt_old_failed', 'failed', daysAgo(old)),
        row('evt_old_pending', 'pending', daysAgo(old)),
        row('evt_recent', 'succeeded', daysAgo(WEBHOOK_LIMITS.retentionDays - 1)),
      ]);

    // In batches: a batch of one leaves more, and the job is told to come back soon.
    expect(await rt.ctx.webhooks.deliveries.pruneLog(now, 1)).toEqual({ deleted: 1, more: true });
    expect(await rt.ctx.webhooks.deliveries.pruneLog(now, 1)).toEqual({ deleted: 1, more: true });
    expect(await rt.ctx.webhooks.deliveries.pruneLog(now, 1)).toEqual({ deleted: 0, more: false });
    const left = (await deliveriesOf(rt, subscription._id)).map((delivery) => delivery.eventId).sort();
    expect(left).toEqual(['evt_old_pending', 'evt_recent']);
  });
});
