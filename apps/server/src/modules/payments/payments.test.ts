import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import Stripe from 'stripe';
import { SANDBOX_CARDS, type GuestPaymentView, type PaymentView, type PaymentsPage } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, startAsSuperadmin } from '../../../test/helpers';
import { eventually } from '../../../test/fleet-fixtures';
import { startTestCart, type TestCart } from '../../../test/test-cart';
import { platformSecret } from '../platform/platform.service';
import { rides } from '../../db/tables/rides';
import { payments, webhookEvents } from '../../db/tables/payments';
import {
  createPaymentSite,
  payWith,
  returnUrls,
  startCheckout,
  type PaymentSite,
} from './payments.test-support';
import { sandboxOf } from './payment-providers';
import { sandboxRefunds, sandboxWebhookDeliveries } from '../../db/tables/sandbox';

/** The whole chain (checkout page → signed webhook over HTTP → ledger → cart) under a loaded test run. */
const SLOW = 15_000;

let rt: Runtime;
let superadmin: string;
let club: PaymentSite;
const carts: TestCart[] = [];

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  club = await createPaymentSite(rt, superadmin, `Payments Links ${Date.now()}`);
});
afterAll(async () => {
  for (const cart of carts) await cart.disconnect();
  await rt.stop();
});

const cartView = async (cart: TestCart) =>
  (
    await rt.app.inject({
      url: `/api/dashboard/devices/${cart.deviceId}`,
      headers: asUser(superadmin, club.siteId),
    })
  ).json<{ onlineStatus: boolean }>();
const cartAtClub = async () => {
  const cart = await startTestCart(rt, superadmin, club.siteId);
  carts.push(cart);
  await cart.connect();
  await eventually(async () => (await cartView(cart)).onlineStatus);
  return cart;
};
/** A guest at a fresh cart of the club who has started paying for the guest rate. */
const checkoutAtNewCart = async () => {
  const cart = await cartAtClub();
  const checkout = await startCheckout(rt, {
    siteId: club.siteId,
    rateId: club.guestPriceId,
    deviceId: cart.deviceId,
  });
  return { cart, checkout };
};
const guestPayment = async (id: string) =>
  (await rt.app.inject({ url: `/api/guest/payments/${id}` })).json<GuestPaymentView>();
const ledgerRow = async (id: string) =>
  (await rt.ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
const rideOf = async (paymentId: string) =>
  (await rt.ctx.db.select().from(rides).where(eq(rides.paymentId, paymentId)))[0];
const dashboardPayments = async (query = '') =>
  (
    await rt.app.inject({
      url: `/api/dashboard/payments${query}`,
      headers: asUser(superadmin, club.siteId),
    })
  ).json<PaymentsPage>();

/** A webhook signed with the sandbox's secret by Stripe's own helper, as the provider would send it. */
async function signedWebhook(event: object, secret?: string) {
  const payload = JSON.stringify(event);
  const key = secret ?? `whsec_${await platformSecret(rt.ctx.db, 'sandbox-webhook-secret')}`;
  const header = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret: key });
  return rt.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    payload,
  });
}

describe('a guest pays in the sandbox and the cart unlocks', () => {
  it('charges the catalogue price plus the unlock fee, and the signed webhook starts a confirmed ride', async () => {
    const { cart, checkout } = await checkoutAtNewCart();
    expect(checkout.url).toContain(`/sandbox/checkout/${checkout.id}`);

    const page = await rt.app.inject({ url: `/api/sandbox/checkout/${checkout.id}` });
    expect(page.json()).toMatchObject({ status: 'open', amount: club.total, currency: 'GBP' });
    expect((await guestPayment(checkout.paymentId)).status).toBe('pending');
    // Nothing unlocks before the provider confirms the payment.
    expect(cart.commands).toHaveLength(0);

    const paid = await payWith(rt, checkout.id, SANDBOX_CARDS.succeeds);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<{ redirectUrl: string }>().redirectUrl).toContain(`session=${checkout.id}`);

    const succeeded = await eventually(async () => {
      const payment = await guestPayment(checkout.id);
      return payment.status === 'succeeded' && payment.rideId ? payment : undefined;
    }, SLOW);
    expect(succeeded).toMatchObject({ total: club.total, currency: 'GBP', refunded: false });
    await eventually(() => cart.commands.some((command) => command.name === 'unlock'), SLOW);
    const ride = await eventually(async () => {
      const row = await rideOf(checkout.paymentId);
      return row?.confirmed ? row : undefined;
    }, SLOW);
    expect(ride).toMatchObject({
      type: 'payment',
      status: 'active',
      deviceId: cart.deviceId,
      amount: club.total,
    });
    expect(ride.meta).toEqual({ name: 'Gina Guest', email: 'guest@example.com' });

    const row = await ledgerRow(checkout.paymentId);
    expect(row.applicationFee).toBe(Math.round(club.total * 0.02));
    expect(row.processingFee).toBeGreaterThan(0);
    expect(row.receiptUrl).toBeTruthy();
    const listed = (await dashboardPayments()).data.find((payment) => payment._id === checkout.paymentId)!;
    expect(listed).toMatchObject({
      status: 'succeeded',
      net: club.total - row.processingFee - row.applicationFee,
      userDetails: { name: 'Gina Guest', email: 'guest@example.com' },
      device: { _id: cart.deviceId },
      rideId: ride.id,
    });
  });
});

