import { randomBytes } from 'node:crypto';
import { formField, type FormObject, type FormValue } from './stripe-fake-form';
import {
  StripeFakeError,
  unixNow,
  type Owner,
  type StripeFakeState,
  type StripeObject,
} from './stripe-fake-state';

/*
 * The endpoints of Stripe's API the payment provider calls, answered by the fake (test support). Each
 * checks its parameters as Stripe documents them, so a request Stripe would refuse fails here too.
 */

export interface FakeCall {
  /** the URL's captured ids */
  ids: string[];
  /** a GET's parameters come in the query, a POST's in the body */
  params: FormObject;
  /** the `Stripe-Account` header: whose objects the call is about */
  account: Owner;
}

export interface FakeRoute {
  method: 'GET' | 'POST';
  path: RegExp;
  handle: (call: FakeCall, state: StripeFakeState) => object;
}

const retrieve =
  (kind: string) =>
  ({ ids: [id], account }: FakeCall, state: StripeFakeState) =>
    state.get(id!, account, kind);

export const ROUTES: FakeRoute[] = [
  { method: 'POST', path: /^\/v1\/accounts$/, handle: createAccount },
  {
    method: 'GET',
    path: /^\/v1\/accounts\/([^/]+)$/,
    handle: ({ ids: [id] }, state) => state.get(id!, null, 'account'),
  },
  { method: 'POST', path: /^\/v1\/accounts\/([^/]+)\/login_links$/, handle: createLoginLink },
  { method: 'POST', path: /^\/v1\/account_links$/, handle: createAccountLink },
  { method: 'POST', path: /^\/v1\/checkout\/sessions$/, handle: createCheckoutSession },
  { method: 'GET', path: /^\/v1\/checkout\/sessions\/([^/]+)$/, handle: retrieve('checkout.session') },
  { method: 'POST', path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, handle: expireCheckoutSession },
  { method: 'GET', path: /^\/v1\/payment_intents\/([^/]+)$/, handle: retrieve('payment_intent') },
  { method: 'GET', path: /^\/v1\/charges\/([^/]+)$/, handle: retrieve('charge') },
  { method: 'GET', path: /^\/v1\/balance_transactions\/([^/]+)$/, handle: retrieve('balance_transaction') },
  { method: 'POST', path: /^\/v1\/refunds$/, handle: createRefund },
  { method: 'GET', path: /^\/v1\/refunds\/([^/]+)$/, handle: retrieve('refund') },
  { method: 'GET', path: /^\/v1\/balance$/, handle: retrieveBalance },
  { method: 'GET', path: /^\/v1\/payouts$/, handle: listPayouts },
  { method: 'GET', path: /^\/v1\/payouts\/([^/]+)$/, handle: retrieve('payout') },
];

/* ─────────────── Connect: accounts, onboarding, dashboard ─────────────── */

/** Legacy `type`s by the dashboard their accounts get; without either, Stripe makes a Standard account. */
const DASHBOARD_OF_TYPE = { express: 'express', standard: 'full', custom: 'none' } as const;

function createAccount({ params: body }: FakeCall, state: StripeFakeState): StripeObject {
  const dashboard =
    oneOf(body, 'controller.stripe_dashboard.type', ['express', 'full', 'none']) ??
    DASHBOARD_OF_TYPE[oneOf(body, 'type', ['express', 'standard', 'custom']) ?? 'standard'];
  const country = text(body, 'country');
  if (country !== undefined && !/^[A-Z]{2}$/.test(country))
    throw invalid(
      `Country '${country}' is unknown. Try using a 2-character alphanumeric country code instead, such as 'US', 'EG', or 'GB'.`,
      'country',
    );
  const capabilities = Object.entries(objectField(body, 'capabilities'))
    .filter(([, capability]) => formField(capability, 'requested') === 'true')
    .map(([name]) => name);
  return state.addAccount({
    dashboard,
    country,
    businessName: text(body, 'business_profile.name') ?? null,
    metadata: metadata(body, 'metadata'),
    capabilities,
  });
}

