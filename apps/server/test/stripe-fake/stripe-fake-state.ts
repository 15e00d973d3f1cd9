import { randomBytes } from 'node:crypto';

/*
 * What the Stripe fake knows (test support): Stripe's objects as its API reference shapes them, each owned
 * by the platform or by one connected account — as on Stripe, an object on a connected account is found
 * only with that account's `Stripe-Account` header. Tests drive what a person would do on Stripe's pages
 * (finish onboarding, pay a checkout) through the methods at the end.
 */

export type StripeObject = { id: string; object: string } & Record<string, unknown>;
/** `null`: the platform's own account */
export type Owner = string | null;
export interface Funds {
  amount: number;
  /** lower case, as Stripe writes it */
  currency: string;
}

/** An answer in Stripe's error shape: `{ error: { type, message, code?, param? } }` with its status. */
export class StripeFakeError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'idempotency_error' | 'api_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
  get body() {
    return { error: { type: this.type, message: this.message, code: this.code, param: this.param } };
  }
}

/** What a checkout's payment intent will carry once paid (its `payment_intent_data`). */
export interface CheckoutCharge {
  amount: number;
  currency: string;
  applicationFee: number | null;
  description: string | null;
  metadata: Record<string, string>;
}

export interface NewAccount {
  /** the Stripe dashboard the account gets (`controller.stripe_dashboard.type`) */
  dashboard?: 'express' | 'full' | 'none';
  country?: string;
  businessName?: string | null;
  metadata?: Record<string, string>;
  /** requested capabilities; they stay 'inactive' until onboarding is complete */
  capabilities?: string[];
}

export interface Payment {
  /** Stripe's fee, in the settlement currency; by default 1.4 % + 20 */
  stripeFee?: number;
  /** when the account settles in another currency than the charge's: the currency and the rate to it */
  settlement?: { currency: string; exchangeRate: number };
}

/** The controller properties of each legacy account type, named by the dashboard it gets. */
const CONTROLLERS = {
  express: {
    stripe_dashboard: { type: 'express' },
    requirement_collection: 'stripe',
    fees: { payer: 'application' },
    losses: { payments: 'application' },
  },
  full: {
    stripe_dashboard: { type: 'full' },
    requirement_collection: 'stripe',
    fees: { payer: 'account' },
    losses: { payments: 'stripe' },
  },
  none: {
    stripe_dashboard: { type: 'none' },
    requirement_collection: 'application',
    fees: { payer: 'application' },
    losses: { payments: 'application' },
  },
};

