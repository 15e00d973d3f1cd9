import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxCheckoutView, SandboxDashboardView } from '@fairway/domain';
import type { Runtime } from '../../../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../../test/helpers';
import { platformSecret } from '../../platform/platform.service';
import { WebhookSignatureError } from '../payment-provider';
import { sandboxOf } from '../payment-providers';
import { verifyStripeSignedEvent } from '../webhook-signature';
import { newSandboxId } from './sandbox-ids';
import type { SandboxPaymentProvider } from './sandbox-provider';
import { signStripeStyle as stripeSignatureHeader } from '../../../lib/stripe-style-signature';
import {
  cardForm,
  checkoutInput,
  createSandboxAccount,
  startWebhookCapture,
  type ReceivedWebhook,
  type WebhookCapture,
} from './sandbox.test-support';
import {
  sandboxCheckoutSessions as sessions,
  sandboxRefunds as refunds,
  sandboxWebhookDeliveries as deliveries,
} from '../../../db/tables/sandbox';

let rt: Runtime;
/** The origin of the test checkouts' return addresses (checkoutInput). */
const GUEST_ORIGIN = new URL(checkoutInput('acct').successUrl).origin;
let sandbox: SandboxPaymentProvider;
let capture: WebhookCapture;
let siteId: string;
let webhookSecret: string;
/** the demo site's admin: its sandbox account's dashboard is theirs */
let admin: string;

beforeAll(async () => {
  rt = await startTestServer();
  sandbox = sandboxOf(rt.ctx.payments)!;
  capture = await startWebhookCapture();
  // The runtime points the sandbox at the platform's endpoint; these tests look at what it sends instead.
  sandbox.deliverTo(capture.url);
  siteId = (await demoSiteIds(rt)).demo;
  admin = await loginAs(rt, 'admin@example.com');
  webhookSecret = `whsec_${await platformSecret(rt.ctx.db, 'sandbox-webhook-secret')}`;
});
afterAll(async () => {
  await rt.stop();
  await capture.close();
});

const newAccount = (options?: { active?: boolean; businessName?: string }) =>
  createSandboxAccount(rt.ctx.db, siteId, options);
const newCheckout = async (changes: Parameters<typeof checkoutInput>[1] = {}) => {
  const accountId = await newAccount();
  const { sessionId, url } = await sandbox.createCheckout(checkoutInput(accountId, changes));
  return { accountId, sessionId, url };
};
const view = (sessionId: string) => rt.app.inject({ url: `/api/sandbox/checkout/${sessionId}` });
const pay = (sessionId: string, card = cardForm()) =>
  rt.app.inject({ method: 'POST', url: `/api/sandbox/checkout/${sessionId}/pay`, payload: card });
const sessionRow = async (sessionId: string) =>
  (await rt.ctx.db.select().from(sessions).where(eq(sessions.id, sessionId)))[0]!;
const eventsOf = (type: string, objectId: string) =>
  rt.ctx.db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.type, type)))
    .then((rows) =>
      rows.filter((row) => (JSON.parse(row.payload) as ReceivedWebhook['event']).data.object.id === objectId),
    );
const webhookOf = (type: string, objectId: string) =>
  capture.waitFor((webhook) => webhook.event.type === type && webhook.event.data.object.id === objectId);
const paid = async () => {
  const checkout = await newCheckout();
  expect((await pay(checkout.sessionId)).statusCode).toBe(200);
  const session = await sessionRow(checkout.sessionId);
  return { ...checkout, paymentIntentId: session.paymentIntentId!, chargeId: session.chargeId! };
};

describe('sandbox createCheckout', () => {
  it('opens a session on an active account and answers its hosted page', async () => {
    const { sessionId, url } = await newCheckout();
    expect(sessionId).toMatch(/^cs_sbx_[a-f\d]{24}$/);
    // No PUBLIC_URL: the page is where the guest reached the platform, which its return address names.
    expect(url).toBe(`${GUEST_ORIGIN}/sandbox/checkout/${sessionId}`);
    expect(await sessionRow(sessionId)).toMatchObject({
      status: 'open',
      amount: 2500,
      currency: 'GBP',
      applicationFee: 100,
      clientReferenceId: 'payment-ref-1',
      metadata: { paymentId: 'payment-ref-1', siteId: 'site-1' },
      paymentIntentId: null,
    });
  });

  it('is refused for an unknown account or one whose onboarding is not complete', async () => {
    await expect(sandbox.createCheckout(checkoutInput(newSandboxId.account()))).rejects.toThrow(
      /No such account/,
    );
    const inactive = await newAccount({ active: false });
    await expect(sandbox.createCheckout(checkoutInput(inactive))).rejects.toThrow(
      /onboarding is not complete/,
    );
  });
});