describe('a declined card', () => {
  it('refuses with 402, records the payment as failed, and another card can still pay', async () => {
    const { cart, checkout } = await checkoutAtNewCart();
    const declined = await payWith(rt, checkout.id, SANDBOX_CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toMatchObject({ code: 'cardDeclined' });
    await eventually(async () => (await guestPayment(checkout.paymentId)).status === 'failed', SLOW);
    expect(cart.commands).toHaveLength(0);

    expect((await payWith(rt, checkout.id, SANDBOX_CARDS.succeeds)).statusCode).toBe(200);
    await eventually(async () => (await guestPayment(checkout.paymentId)).status === 'succeeded', SLOW);
  });
});

describe('webhooks', () => {
  it('refuses a forged webhook and stores nothing', async () => {
    const { cart, checkout } = await checkoutAtNewCart();
    const eventId = `evt_forged_${Date.now()}`;
    const forged = await signedWebhook(
      {
        id: eventId,
        object: 'event',
        type: 'checkout.session.completed',
        account: club.accountId,
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: checkout.id,
            object: 'checkout.session',
            payment_status: 'paid',
            payment_intent: 'pi_x',
          },
        },
      },
      'whsec_not_the_secret',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'webhookSignature' });
    const unsigned = await rt.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: eventId }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(await rt.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, eventId))).toHaveLength(0);
    expect((await guestPayment(checkout.paymentId)).status).toBe('pending');
    expect(cart.commands).toHaveLength(0);
  });

  it('handles an event delivered twice once: one ledger change, one ride, one unlock', async () => {
    const { cart, checkout } = await checkoutAtNewCart();
    expect((await payWith(rt, checkout.id, SANDBOX_CARDS.succeeds)).statusCode).toBe(200);
    // The sandbox delivered the event once; it is delivered again below, as providers do.
    const delivered = await eventually(async () => {
      const mine = (await rt.ctx.db.select().from(webhookEvents)).find(
        (event) =>
          event.type === 'checkout.session.completed' &&
          (event.payload as { data: { object: { id: string } } }).data.object.id === checkout.id,
      );
      return mine?.processedAt ? mine : undefined;
    }, SLOW);
    // Processing marks the event before the ride starts (after its commit): wait for the ride too.
    await eventually(async () => (await rideOf(checkout.paymentId)) !== undefined, SLOW);
    const before = await ledgerRow(checkout.paymentId);
    const again = await signedWebhook(delivered.payload);
    expect(again.statusCode).toBe(200);
    const after = await ledgerRow(checkout.paymentId);
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(await rt.ctx.db.select().from(rides).where(eq(rides.paymentId, checkout.paymentId))).toHaveLength(
      1,
    );
    await eventually(() => cart.commands.some((command) => command.name === 'unlock'), SLOW);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(cart.commands.filter((command) => command.name === 'unlock')).toHaveLength(1);
  });

  it('processes a stored event the server had not finished before it stopped', async () => {
    const { checkout } = await checkoutAtNewCart();
    expect((await payWith(rt, checkout.id, SANDBOX_CARDS.succeeds)).statusCode).toBe(200);
    await eventually(async () => (await guestPayment(checkout.paymentId)).status === 'succeeded', SLOW);
    // Replay the crash: the event is stored but its processing never happened.
    const [stored] = (await rt.ctx.db.select().from(webhookEvents)).filter(
      (event) => (event.payload as { data: { object: { id: string } } }).data.object.id === checkout.id,
    );
    await rt.ctx.db
      .update(webhookEvents)
      .set({ processedAt: null, receivedAt: new Date(Date.now() - 60_000) })
      .where(eq(webhookEvents.id, stored!.id));
    await rt.ctx.db
      .update(payments)
      .set({ status: 'pending', succeededAt: null })
      .where(eq(payments.id, checkout.paymentId));
    expect(await rt.ctx.paymentFlows.webhooks.processPending(20_000)).toBeGreaterThanOrEqual(1);
    expect((await guestPayment(checkout.paymentId)).status).toBe('succeeded');
    const [processed] = await rt.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, stored!.id));
    expect(processed!.processedAt).not.toBeNull();
  });
});

