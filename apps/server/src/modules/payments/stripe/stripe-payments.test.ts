import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { GuestPaymentView, PaymentView, SiteView } from '@fairway/domain';
import type { Runtime } from '../../../runtime';
import { asUser, loginAs, startTestServer } from '../../../../test/helpers';
import { eventually } from '../../../../test/fleet-fixtures';
import { startTestCart, type TestCart } from '../../../../test/test-cart';
import { payments } from '../../../db/tables/payments';
import { createPaymentSite, startCheckout, type PaymentSite } from '../payments.test-support';
import { startStripeFake, type StripeFake } from '../../../../test/stripe-fake/stripe-fake';

const WEBHOOK_SECRET = 'whsec_stripe_payments_test';

let fake: StripeFake;
let rt: Runtime;
let superadmin: string;
let club: PaymentSite;
let cart: TestCart;

/** Stripe's webhook as Stripe sends it: the event JSON, signed with the endpoint's secret. */
function postWebhook(event: Record<string, unknown>) {
  const payload = JSON.stringify({
    object: 'event',
    livemode: false,
    created: Math.floor(Date.now() / 1000),
    ...event,
  });
  const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
  });
  return rt.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

beforeAll(async () => {
  fake = await startStripeFake();
  rt = await startTestServer({
    STRIPE_SECRET_KEY: 'sk_test_fairway',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  });
  superadmin = await loginAs(rt, 'superadmin@example.com');
  // Onboarding on Stripe: the account completes its details there, and Stripe says so with account.updated.
  club = await createPaymentSite(rt, superadmin, `Stripe Links ${Date.now()}`, async (accountId) => {
    fake.state.completeOnboarding(accountId);
    const res = await postWebhook({
      id: `evt_acct_${accountId}`,
      type: 'account.updated',
      account: accountId,
      data: { object: { id: accountId, object: 'account' } },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
  cart = await startTestCart(rt, superadmin, club.siteId);
  await cart.connect();
  await eventually(async () => {
    const res = await rt.app.inject({
      url: `/api/dashboard/devices/${cart.deviceId}`,
      headers: asUser(superadmin, club.siteId),
    });
    return res.json<{ onlineStatus: boolean }>().onlineStatus;
  });
});
afterAll(async () => {
  await cart?.disconnect();
  await rt?.stop();
  await fake?.close();
});

describe('payments with Stripe (the official package against a local fake of its API)', () => {
  it('onboards the club on a connected account and follows account.updated', async () => {
    const site = (
      await rt.app.inject({ url: '/api/dashboard/sites', headers: asUser(superadmin, club.siteId) })
    ).json<SiteView>();
    expect(site.stripeConfig).toMatchObject({ accountId: club.accountId, accountActive: true });
    expect(fake.requests.some((request) => request.path === '/v1/account_links')).toBe(true);
  });

  it('checks out on the connected account with the application fee, and the signed webhook unlocks the cart', async () => {
    const checkout = await startCheckout(rt, {
      siteId: club.siteId,
      rateId: club.guestPriceId,
      deviceId: cart.deviceId,
    });
    const created = fake.requests.find(
      (request) => request.path === '/v1/checkout/sessions' && request.method === 'POST',
    )!;
    expect(created.headers['stripe-account']).toBe(club.accountId);
    expect(created.body).toMatchObject({
      mode: 'payment',
      client_reference_id: checkout.paymentId,
      payment_intent_data: { application_fee_amount: String(Math.round(club.total * 0.02)) },
    });

    fake.state.paySession(checkout.id, { stripeFee: 88 });
    const session = fake.state.find(checkout.id, club.accountId)!;
    const res = await postWebhook({
      id: `evt_cs_${checkout.id}`,
      type: 'checkout.session.completed',
      account: club.accountId,
      data: { object: session },
    });
    expect(res.statusCode, res.body).toBe(200);

    const payment = (
      await rt.app.inject({ url: `/api/guest/payments/${checkout.id}` })
    ).json<GuestPaymentView>();
    expect(payment).toMatchObject({ status: 'succeeded', total: club.total });
    const [row] = await rt.ctx.db.select().from(payments).where(eq(payments.id, checkout.paymentId));
    // Fees as Stripe's balance transaction states them.
    expect(row).toMatchObject({
      provider: 'stripe',
      processingFee: 88,
      applicationFee: Math.round(club.total * 0.02),
    });
    expect(row!.receiptUrl).toMatch(/^https:\/\/pay\.stripe\.com\/receipts\//);
    await eventually(() => cart.commands.some((command) => command.name === 'unlock'), 15_000);

    // An operator refunds it: Stripe is asked once, with the application fee refunded too.
    const refund = await rt.app.inject({
      method: 'POST',
      url: `/api/dashboard/payments/${checkout.paymentId}/refund`,
      headers: asUser(superadmin, club.siteId),
    });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json<PaymentView>()).toMatchObject({
      status: 'cancelled',
      refundReason: 'requestedByOperator',
    });
    const refunds = fake.requests.filter((request) => request.path === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.body).toMatchObject({
      payment_intent: row!.paymentIntentId,
      refund_application_fee: 'true',
    });
  });

  it('reads the balance, payouts and dashboard link of the connected account', async () => {
    fake.state.setBalance(club.accountId, {
      available: [{ amount: 12_000, currency: 'gbp' }],
      pending: [{ amount: 3_000, currency: 'gbp' }],
    });
    const res = await rt.app.inject({
      url: '/api/dashboard/payments/balance',
      headers: asUser(superadmin, club.siteId),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      balance: {
        available: [{ currency: 'GBP', amount: 12_000 }],
        pending: [{ currency: 'GBP', amount: 3_000 }],
      },
    });
    expect(res.json<{ dashboardUrl: string }>().dashboardUrl).toMatch(/^https?:\/\//);
  });

  it('refuses a webhook signed with another secret and changes nothing', async () => {
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'account.updated',
      data: { object: {} },
    });
    const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({
      payload,
      secret: 'whsec_other',
    });
    const res = await rt.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    expect(res.statusCode).toBe(400);
  });

  it('has no sandbox pages when Stripe takes the payments', async () => {
    expect((await rt.app.inject({ url: `/api/sandbox/accounts/${club.accountId}` })).statusCode).toBe(404);
    // Nothing of the sandbox answers: not its dashboard, onboarding, checkout or receipts (issue #15).
    const checkout = `cs_sbx_${'0'.repeat(24)}`;
    for (const [method, url] of [
      ['GET', `/api/sandbox/accounts/${club.accountId}/dashboard`],
      ['POST', `/api/sandbox/accounts/${club.accountId}/complete`],
      ['GET', `/api/sandbox/checkout/${checkout}`],
      ['POST', `/api/sandbox/checkout/${checkout}/pay`],
      ['POST', `/api/sandbox/checkout/${checkout}/cancel`],
      ['GET', '/api/sandbox/receipts/ch_sbx_1'],
    ] as const)
      expect((await rt.app.inject({ method, url, payload: {} })).statusCode, url).toBe(404);
  });
});
