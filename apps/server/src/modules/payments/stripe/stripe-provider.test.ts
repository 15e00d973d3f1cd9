import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookSignatureError, type CheckoutInput } from '../payment-provider';
import {
  startStripeFake,
  type RecordedRequest,
  type StripeFake,
} from '../../../../test/stripe-fake/stripe-fake';
import { StripePaymentProvider } from './stripe-provider';

const SECRET_KEY = 'sk_test_fairway';
const WEBHOOK_SECRET = 'whsec_fairway_test_secret';

let fake: StripeFake;
let provider: StripePaymentProvider;

beforeAll(async () => {
  fake = await startStripeFake();
  provider = new StripePaymentProvider({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    apiUrl: fake.url,
  });
});
afterAll(() => fake.close());

/** What the provider sent to Stripe while `action` ran. */
async function sentDuring<T>(action: () => Promise<T>): Promise<{ result: T; requests: RecordedRequest[] }> {
  const from = fake.requests.length;
  const result = await action();
  return { result, requests: fake.requests.slice(from) };
}

const route = (request: RecordedRequest | undefined) => request && `${request.method} ${request.path}`;

/** A connected account that finished Stripe's onboarding. */
function activeAccount(): string {
  const { id } = fake.state.addAccount({
    dashboard: 'express',
    capabilities: ['card_payments', 'transfers'],
  });
  fake.state.completeOnboarding(id);
  return id;
}

const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000);
const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

let paymentNumber = 0;
const checkoutInput = (accountId: string, overrides: Partial<CheckoutInput> = {}): CheckoutInput => ({
  accountId,
  amount: 4000,
  currency: 'GBP',
  applicationFee: 120,
  productName: 'Cart ride',
  description: 'Cart 7 at Links Trust',
  customerEmail: 'guest@example.com',
  clientReferenceId: `payment-${++paymentNumber}`,
  metadata: { paymentId: `payment-${paymentNumber}`, siteId: 'site-1' },
  successUrl: 'https://fairway.example/pay/done',
  cancelUrl: 'https://fairway.example/pay/cancelled',
  expiresAt: inAnHour(),
  ...overrides,
});

/** A checkout the guest has paid, with Stripe's fee of `stripeFee`. */
async function paidCheckout(accountId: string, input: Partial<CheckoutInput> = {}, stripeFee = 76) {
  const { sessionId } = await provider.createCheckout(checkoutInput(accountId, input));
  return { sessionId, ...fake.state.paySession(sessionId, { stripeFee }) };
}