describe('a payment confirmed after the unlock window (issue #15)', () => {
  it('is refunded as an unconfirmed unlock, and the cart is never unlocked for a guest who has left', async () => {
    const { cart, checkout } = await checkoutAtNewCart();
    const sandbox = sandboxOf(rt.ctx.payments)!;
    // The platform cannot be reached while the guest pays (it crashed): the paid event waits in the sandbox.
    sandbox.deliverTo('http://127.0.0.1:9/api/payments/webhook');
    let waiting;
    try {
      expect((await payWith(rt, checkout.id, SANDBOX_CARDS.succeeds)).statusCode).toBe(200);
      waiting = await eventually(async () => {
        const [row] = await rt.ctx.db
          .select()
          .from(sandboxWebhookDeliveries)
          .where(
            and(
              eq(sandboxWebhookDeliveries.type, 'checkout.session.completed'),
              like(sandboxWebhookDeliveries.payload, `%${checkout.id}%`),
            ),
          );
        return row && row.attempts > 0 ? row : undefined;
      }, SLOW);
    } finally {
      sandbox.deliverTo(`${rt.url}/api/payments/webhook`);
    }
    // It reaches the platform only after the window: the event made when the guest paid, that long ago.
    await rt.ctx.db
      .update(sandboxWebhookDeliveries)
      .set({ deliveredAt: new Date() })
      .where(eq(sandboxWebhookDeliveries.eventId, waiting.eventId));
    const event = JSON.parse(waiting.payload) as { created: number };
    event.created -= rt.ctx.config.PAID_UNLOCK_REFUND_SECONDS + 5;
    expect((await signedWebhook(event)).statusCode).toBe(200);

    expect(await guestPayment(checkout.paymentId)).toMatchObject({
      status: 'cancelled',
      refunded: true,
      refundReason: 'cartNeverConfirmed',
      rideId: null,
    });
    expect(await rideOf(checkout.paymentId)).toBeUndefined();
    expect(cart.commands.filter((command) => command.name === 'unlock')).toHaveLength(0);
  });
});

describe('checkout addresses when PUBLIC_URL is unset (issue #15)', () => {
  const clubLan = '192.168.1.20:3000';
  const generate = (host: string, returnTo: string, deviceId: string) =>
    rt.app.inject({
      method: 'POST',
      url: '/api/guest/stripe/generate-checkout-session',
      // TRUST_PROXY is off: forwarded headers from anyone are not believed.
      headers: { host, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      payload: {
        email: 'guest@example.com',
        name: 'Gina Guest',
        success_url: `${returnTo}/ride/paid?session={CHECKOUT_SESSION_ID}`,
        cancel_url: `${returnTo}/ride/cancelled`,
        siteId: club.siteId,
        rateId: club.guestPriceId,
        deviceId,
      },
    });

  it("sends the guest to the sandbox's page at the address the phone reached, not localhost", async () => {
    const cart = await cartAtClub();
    const res = await generate(clubLan, `http://${clubLan}`, cart.deviceId);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ id: string; url: string; paymentId: string }>();
    expect(answer.url).toBe(`http://${clubLan}/sandbox/checkout/${answer.id}`);
    expect((await payWith(rt, answer.id, SANDBOX_CARDS.succeeds)).statusCode).toBe(200);
    const row = await eventually(async () => {
      const payment = await ledgerRow(answer.paymentId);
      return payment.receiptUrl ? payment : undefined;
    }, SLOW);
    expect(row.receiptUrl).toMatch(
      new RegExp(`^http://${clubLan.replace(/\./g, '\\.')}/api/sandbox/receipts/`),
    );
  });

  it('refuses a forged Host, and return addresses that are neither PUBLIC_URL nor the Host', async () => {
    const cart = await cartAtClub();
    const forged = await generate('evil.example/x', 'http://evil.example', cart.deviceId);
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'badHost' });
    const elsewhere = await generate(clubLan, 'http://evil.example', cart.deviceId);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()).toMatchObject({ code: 'returnUrl' });
    expect((await dashboardPayments()).data.filter((p) => p.device?._id === cart.deviceId)).toEqual([]);
  });
});