function createAccountLink({ params: body }: FakeCall, state: StripeFakeState): object {
  const account = text(body, 'account', true)!;
  state.get(account, null, 'account', 'account');
  oneOf(body, 'type', ['account_onboarding', 'account_update'], true);
  text(body, 'refresh_url', true);
  text(body, 'return_url', true);
  const created = unixNow();
  return {
    object: 'account_link',
    created,
    expires_at: created + 300,
    url: `https://connect.stripe.com/setup/e/${account}/${randomBytes(9).toString('base64url')}`,
  };
}

function createLoginLink({ ids: [id] }: FakeCall, state: StripeFakeState): object {
  const account = state.get(id!, null, 'account');
  if (formField(account.controller as FormValue, 'stripe_dashboard.type') !== 'express')
    throw invalid('Cannot create a login link for an account that is not an Express account.');
  if (!account.details_submitted)
    throw invalid('Cannot create a login link for an account that has not completed onboarding.');
  return {
    object: 'login_link',
    created: unixNow(),
    url: `https://connect.stripe.com/express/${randomBytes(9).toString('base64url')}`,
  };
}

/* ─────────────── Checkout ─────────────── */

/** How long an unpaid checkout may stay open; a little slack for the time the request took to arrive. */
const SESSION_LIFETIME = { min: 30 * 60 - 60, max: 24 * 3600 };

function createCheckoutSession({ params: body, account }: FakeCall, state: StripeFakeState): StripeObject {
  if (oneOf(body, 'mode', ['payment', 'setup', 'subscription'], true) !== 'payment')
    throw invalid('The Stripe fake answers payment mode only.', 'mode');
  const items = formField(body, 'line_items');
  if (!Array.isArray(items) || items.length === 0)
    throw invalid('Missing required param: line_items.', 'line_items', 'parameter_missing');
  let currency = '';
  let amount = 0;
  items.forEach((_, index) => {
    const at = `line_items.${index}`;
    const quantity = integer(body, `${at}.quantity`, { required: true, min: 1 })!;
    const unitAmount = integer(body, `${at}.price_data.unit_amount`, { required: true, min: 0 })!;
    text(body, `${at}.price_data.product_data.name`, true);
    const itemCurrency = text(body, `${at}.price_data.currency`, true)!.toLowerCase();
    if (currency && itemCurrency !== currency)
      throw invalid('All line items must be in the same currency.', paramName(`${at}.price_data.currency`));
    currency = itemCurrency;
    amount += quantity * unitAmount;
  });
  const created = unixNow();
  const expiresAt = integer(body, 'expires_at', { min: 0 }) ?? created + SESSION_LIFETIME.max;
  if (expiresAt < created + SESSION_LIFETIME.min || expiresAt > created + SESSION_LIFETIME.max)
    throw invalid(
      'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.',
      'expires_at',
    );
  const applicationFee = integer(body, 'payment_intent_data.application_fee_amount', { min: 0 }) ?? null;
  if (applicationFee !== null && account === null)
    throw invalid(
      'Can only apply an application_fee_amount when the PaymentIntent is attempting a direct payment (using an OAuth key or Stripe-Account header) or destination payment (using `transfer_data[destination]`).',
      'payment_intent_data[application_fee_amount]',
    );
  if (applicationFee !== null && applicationFee > amount)
    throw invalid(
      'The application fee cannot be greater than the amount of the payment.',
      'payment_intent_data[application_fee_amount]',
    );
  const session = state.add(account, 'cs_test', {
    object: 'checkout.session',
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: text(body, 'cancel_url') ?? null,
    client_reference_id: text(body, 'client_reference_id') ?? null,
    created,
    currency,
    customer: null,
    customer_details: null,
    customer_email: text(body, 'customer_email') ?? null,
    expires_at: expiresAt,
    livemode: false,
    metadata: metadata(body, 'metadata'),
    mode: 'payment',
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    success_url: text(body, 'success_url') ?? null,
    ui_mode: 'hosted',
  });
  session.url = `https://checkout.stripe.com/c/pay/${session.id}`;
  state.rememberCheckoutCharge(session.id, {
    amount,
    currency,
    applicationFee,
    description: text(body, 'payment_intent_data.description') ?? null,
    metadata: metadata(body, 'payment_intent_data.metadata'),
  });
  return session;
}

function expireCheckoutSession({ ids: [id], account }: FakeCall, state: StripeFakeState): StripeObject {
  const session = state.get(id!, account, 'checkout.session');
  if (session.status !== 'open')
    throw invalid('Only Checkout Sessions with a status in ["open"] can be expired.');
  return Object.assign(session, { status: 'expired', url: null });
}