describe('Stripe provider: connecting a club', () => {
  const links = { returnUrl: 'https://fairway.example/back', refreshUrl: 'https://fairway.example/again' };

  it('creates an Express account for a club without one and links to its onboarding', async () => {
    const { result, requests } = await sentDuring(() =>
      provider.onboardingLink({
        accountId: null,
        siteId: 'site-1',
        businessName: 'Links Trust',
        country: 'United Kingdom',
        ...links,
      }),
    );
    expect(requests.map(route)).toEqual(['POST /v1/accounts', 'POST /v1/account_links']);
    const [create, link] = requests;
    expect(create!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(create!.headers['stripe-account']).toBeUndefined();
    expect(create!.body).toEqual({
      controller: {
        stripe_dashboard: { type: 'express' },
        requirement_collection: 'stripe',
        fees: { payer: 'application' },
        losses: { payments: 'application' },
      },
      country: 'GB',
      business_profile: { name: 'Links Trust' },
      metadata: { siteId: 'site-1' },
      capabilities: { card_payments: { requested: 'true' }, transfers: { requested: 'true' } },
    });
    expect(link!.body).toEqual({
      account: result.accountId,
      refresh_url: links.refreshUrl,
      return_url: links.returnUrl,
      type: 'account_onboarding',
    });
    expect(result.accountId).toMatch(/^acct_/);
    expect(result.url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${result.accountId}/`));
    expect(fake.state.find(result.accountId, null)).toMatchObject({
      controller: { stripe_dashboard: { type: 'express' } },
      business_profile: { name: 'Links Trust' },
      capabilities: { card_payments: 'inactive', transfers: 'inactive' },
    });
  });

  it('leaves the country to Stripe when the site names none it knows', async () => {
    const { requests } = await sentDuring(() =>
      provider.onboardingLink({
        accountId: null,
        siteId: 'site-2',
        businessName: 'Atlantis GC',
        country: 'Atlantis',
        ...links,
      }),
    );
    expect(route(requests[0])).toBe('POST /v1/accounts');
    expect(requests[0]!.body).not.toHaveProperty('country');
  });

  it('continues the onboarding of an account the club already has', async () => {
    const { id } = fake.state.addAccount();
    const { result, requests } = await sentDuring(() =>
      provider.onboardingLink({
        accountId: id,
        siteId: 'site-1',
        businessName: 'Links Trust',
        country: 'GB',
        ...links,
      }),
    );
    expect(requests.map(route)).toEqual(['POST /v1/account_links']);
    expect(result.accountId).toBe(id);
  });

  it('answers whether the account can take payments', async () => {
    const { id } = fake.state.addAccount();
    const { result, requests } = await sentDuring(() => provider.accountActive(id));
    expect(result).toBe(false);
    expect(route(requests[0])).toBe(`GET /v1/accounts/${id}`);
    // Charges alone are not enough while Stripe still waits for the club's details.
    Object.assign(fake.state.find(id, null)!, { charges_enabled: true });
    expect(await provider.accountActive(id)).toBe(false);
    fake.state.completeOnboarding(id);
    expect(await provider.accountActive(id)).toBe(true);
  });

  it('links to the Express dashboard, or to Stripe when there is none to link to', async () => {
    const express = activeAccount();
    const { result, requests } = await sentDuring(() => provider.dashboardLink(express));
    expect(route(requests[0])).toBe(`POST /v1/accounts/${express}/login_links`);
    expect(result).toMatch(/^https:\/\/connect\.stripe\.com\/express\//);

    const standard = fake.state.addAccount({ dashboard: 'full' });
    fake.state.completeOnboarding(standard.id);
    expect(await provider.dashboardLink(standard.id)).toBe('https://dashboard.stripe.com/');
    const unfinished = fake.state.addAccount({ dashboard: 'express' });
    expect(await provider.dashboardLink(unfinished.id)).toBe('https://dashboard.stripe.com/');
  });

  it('fails loudly when Stripe refuses the secret key', async () => {
    const stranger = new StripePaymentProvider({
      secretKey: 'not-a-key',
      webhookSecret: WEBHOOK_SECRET,
      apiUrl: fake.url,
    });
    await expect(stranger.accountActive(activeAccount())).rejects.toBeInstanceOf(
      Stripe.errors.StripeAuthenticationError,
    );
  });
});

describe('Stripe provider: checkout', () => {
  it("opens a hosted checkout on the club's account, with the platform's fee", async () => {
    const accountId = activeAccount();
    const input = checkoutInput(accountId);
    const { result, requests } = await sentDuring(() => provider.createCheckout(input));
    expect(requests.map(route)).toEqual(['POST /v1/checkout/sessions']);
    const [create] = requests;
    expect(create!.headers['stripe-account']).toBe(accountId);
    expect(create!.headers['idempotency-key']).toBe(`checkout-${input.clientReferenceId}`);
    expect(create!.body).toEqual({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: {
            currency: 'gbp',
            unit_amount: '4000',
            product_data: { name: 'Cart ride', description: 'Cart 7 at Links Trust' },
          },
        },
      ],
      customer_email: 'guest@example.com',
      client_reference_id: input.clientReferenceId,
      metadata: input.metadata,
      payment_intent_data: {
        application_fee_amount: '120',
        metadata: input.metadata,
        description: 'Cart 7 at Links Trust',
      },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: String(unixSeconds(input.expiresAt)),
    });
    expect(result.sessionId).toMatch(/^cs_test_/);
    expect(result.url).toBe(`https://checkout.stripe.com/c/pay/${result.sessionId}`);
    expect(fake.state.find(result.sessionId, accountId)).toMatchObject({
      status: 'open',
      amount_total: 4000,
      currency: 'gbp',
      client_reference_id: input.clientReferenceId,
    });
  });

  it('opens one checkout per payment, however often it is asked', async () => {
    const accountId = activeAccount();
    const input = checkoutInput(accountId);
    const first = await provider.createCheckout(input);
    const again = await provider.createCheckout(input);
    expect(again).toEqual(first);
    expect(fake.state.list(accountId, 'checkout.session')).toHaveLength(1);
  });

  it('sends no fee parameter and no empty description when there are none', async () => {
    const accountId = activeAccount();
    const { requests } = await sentDuring(() =>
      provider.createCheckout(checkoutInput(accountId, { applicationFee: 0, description: '' })),
    );
    expect(requests[0]!.body.payment_intent_data).toEqual({ metadata: expect.any(Object) });
    expect(requests[0]!.body.line_items).toEqual([
      {
        quantity: '1',
        price_data: { currency: 'gbp', unit_amount: '4000', product_data: { name: 'Cart ride' } },
      },
    ]);
  });

  it('ends an open checkout on the account it belongs to', async () => {
    const accountId = activeAccount();
    const { sessionId } = await provider.createCheckout(checkoutInput(accountId));
    const { requests } = await sentDuring(() => provider.expireCheckout(accountId, sessionId));
    expect(route(requests[0])).toBe(`POST /v1/checkout/sessions/${sessionId}/expire`);
    expect(requests[0]!.headers['stripe-account']).toBe(accountId);
    expect(fake.state.find(sessionId, accountId)).toMatchObject({ status: 'expired' });
  });

  it('takes a checkout already paid or expired as ended', async () => {
    const accountId = activeAccount();
    const { sessionId: paid } = await paidCheckout(accountId);
    await expect(provider.expireCheckout(accountId, paid)).resolves.toBeUndefined();
    expect(fake.state.find(paid, accountId)).toMatchObject({ status: 'complete' });

    const { sessionId: expired } = await provider.createCheckout(checkoutInput(accountId));
    await provider.expireCheckout(accountId, expired);
    await expect(provider.expireCheckout(accountId, expired)).resolves.toBeUndefined();
  });

  it('fails to end a checkout Stripe does not know on that account', async () => {
    const accountId = activeAccount();
    const unknown = await sentDuring(() =>
      expect(provider.expireCheckout(accountId, 'cs_test_unknown')).rejects.toThrow(
        "No such checkout.session: 'cs_test_unknown'",
      ),
    );
    expect(unknown.requests.map(route)).toEqual(['POST /v1/checkout/sessions/cs_test_unknown/expire']);
    const { sessionId } = await provider.createCheckout(checkoutInput(accountId));
    await expect(provider.expireCheckout(activeAccount(), sessionId)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
    expect(fake.state.find(sessionId, accountId)).toMatchObject({ status: 'open' });
  });
});

describe('Stripe provider: what Stripe refuses reaches the caller', () => {
  it('a checkout that would expire sooner than Stripe allows', async () => {
    const tenMinutes = new Date(Date.now() + 10 * 60 * 1000);
    await expect(
      provider.createCheckout(checkoutInput(activeAccount(), { expiresAt: tenMinutes })),
    ).rejects.toThrow(/expires_at/);
  });

  it('a checkout on an account the platform has no access to', async () => {
    await expect(provider.createCheckout(checkoutInput('acct_not_ours'))).rejects.toBeInstanceOf(
      Stripe.errors.StripePermissionError,
    );
  });

  it('another checkout for the same payment with other terms', async () => {
    const accountId = activeAccount();
    const input = checkoutInput(accountId);
    await provider.createCheckout(input);
    await expect(provider.createCheckout({ ...input, amount: 5000 })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });
});

describe('Stripe provider: paid payments', () => {
  it("reads the fees from the charge's balance transaction, and the receipt", async () => {
    const accountId = activeAccount();
    const { paymentIntentId, chargeId } = await paidCheckout(accountId, { applicationFee: 120 }, 76);
    const { result, requests } = await sentDuring(() => provider.paymentDetails(accountId, paymentIntentId));
    expect(route(requests[0])).toBe(`GET /v1/payment_intents/${paymentIntentId}`);
    expect(requests[0]!.headers['stripe-account']).toBe(accountId);
    expect(requests[0]!.query).toEqual({ expand: ['latest_charge.balance_transaction'] });
    expect(result).toEqual({
      processingFee: 76,
      applicationFee: 120,
      receiptUrl: fake.state.find(chargeId, accountId)!.receipt_url,
    });
    expect(result.receiptUrl).toMatch(/^https:\/\/pay\.stripe\.com\/receipts\//);
  });

  it("gives the fees in the charge's currency when the account settles in another", async () => {
    const accountId = activeAccount();
    const { sessionId } = await provider.createCheckout(
      checkoutInput(accountId, { currency: 'EUR', amount: 4000, applicationFee: 120 }),
    );
    // 4000 EUR cents settle as 3400 GBP pence; Stripe's 65 pence are 76 cents.
    const { paymentIntentId } = fake.state.paySession(sessionId, {
      stripeFee: 65,
      settlement: { currency: 'gbp', exchangeRate: 0.85 },
    });
    expect(await provider.paymentDetails(accountId, paymentIntentId)).toMatchObject({
      processingFee: 76,
      applicationFee: 120,
    });
  });

  it('counts no application fee on a payment without one', async () => {
    const accountId = activeAccount();
    const { paymentIntentId } = await paidCheckout(accountId, { applicationFee: 0 }, 80);
    expect(await provider.paymentDetails(accountId, paymentIntentId)).toMatchObject({
      processingFee: 80,
      applicationFee: 0,
    });
  });

  it('refunds a payment in full with its application fee, once', async () => {
    const accountId = activeAccount();
    const { paymentIntentId, chargeId } = await paidCheckout(accountId);
    const { result, requests } = await sentDuring(() =>
      provider.refund(accountId, paymentIntentId, 'requested_by_customer'),
    );
    expect(route(requests[0])).toBe('POST /v1/refunds');
    expect(requests[0]!.headers['stripe-account']).toBe(accountId);
    expect(requests[0]!.headers['idempotency-key']).toBe(`refund-${paymentIntentId}`);
    expect(requests[0]!.body).toEqual({
      payment_intent: paymentIntentId,
      reason: 'requested_by_customer',
      refund_application_fee: 'true',
    });
    expect(result.refundId).toMatch(/^re_/);
    expect(fake.state.find(result.refundId, accountId)).toMatchObject({ amount: 4000, charge: chargeId });
    expect(fake.state.find(chargeId, accountId)).toMatchObject({ refunded: true, amount_refunded: 4000 });

    // A repeated request (a retry, a double click) answers the same refund rather than an error.
    expect(await provider.refund(accountId, paymentIntentId, 'requested_by_customer')).toEqual(result);
  });
});

describe('Stripe provider: balance and payouts', () => {
  it("reads the account's balance by currency, in upper case", async () => {
    const accountId = activeAccount();
    fake.state.setBalance(accountId, {
      available: [{ amount: 12345, currency: 'gbp' }],
      pending: [
        { amount: 500, currency: 'gbp' },
        { amount: -250, currency: 'eur' },
      ],
    });
    const { result, requests } = await sentDuring(() => provider.balance(accountId));
    expect(route(requests[0])).toBe('GET /v1/balance');
    expect(requests[0]!.headers['stripe-account']).toBe(accountId);
    expect(result).toEqual({
      available: [{ currency: 'GBP', amount: 12345 }],
      pending: [
        { currency: 'GBP', amount: 500 },
        { currency: 'EUR', amount: -250 },
      ],
    });
  });

  it('lists the newest payouts with where they went', async () => {
    const accountId = activeAccount();
    const bank = fake.state.addBankAccount(accountId, { bank_name: 'BARCLAYS BANK PLC', last4: '2345' });
    const card = fake.state.addCard(accountId, { brand: 'Visa', last4: '4242' });
    const day = 86_400;
    const start = 1_760_000_000;
    const paid = fake.state.addPayout(accountId, {
      amount: 98_765,
      currency: 'gbp',
      destination: bank,
      created: start,
      arrival_date: start + 2 * day,
    });
    const withdrawn = fake.state.addPayout(accountId, {
      amount: -1_500,
      currency: 'gbp',
      destination: bank,
      created: start + day,
    });
    const toCard = fake.state.addPayout(accountId, {
      amount: 2_000,
      currency: 'eur',
      destination: card,
      created: start + 2 * day,
    });
    const toGone = fake.state.addPayout(accountId, {
      amount: 300,
      currency: 'gbp',
      destination: 'ba_closed_long_ago',
      created: start + 3 * day,
    });

    const { result, requests } = await sentDuring(() => provider.payouts(accountId, 10));
    expect(route(requests[0])).toBe('GET /v1/payouts');
    expect(requests[0]!.headers['stripe-account']).toBe(accountId);
    expect(requests[0]!.query).toEqual({ limit: '10', expand: ['data.destination'] });
    expect(result).toEqual([
      {
        id: toGone,
        amount: 300,
        currency: 'GBP',
        created: start + 3 * day,
        arrival_date: start + 4 * day,
        destination: { bank_name: null, last4: null },
      },
      {
        id: toCard,
        amount: 2_000,
        currency: 'EUR',
        created: start + 2 * day,
        arrival_date: start + 3 * day,
        destination: { bank_name: 'Visa', last4: '4242' },
      },
      {
        id: withdrawn,
        amount: -1_500,
        currency: 'GBP',
        created: start + day,
        arrival_date: start + 2 * day,
        destination: { bank_name: 'BARCLAYS BANK PLC', last4: '2345' },
      },
      {
        id: paid,
        amount: 98_765,
        currency: 'GBP',
        created: start,
        arrival_date: start + 2 * day,
        destination: { bank_name: 'BARCLAYS BANK PLC', last4: '2345' },
      },
    ]);
    expect((await provider.payouts(accountId, 2)).map((payout) => payout.id)).toEqual([toGone, toCard]);
  });
});

describe('Stripe provider: webhooks', () => {
  const signer = new Stripe('sk_test_signing_only');
  const payload = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'checkout.session.completed',
    account: 'acct_club',
    api_version: '2026-10-28.endive',
    created: 1_760_000_000,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: { id: 'cs_test_1', object: 'checkout.session', payment_status: 'paid' } },
  });
  const sign = (options: { secret?: string; timestamp?: number } = {}) =>
    signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, ...options });

  it('accepts an event Stripe signed with the webhook secret', () => {
    expect(provider.verifyWebhook(Buffer.from(payload), sign())).toEqual({
      id: 'evt_1',
      type: 'checkout.session.completed',
      account: 'acct_club',
      created: 1_760_000_000,
      data: { object: { id: 'cs_test_1', object: 'checkout.session', payment_status: 'paid' } },
    });
  });

  it('refuses a forged, foreign, missing or stale signature', () => {
    const body = Buffer.from(payload);
    const forged = sign().replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`);
    expect(() => provider.verifyWebhook(body, forged)).toThrow(WebhookSignatureError);
    expect(() => provider.verifyWebhook(body, sign({ secret: 'whsec_someone_else' }))).toThrow(
      WebhookSignatureError,
    );
    expect(() => provider.verifyWebhook(body, undefined)).toThrow(WebhookSignatureError);
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 6 * 60;
    expect(() => provider.verifyWebhook(body, sign({ timestamp: sixMinutesAgo }))).toThrow(
      WebhookSignatureError,
    );
    // The body is covered too: the same signature over another body does not hold.
    expect(() => provider.verifyWebhook(Buffer.from(payload.replace('paid', 'unpaid')), sign())).toThrow(
      WebhookSignatureError,
    );
  });
});