export const unixNow = () => Math.floor(Date.now() / 1000);
const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export class StripeFakeState {
  private readonly objects = new Map<string, { owner: Owner; value: StripeObject }>();
  private readonly balances = new Map<Owner, { available: Funds[]; pending: Funds[] }>();
  private readonly checkoutCharges = new Map<string, CheckoutCharge>();

  /** Stores a new object under a fresh id with Stripe's prefix for its kind. */
  add(owner: Owner, prefix: string, fields: Omit<StripeObject, 'id'>): StripeObject {
    const value = { id: randomId(prefix), ...fields } as StripeObject;
    this.objects.set(value.id, { owner, value });
    return value;
  }

  /** The object with this id if the caller may see it. */
  find(id: string, owner: Owner): StripeObject | undefined {
    const stored = this.objects.get(id);
    return stored && stored.owner === owner ? stored.value : undefined;
  }

  /**
   * The object of this kind, else Stripe's "No such …" error: 404 for the object a URL names, 400 for one a
   * parameter names.
   */
  get(id: string, owner: Owner, kind: string, param?: string): StripeObject {
    const value = this.find(id, owner);
    if (value?.object === kind) return value;
    throw new StripeFakeError(
      param ? 400 : 404,
      'invalid_request_error',
      `No such ${kind}: '${id}'`,
      'resource_missing',
      param ?? 'id',
    );
  }

  /** The caller's objects of one kind, newest first. */
  list(owner: Owner, kind: string): StripeObject[] {
    return [...this.objects.values()]
      .filter((stored) => stored.owner === owner && stored.value.object === kind)
      .map((stored) => stored.value)
      .sort((a, b) => Number(b.created) - Number(a.created));
  }

  balanceOf(owner: Owner): { available: Funds[]; pending: Funds[] } {
    return this.balances.get(owner) ?? { available: [], pending: [] };
  }

  rememberCheckoutCharge(sessionId: string, charge: CheckoutCharge): void {
    this.checkoutCharges.set(sessionId, charge);
  }

  /* ─────────────── What tests do in place of people on Stripe's pages ─────────────── */

  /** A connected account of the platform, as `POST /v1/accounts` creates one. */
  addAccount(account: NewAccount = {}): StripeObject {
    const dashboard = account.dashboard ?? 'express';
    return this.add(null, 'acct', {
      object: 'account',
      type: dashboard === 'express' ? 'express' : dashboard === 'full' ? 'standard' : 'custom',
      controller: { type: 'application', is_controller: true, ...CONTROLLERS[dashboard] },
      business_profile: { name: account.businessName ?? null, url: null, mcc: null, support_email: null },
      business_type: null,
      capabilities: Object.fromEntries((account.capabilities ?? []).map((name) => [name, 'inactive'])),
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      country: account.country ?? 'US',
      default_currency: null,
      email: null,
      metadata: account.metadata ?? {},
      created: unixNow(),
    });
  }

  /** The club filled in Stripe's onboarding and Stripe verified it: the account can take payments. */
  completeOnboarding(accountId: string): StripeObject {
    const account = this.get(accountId, null, 'account');
    const capabilities = account.capabilities as Record<string, string>;
    for (const name of Object.keys(capabilities)) capabilities[name] = 'active';
    return Object.assign(account, { charges_enabled: true, payouts_enabled: true, details_submitted: true });
  }

  /**
   * The guest paid an open checkout by card: its payment intent, charge and balance transaction appear on
   * the account, with Stripe's fee and the platform's application fee in the transaction's `fee_details`.
   */
  paySession(sessionId: string, payment: Payment = {}): { paymentIntentId: string; chargeId: string } {
    const stored = this.objects.get(sessionId);
    const charge = this.checkoutCharges.get(sessionId);
    if (!stored || !charge || stored.value.status !== 'open')
      throw new Error(`Checkout session ${sessionId} is not open`);
    const { owner, value: session } = stored;
    const rate = payment.settlement?.exchangeRate ?? 1;
    const settledIn = payment.settlement?.currency ?? charge.currency;
    const settled = Math.round(charge.amount * rate);
    const stripeFee = payment.stripeFee ?? Math.round(settled * 0.014) + 20;
    const applicationFee = Math.round((charge.applicationFee ?? 0) * rate);
    const created = unixNow();
    const feeDetails = feeDetailsOf(stripeFee, applicationFee, settledIn);
    const transaction = this.add(owner, 'txn', {
      object: 'balance_transaction',
      amount: settled,
      currency: settledIn,
      exchange_rate: payment.settlement ? rate : null,
      fee: stripeFee + applicationFee,
      fee_details: feeDetails,
      net: settled - stripeFee - applicationFee,
      status: 'pending',
      type: 'charge',
      reporting_category: 'charge',
      created,
      available_on: created + 2 * 86_400,
    });
    const intentId = randomId('pi');
    const chargeObject = this.add(owner, 'ch', {
      object: 'charge',
      amount: charge.amount,
      amount_captured: charge.amount,
      amount_refunded: 0,
      application_fee_amount: charge.applicationFee,
      balance_transaction: transaction.id,
      currency: charge.currency,
      description: charge.description,
      metadata: charge.metadata,
      paid: true,
      payment_intent: intentId,
      receipt_url: `https://pay.stripe.com/receipts/payment/${randomBytes(16).toString('hex')}`,
      refunded: false,
      status: 'succeeded',
      created,
      livemode: false,
    });
    transaction.source = chargeObject.id;
    const intent: StripeObject = {
      id: intentId,
      object: 'payment_intent',
      amount: charge.amount,
      amount_received: charge.amount,
      application_fee_amount: charge.applicationFee,
      currency: charge.currency,
      description: charge.description,
      latest_charge: chargeObject.id,
      metadata: charge.metadata,
      status: 'succeeded',
      created,
      livemode: false,
    };
    this.objects.set(intentId, { owner, value: intent });
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: intentId,
      url: null,
    });
    return { paymentIntentId: intentId, chargeId: chargeObject.id };
  }

  /** A bank account the connected account is paid out to. */
  addBankAccount(
    accountId: string,
    bank: { bank_name: string | null; last4: string; currency?: string },
  ): string {
    return this.add(accountId, 'ba', {
      object: 'bank_account',
      account: accountId,
      account_holder_name: null,
      account_holder_type: null,
      bank_name: bank.bank_name,
      country: 'GB',
      currency: bank.currency ?? 'gbp',
      default_for_currency: true,
      last4: bank.last4,
      status: 'new',
    }).id;
  }

  /** A debit card the connected account is paid out to. */
  addCard(accountId: string, card: { brand: string; last4: string; currency?: string }): string {
    return this.add(accountId, 'card', {
      object: 'card',
      account: accountId,
      brand: card.brand,
      country: 'GB',
      currency: card.currency ?? 'gbp',
      default_for_currency: false,
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 3,
      funding: 'debit',
      last4: card.last4,
    }).id;
  }

  /** A payout of the account; a negative amount is money Stripe took back from the bank account. */
  addPayout(
    accountId: string,
    payout: {
      amount: number;
      currency: string;
      destination: string | null;
      created?: number;
      arrival_date?: number;
    },
  ): string {
    const created = payout.created ?? unixNow();
    return this.add(accountId, 'po', {
      object: 'payout',
      amount: payout.amount,
      arrival_date: payout.arrival_date ?? created + 86_400,
      automatic: true,
      balance_transaction: null,
      created,
      currency: payout.currency,
      description: 'STRIPE PAYOUT',
      destination: payout.destination,
      failure_code: null,
      livemode: false,
      metadata: {},
      method: 'standard',
      statement_descriptor: null,
      status: 'paid',
      type: payout.destination?.startsWith('card_') ? 'card' : 'bank_account',
    }).id;
  }

  /** What `GET /v1/balance` answers for the account. */
  setBalance(accountId: string, balance: { available: Funds[]; pending: Funds[] }): void {
    this.balances.set(accountId, balance);
  }
}

/** A charge's fees as its balance transaction itemises them, in the currency it settled in. */
function feeDetailsOf(stripeFee: number, applicationFee: number, currency: string) {
  const stripe = {
    amount: stripeFee,
    application: null,
    currency,
    description: 'Stripe processing fees',
    type: 'stripe_fee',
  };
  const platform = {
    amount: applicationFee,
    application: 'ca_fairway',
    currency,
    description: 'Application fee',
    type: 'application_fee',
  };
  return applicationFee > 0 ? [stripe, platform] : [stripe];
}