/* ─────────────── Refunds, balance, payouts ─────────────── */

function createRefund({ params: body, account }: FakeCall, state: StripeFakeState): StripeObject {
  const intentId = text(body, 'payment_intent');
  const chargeId = text(body, 'charge');
  if (!intentId && !chargeId)
    throw invalid(
      'One of the following params should be provided for this request: payment_intent or charge.',
    );
  const intent = intentId ? state.get(intentId, account, 'payment_intent', 'payment_intent') : null;
  if (intent && !intent.latest_charge)
    throw invalid(
      `PaymentIntent ${intent.id} does not have a successful charge to refund.`,
      'payment_intent',
    );
  const charge = state.get(chargeId ?? String(intent!.latest_charge), account, 'charge', 'charge');
  const reason = oneOf(body, 'reason', ['duplicate', 'fraudulent', 'requested_by_customer']);
  const remaining = Number(charge.amount) - Number(charge.amount_refunded);
  if (remaining <= 0)
    throw invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
  const amount = integer(body, 'amount', { min: 1 }) ?? remaining;
  if (amount > remaining)
    throw invalid(
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
      'amount',
    );
  charge.amount_refunded = Number(charge.amount_refunded) + amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  return state.add(account, 're', {
    object: 'refund',
    amount,
    charge: charge.id,
    created: unixNow(),
    currency: charge.currency,
    metadata: metadata(body, 'metadata'),
    payment_intent: charge.payment_intent,
    reason: reason ?? null,
    status: 'succeeded',
  });
}

function retrieveBalance({ account }: FakeCall, state: StripeFakeState): object {
  const { available, pending } = state.balanceOf(account);
  const withSources = (funds: typeof available) =>
    funds.map((fund) => ({ ...fund, source_types: { card: fund.amount } }));
  return {
    object: 'balance',
    available: withSources(available),
    pending: withSources(pending),
    livemode: false,
  };
}

function listPayouts({ params: query, account }: FakeCall, state: StripeFakeState): object {
  const limit = integer(query, 'limit', { min: 1 }) ?? 10;
  if (limit > 100)
    throw invalid('This value must be less than or equal to 100.', 'limit', 'parameter_invalid_integer');
  const payouts = state.list(account, 'payout');
  return {
    object: 'list',
    data: payouts.slice(0, limit),
    has_more: payouts.length > limit,
    url: '/v1/payouts',
  };
}

/* ─────────────── Parameters, checked as Stripe checks them ─────────────── */

const invalid = (message: string, param?: string, code?: string) =>
  new StripeFakeError(400, 'invalid_request_error', message, code, param);

/** Stripe names a parameter in bracket notation: `line_items[0][quantity]`. */
const paramName = (path: string) => path.replace(/\.([^.]+)/g, '[$1]');

function text(form: FormObject, path: string, required = false): string | undefined {
  const value = formField(form, path);
  if (value === undefined) {
    if (!required) return undefined;
    throw invalid(`Missing required param: ${paramName(path)}.`, paramName(path), 'parameter_missing');
  }
  if (typeof value !== 'string') throw invalid(`Invalid string: ${paramName(path)}`, paramName(path));
  return value;
}

function integer(
  form: FormObject,
  path: string,
  rule: { required?: boolean; min: number },
): number | undefined {
  const value = text(form, path, rule.required);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value) || Number(value) < rule.min)
    throw invalid(`Invalid integer: ${value}`, paramName(path), 'parameter_invalid_integer');
  return Number(value);
}

function oneOf<T extends string>(
  form: FormObject,
  path: string,
  allowed: readonly T[],
  required = false,
): T | undefined {
  const value = text(form, path, required);
  if (value === undefined || (allowed as readonly string[]).includes(value)) return value as T | undefined;
  throw invalid(`Invalid ${paramName(path)}: must be one of ${allowed.join(', ')}`, paramName(path));
}

function objectField(form: FormObject, path: string): Record<string, FormValue> {
  const value = formField(form, path);
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

/** Metadata as Stripe keeps it: string values, a key sent empty being no key. */
function metadata(form: FormObject, path: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(objectField(form, path)).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );
}