describe('refunds', () => {
  it('an admin refunds a succeeded payment once; the ledger shows it cancelled and refunded', async () => {
    const { checkout } = await checkoutAtNewCart();
    expect((await payWith(rt, checkout.id, SANDBOX_CARDS.succeeds)).statusCode).toBe(200);
    await eventually(async () => (await guestPayment(checkout.paymentId)).status === 'succeeded', SLOW);
    const refund = () =>
      rt.app.inject({
        method: 'POST',
        url: `/api/dashboard/payments/${checkout.paymentId}/refund`,
        headers: asUser(superadmin, club.siteId),
      });
    const first = await refund();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<PaymentView>()).toMatchObject({
      status: 'cancelled',
      refundReason: 'requestedByOperator',
    });
    expect(first.json<PaymentView>().refundedAt).not.toBeNull();
    const second = await refund();
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'notRefundable' });
    const row = await ledgerRow(checkout.paymentId);
    const refunds = await rt.ctx.db
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.paymentIntentId, row.paymentIntentId!));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(club.total);
  });

  it('a paid unlock the cart never confirms is refunded after the waiting window, and the guest is told', async () => {
    const cart = await cartAtClub();
    cart.ackMode = 'silent';
    const checkout = await startCheckout(rt, {
      siteId: club.siteId,
      rateId: club.guestPriceId,
      deviceId: cart.deviceId,
    });
    expect((await payWith(rt, checkout.id, SANDBOX_CARDS.succeeds)).statusCode).toBe(200);
    await eventually(() => cart.commands.some((command) => command.name === 'unlock'), SLOW);
    const paidRides = rt.ctx.rides.paid;
    // Inside the window nothing is refunded: the guest may still be retrying.
    await paidRides.sweep();
    expect((await guestPayment(checkout.paymentId)).refunded).toBe(false);

    await paidRides.sweep(Date.now() + rt.ctx.config.PAID_UNLOCK_REFUND_SECONDS * 1000 + 1_000);
    const payment = await guestPayment(checkout.paymentId);
    expect(payment).toMatchObject({
      status: 'cancelled',
      refunded: true,
      refundReason: 'cartNeverConfirmed',
    });
    expect(await rideOf(checkout.paymentId)).toMatchObject({ confirmed: false, status: 'ended' });
  });
});

describe('checkout refusals (nothing is charged, nothing changes)', () => {
  const attempt = (payload: Record<string, unknown>) =>
    rt.app.inject({
      method: 'POST',
      url: '/api/guest/stripe/generate-checkout-session',
      payload: { email: 'guest@example.com', name: 'Gina Guest', ...returnUrls(rt), ...payload },
    });

  it('refuses an offline cart, a member price, a foreign return address and an unknown booking', async () => {
    const cart = await cartAtClub();
    const base = { siteId: club.siteId, rateId: club.guestPriceId, deviceId: cart.deviceId };
    const before = (await dashboardPayments()).pagination.totalItems;

    const member = await attempt({ ...base, rateId: club.memberPriceId });
    expect(member.statusCode).toBe(404);
    expect(member.json()).toMatchObject({ code: 'rateNotFound' });
    const foreign = await attempt({ ...base, success_url: 'https://evil.example.com/x' });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'returnUrl' });
    const booking = await attempt({ ...base, bookingId: crypto.randomUUID() });
    expect(booking.statusCode).toBe(404);
    const invalid = await attempt({ ...base, email: 'not-an-email' });
    expect(invalid.statusCode).toBe(400);

    await cart.disconnect();
    await eventually(async () => !(await cartView(cart)).onlineStatus);
    const offline = await attempt(base);
    expect(offline.statusCode).toBe(409);
    expect(offline.json()).toMatchObject({ code: 'OFFLINE' });
    expect((await dashboardPayments()).pagination.totalItems).toBe(before);
  });

  it('refuses a cart whose paid unlock is still waiting for the cart', async () => {
    const { cart, checkout } = await checkoutAtNewCart();
    cart.ackMode = 'silent';
    expect((await payWith(rt, checkout.id, SANDBOX_CARDS.succeeds)).statusCode).toBe(200);
    await eventually(async () => (await rideOf(checkout.paymentId)) !== undefined, SLOW);
    const second = await attempt({ siteId: club.siteId, rateId: club.guestPriceId, deviceId: cart.deviceId });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'IN_USE' });
  });

  it('refuses a club that has not activated payments', async () => {
    const created = await rt.app.inject({
      method: 'POST',
      url: '/api/admin/sites',
      headers: asUser(superadmin),
      payload: {
        name: 'No Payments GC',
        country: 'Denmark',
        currency: 'DKK',
        centerLatLong: '55, 12',
        timezone: 'Europe/Copenhagen',
      },
    });
    const res = await attempt({
      siteId: created.json<{ _id: string }>()._id,
      rateId: club.guestPriceId,
      deviceId: crypto.randomUUID(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'paymentsNotActive' });
  });
});