describe('sandbox checkout page', () => {
  it('shows the session with the business name', async () => {
    const accountId = await newAccount({ businessName: 'St Sandbox Golf' });
    const { sessionId } = await sandbox.createCheckout(checkoutInput(accountId));
    const res = await view(sessionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SandboxCheckoutView>()).toMatchObject({
      id: sessionId,
      status: 'open',
      businessName: 'St Sandbox Golf',
      productName: 'Cart ride — 18 holes',
      amount: 2500,
      currency: 'GBP',
      customerEmail: 'guest@example.com',
      cancelUrl: 'http://localhost:5173/guest/cancelled',
    });
  });

  it('answers 404 for an unknown checkout and 400 for a malformed id', async () => {
    const unknown = await view(`cs_sbx_${'0'.repeat(24)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Unknown checkout' });
    expect((await view('cs_live_123')).statusCode).toBe(400);
  });

  it('pays with the test card: redirects with the session id, completes it with its fee, reports it', async () => {
    const { sessionId, accountId } = await newCheckout();
    const res = await pay(sessionId, cardForm('4242-4242-4242-4242'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ redirectUrl: `http://localhost:5173/guest/paid?session=${sessionId}` });

    const session = await sessionRow(sessionId);
    expect(session).toMatchObject({ status: 'complete', processingFee: 58, cardLast4: '4242' }); // 37.5 → 38, + 20
    expect(session.paymentIntentId).toMatch(/^pi_sbx_[a-f\d]{24}$/);
    expect(session.chargeId).toMatch(/^ch_sbx_[a-f\d]{24}$/);
    expect(session.completedAt).toBeInstanceOf(Date);
    expect((await view(sessionId)).json()).toMatchObject({ status: 'complete' });

    const webhook = await webhookOf('checkout.session.completed', sessionId);
    // Signed with the sandbox's secret in Stripe's format: the official package accepts it.
    const verified = verifyStripeSignedEvent(
      webhook.raw,
      webhook.headers['stripe-signature'] as string,
      webhookSecret,
    );
    expect(verified).toMatchObject({ type: 'checkout.session.completed', account: accountId });
    expect(webhook.event).toMatchObject({
      id: expect.stringMatching(/^evt_sbx_/),
      object: 'event',
      api_version: expect.any(String),
      created: expect.any(Number),
      account: accountId,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    expect(webhook.event.data.object).toMatchObject({
      id: sessionId,
      object: 'checkout.session',
      amount_total: 2500,
      amount_subtotal: 2500,
      currency: 'gbp',
      client_reference_id: 'payment-ref-1',
      customer_email: 'guest@example.com',
      customer_details: { email: 'guest@example.com', name: 'Alex Guest' },
      metadata: { paymentId: 'payment-ref-1', siteId: 'site-1' },
      mode: 'payment',
      payment_intent: session.paymentIntentId,
      payment_status: 'paid',
      status: 'complete',
      expires_at: Math.floor(session.expiresAt.getTime() / 1000),
      success_url: 'http://localhost:5173/guest/paid?session={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:5173/guest/cancelled',
      url: null,
    });
  });

  it('refuses a declined card with 402, reports the failure, and leaves the session payable', async () => {
    const { sessionId, accountId } = await newCheckout();
    const declined = await pay(sessionId, cardForm('4000 0000 0000 0002'));
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ message: 'Your card was declined.', code: 'cardDeclined' });
    expect((await sessionRow(sessionId)).status).toBe('open');
    expect((await view(sessionId)).json()).toMatchObject({ status: 'open' });

    const failure = await capture.waitFor(
      (webhook) =>
        webhook.event.type === 'payment_intent.payment_failed' && webhook.event.account === accountId,
    );
    const intent = failure.event.data.object;
    expect(intent).toMatchObject({
      id: expect.stringMatching(/^pi_sbx_/),
      object: 'payment_intent',
      amount: 2500,
      currency: 'gbp',
      metadata: { paymentId: 'payment-ref-1', siteId: 'site-1' },
      last_payment_error: { message: 'Your card was declined.', decline_code: 'generic_decline' },
    });

    const retried = await pay(sessionId);
    expect(retried.statusCode, retried.body).toBe(200);
    // One payment intent per session, as with Stripe: the success carries the id the failure reported.
    const completed = await webhookOf('checkout.session.completed', sessionId);
    expect(completed.event.data.object.payment_intent).toBe(intent.id);
  });

  it('refuses an expired card, a card that is not a test card and a malformed number, changing nothing', async () => {
    const { sessionId } = await newCheckout();
    const expired = await pay(sessionId, cardForm('4242 4242 4242 4242', '01/20'));
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: 'Your card has expired.', code: 'cardExpired' });

    const realCard = await pay(sessionId, cardForm('4111 1111 1111 1111'));
    expect(realCard.statusCode).toBe(400);
    expect(realCard.json()).toEqual({
      message: 'This sandbox takes only test cards (4242 4242 4242 4242).',
      code: 'notTestCard',
    });

    expect((await pay(sessionId, cardForm('4242 4242 4242 4241'))).statusCode).toBe(400);
    expect(await sessionRow(sessionId)).toMatchObject({
      status: 'open',
      paymentIntentId: null,
      chargeId: null,
    });
    expect(
      await rt.ctx.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.accountId, (await sessionRow(sessionId)).accountId)),
    ).toEqual([]);
  });

  it('refuses to take a second payment for a paid session', async () => {
    const { sessionId } = await paid();
    const again = await pay(sessionId);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'checkoutClosed' });
  });

  it('lets only one of concurrent payments of one session succeed', async () => {
    const { sessionId } = await newCheckout();
    const answers = await Promise.all(Array.from({ length: 5 }, () => pay(sessionId)));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await eventsOf('checkout.session.completed', sessionId)).toHaveLength(1);
  });

  it('cancels back to the cancel address and leaves the session open', async () => {
    const { sessionId } = await newCheckout();
    const res = await rt.app.inject({ method: 'POST', url: `/api/sandbox/checkout/${sessionId}/cancel` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirectUrl: 'http://localhost:5173/guest/cancelled' });
    expect((await sessionRow(sessionId)).status).toBe('open');
    const unknown = await rt.app.inject({
      method: 'POST',
      url: `/api/sandbox/checkout/cs_sbx_${'0'.repeat(24)}/cancel`,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('sandbox checkout expiry', () => {
  it('expires an open session past its time when it is looked at, and reports it once', async () => {
    const { sessionId } = await newCheckout({ expiresAt: new Date(Date.now() - 1000) });
    expect((await view(sessionId)).json()).toMatchObject({ status: 'expired' });
    expect((await view(sessionId)).json()).toMatchObject({ status: 'expired' });
    const webhook = await webhookOf('checkout.session.expired', sessionId);
    expect(webhook.event.data.object).toMatchObject({
      status: 'expired',
      payment_status: 'unpaid',
      url: null,
    });
    expect(await eventsOf('checkout.session.expired', sessionId)).toHaveLength(1);
    expect((await pay(sessionId)).statusCode).toBe(409);
  });

  it('refuses to pay a session whose time is up, expiring it', async () => {
    const { sessionId } = await newCheckout({ expiresAt: new Date(Date.now() - 1000) });
    const res = await pay(sessionId);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'checkoutClosed' });
    expect((await sessionRow(sessionId)).status).toBe('expired');
    await webhookOf('checkout.session.expired', sessionId);
  });

  it('expireCheckout ends an open session, leaves paid and expired ones alone, refuses unknown ones', async () => {
    const open = await newCheckout();
    await sandbox.expireCheckout(open.accountId, open.sessionId);
    expect((await sessionRow(open.sessionId)).status).toBe('expired');
    await webhookOf('checkout.session.expired', open.sessionId);
    await sandbox.expireCheckout(open.accountId, open.sessionId);
    expect(await eventsOf('checkout.session.expired', open.sessionId)).toHaveLength(1);

    const done = await paid();
    await sandbox.expireCheckout(done.accountId, done.sessionId);
    expect((await sessionRow(done.sessionId)).status).toBe('complete');
    expect(await eventsOf('checkout.session.expired', done.sessionId)).toHaveLength(0);

    await expect(sandbox.expireCheckout(open.accountId, newSandboxId.checkout())).rejects.toThrow(/No such/);
    // Another account's session is unknown to this one, as on Stripe.
    await expect(sandbox.expireCheckout(done.accountId, open.sessionId)).rejects.toThrow(/No such/);
  });

  it('expireDue expires sessions nobody looked at', async () => {
    const { sessionId } = await newCheckout({ expiresAt: new Date(Date.now() - 1000) });
    expect(await sandbox.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await sessionRow(sessionId)).status).toBe('expired');
  });
});

describe('sandbox payments after checkout', () => {
  it('gives the fees and the receipt of a paid payment intent', async () => {
    const { accountId, paymentIntentId, chargeId } = await paid();
    expect(await sandbox.paymentDetails(accountId, paymentIntentId)).toEqual({
      processingFee: 58,
      applicationFee: 100,
      receiptUrl: `${GUEST_ORIGIN}/api/sandbox/receipts/${chargeId}`,
    });
    await expect(sandbox.paymentDetails(await newAccount(), paymentIntentId)).rejects.toThrow(/No such/);
  });

  it('refunds in full once, however often it is asked, and reports the refunded charge', async () => {
    const { accountId, paymentIntentId, chargeId } = await paid();
    const first = await sandbox.refund(accountId, paymentIntentId, 'requested_by_customer');
    const again = await sandbox.refund(accountId, paymentIntentId, 'requested_by_customer');
    expect(first.refundId).toMatch(/^re_sbx_[a-f\d]{24}$/);
    expect(again).toEqual(first);
    const rows = await rt.ctx.db.select().from(refunds).where(eq(refunds.paymentIntentId, paymentIntentId));
    expect(rows).toEqual([
      expect.objectContaining({
        id: first.refundId,
        accountId,
        amount: 2500,
        currency: 'GBP',
        reason: 'requested_by_customer',
      }),
    ]);

    const webhook = await webhookOf('charge.refunded', chargeId);
    expect(webhook.event.account).toBe(accountId);
    expect(webhook.event.data.object).toMatchObject({
      id: chargeId,
      object: 'charge',
      amount: 2500,
      amount_refunded: 2500,
      currency: 'gbp',
      payment_intent: paymentIntentId,
      refunded: true,
      receipt_url: `${GUEST_ORIGIN}/api/sandbox/receipts/${chargeId}`,
      metadata: { paymentId: 'payment-ref-1', siteId: 'site-1' },
    });
    expect(await eventsOf('charge.refunded', chargeId)).toHaveLength(1);
    expect((await rt.app.inject({ url: `/api/sandbox/receipts/${chargeId}` })).body).toContain('Refunded');
  });

  it('refuses to refund what was not paid', async () => {
    const { accountId } = await newCheckout();
    await expect(sandbox.refund(accountId, newSandboxId.paymentIntent(), 'duplicate')).rejects.toThrow(
      /No such/,
    );
  });

  it('serves a receipt page for a charge, and 404 for an unknown one', async () => {
    const { chargeId } = await paid();
    const res = await rt.app.inject({ url: `/api/sandbox/receipts/${chargeId}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain('Sandbox Links Trust');
    expect(res.body).toContain('£25.00');
    expect(res.body).toContain('Card ending in 4242');
    expect(res.body).toContain('Sandbox — no real money');
    expect(res.body).not.toContain('Refunded');
    expect((await rt.app.inject({ url: `/api/sandbox/receipts/ch_sbx_${'0'.repeat(24)}` })).statusCode).toBe(
      404,
    );
  });
});

describe('sandbox account dashboard, balance and payouts', () => {
  /** A charge paid `daysAgo` days ago, written directly: the ledger reads only these rows. */
  const pastCharge = async (accountId: string, daysAgo: number, amount: number) => {
    const paidAt = new Date(Date.now() - daysAgo * 86_400_000);
    await rt.ctx.db.insert(sessions).values({
      id: newSandboxId.checkout(),
      accountId,
      status: 'complete',
      amount,
      currency: 'GBP',
      applicationFee: 100,
      productName: 'Old ride',
      successUrl: 'http://localhost/ok',
      cancelUrl: 'http://localhost/no',
      paymentIntentId: newSandboxId.paymentIntent(),
      chargeId: newSandboxId.charge(),
      processingFee: 35,
      cardLast4: '4242',
      createdAt: paidAt,
      expiresAt: paidAt,
      completedAt: paidAt,
    });
  };

  it('shows balance, payouts and charges newest first', async () => {
    const { accountId, paymentIntentId } = await paid(); // 2500 − 58 − 100 = 2342, pending
    await pastCharge(accountId, 10, 1000); // net 865, paid out long ago
    await sandbox.refund(accountId, paymentIntentId, 'requested_by_customer'); // −(2500 − 100) from available

    const res = await rt.app.inject({
      url: `/api/sandbox/accounts/${accountId}/dashboard`,
      headers: asUser(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    const dashboard = res.json<SandboxDashboardView>();
    expect(dashboard).toMatchObject({ id: accountId, businessName: 'Sandbox Links Trust', active: true });
    expect(dashboard.balance).toEqual({
      available: [{ currency: 'GBP', amount: -2400 }],
      pending: [{ currency: 'GBP', amount: 2342 }],
    });
    expect(dashboard.payouts).toEqual([
      expect.objectContaining({
        amount: 865,
        currency: 'GBP',
        destination: { bank_name: 'Sandbox Bank', last4: '6789' },
      }),
    ]);
    expect(dashboard.charges.map((charge) => [charge.amount, charge.fee, charge.refunded])).toEqual([
      [2500, 58, true],
      [1000, 35, false],
    ]);
    expect(dashboard.charges[0]).toMatchObject({
      applicationFee: 100,
      description: 'Cart 7 at Sandbox Links',
    });

    expect(await sandbox.balance(accountId)).toEqual(dashboard.balance);
    expect(await sandbox.payouts(accountId, 10)).toEqual(dashboard.payouts);
    expect(await sandbox.payouts(accountId, 0)).toEqual([]);
  });

  it('lists at most 50 charges', async () => {
    const accountId = await newAccount();
    for (let day = 0; day < 52; day++) await pastCharge(accountId, 3 + day / 10, 1000 + day);
    const dashboard = (
      await rt.app.inject({ url: `/api/sandbox/accounts/${accountId}/dashboard`, headers: asUser(admin) })
    ).json<SandboxDashboardView>();
    expect(dashboard.charges).toHaveLength(50);
    expect(dashboard.charges[0]!.amount).toBe(1000);
  });

  it("shows a club's account only to that club's admins and superadmins", async () => {
    const accountId = await newAccount();
    const { second } = await demoSiteIds(rt);
    const othersAccount = await createSandboxAccount(rt.ctx.db, second);
    const dashboard = (id: string, token?: string) =>
      rt.app.inject({ url: `/api/sandbox/accounts/${id}/dashboard`, headers: token ? asUser(token) : {} });
    const staff = await loginAs(rt, 'staff@example.com');
    const superadmin = await loginAs(rt, 'superadmin@example.com');

    expect((await dashboard(accountId)).statusCode).toBe(401);
    // Basic staff read the account id in the sites list: it is no key to the club's books.
    expect((await dashboard(accountId, staff)).statusCode).toBe(403);
    expect((await dashboard(othersAccount, admin)).statusCode).toBe(404);
    expect((await dashboard(accountId, admin)).statusCode).toBe(200);
    expect((await dashboard(othersAccount, superadmin)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown account, and links only known accounts', async () => {
    const unknown = newSandboxId.account();
    expect(
      (await rt.app.inject({ url: `/api/sandbox/accounts/${unknown}/dashboard`, headers: asUser(admin) }))
        .statusCode,
    ).toBe(404);
    const operatorAt = 'http://192.168.1.20:3000';
    expect(await sandbox.dashboardLink(unknown, operatorAt)).toBeNull();
    await expect(sandbox.balance(unknown)).rejects.toThrow(/No such account/);
    const accountId = await newAccount();
    // No PUBLIC_URL: the link points where the operator reached the server, not at localhost.
    expect(await sandbox.dashboardLink(accountId, `${operatorAt}/revenue`)).toBe(
      `${operatorAt}/sandbox/dashboard/${accountId}`,
    );
  });
});

describe('sandbox verifyWebhook', () => {
  it('accepts what the sandbox itself sent, and refuses forged, altered, unsigned and old webhooks', async () => {
    const { sessionId } = await paid();
    const webhook = await webhookOf('checkout.session.completed', sessionId);
    const signature = webhook.headers['stripe-signature'] as string;
    expect(sandbox.verifyWebhook(webhook.raw, signature)).toMatchObject({
      type: 'checkout.session.completed',
      data: { object: { id: sessionId } },
    });

    const body = webhook.raw.toString('utf8');
    const refused = (raw: string, header: string | undefined) => () =>
      sandbox.verifyWebhook(Buffer.from(raw), header);
    expect(refused(body, stripeSignatureHeader(body, 'whsec_forged'))).toThrow(WebhookSignatureError);
    expect(refused(body.replace('"amount_total":2500', '"amount_total":1'), signature)).toThrow(
      WebhookSignatureError,
    );
    expect(refused(body, undefined)).toThrow(WebhookSignatureError);
    const old = stripeSignatureHeader(body, webhookSecret, Math.floor(Date.now() / 1000) - 600);
    expect(refused(body, old)).toThrow(WebhookSignatureError);
  });
});
