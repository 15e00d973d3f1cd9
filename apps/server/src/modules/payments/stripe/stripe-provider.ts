import Stripe from 'stripe';
import type { CurrencyAmount, PayoutView } from '@fairway/domain';
import type {
  CheckoutInput,
  OnboardingInput,
  PaymentDetails,
  PaymentProvider,
  ProviderEvent,
  ProviderRefundReason,
} from '../payment-provider';
import { verifyStripeSignedEvent } from '../webhook-signature';
import { isoCountryCode } from './country-code';
import { currencyAmounts, payoutViewOf, paymentDetailsOf } from './stripe-views';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** another API address (a local fake in tests) */
  apiUrl?: string;
}

/** A guest waits on these calls at checkout: better a clear failure than a hanging page (spec §9). */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * Where a club signs in to Stripe when there is no Express dashboard to link to (a Standard account, or
 * onboarding not finished).
 */
const STRIPE_DASHBOARD = 'https://dashboard.stripe.com/';

/**
 * What `type: 'express'` meant, said the way Stripe now asks for it: Stripe collects the club's details
 * and the club gets the Express dashboard, the platform pays Stripe's account fees and bears losses.
 */
const EXPRESS_CONTROLLER: Stripe.AccountCreateParams.Controller = {
  stripe_dashboard: { type: 'express' },
  requirement_collection: 'stripe',
  fees: { payer: 'application' },
  losses: { payments: 'application' },
};

/**
 * Stripe Connect through the official `stripe` package. Each club is an Express connected account; guests
 * pay by direct charges on the club's account (every call about its money carries `stripeAccount`), and the
 * platform takes its application fee from each charge.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: REQUEST_TIMEOUT_MS,
      ...(options.apiUrl && apiAddress(options.apiUrl)),
    });
  }

  async onboardingLink(input: OnboardingInput): Promise<{ accountId: string; url: string }> {
    const accountId = input.accountId ?? (await this.createAccount(input));
    const link = await this.stripe.accountLinks.create({
      account: accountId,
      refresh_url: input.refreshUrl,
      return_url: input.returnUrl,
      type: 'account_onboarding',
    });
    return { accountId, url: link.url };
  }

  private async createAccount(input: OnboardingInput): Promise<string> {
    const country = isoCountryCode(input.country);
    const account = await this.stripe.accounts.create({
      controller: EXPRESS_CONTROLLER,
      ...(country && { country }),
      business_profile: { name: input.businessName },
      metadata: { siteId: input.siteId },
      capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
    });
    return account.id;
  }

  async accountActive(accountId: string): Promise<boolean> {
    const account = await this.stripe.accounts.retrieve(accountId);
    return account.charges_enabled && account.details_submitted;
  }

  async dashboardLink(accountId: string): Promise<string | null> {
    try {
      return (await this.stripe.accounts.createLoginLink(accountId)).url;
    } catch (error) {
      // Login links exist only for Express accounts that finished onboarding; the others sign in to Stripe.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return STRIPE_DASHBOARD;
      throw error;
    }
  }

  async createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }> {
    // Stripe takes an empty string as "unset", which create calls refuse: an empty text is left out.
    const description = input.description || undefined;
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amount,
              product_data: { name: input.productName, description },
            },
          },
        ],
        customer_email: input.customerEmail,
        client_reference_id: input.clientReferenceId,
        metadata: input.metadata,
        payment_intent_data: {
          application_fee_amount: input.applicationFee > 0 ? input.applicationFee : undefined,
          metadata: input.metadata,
          description,
        },
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        expires_at: unixSeconds(input.expiresAt),
      },
      // A retried request for the same payment must not open a second checkout.
      { stripeAccount: input.accountId, idempotencyKey: `checkout-${input.clientReferenceId}` },
    );
    if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a page`);
    return { sessionId: session.id, url: session.url };
  }

  async expireCheckout(accountId: string, sessionId: string): Promise<void> {
    const onAccount = { stripeAccount: accountId };
    try {
      await this.stripe.checkout.sessions.expire(sessionId, {}, onAccount);
    } catch (error) {
      // Stripe refuses to expire a session that is no longer open; one paid or expired meanwhile is ended
      // already. Its answer names no code for that, so the session itself says whether it is the case.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode === 404)
        throw error;
      const session = await this.stripe.checkout.sessions.retrieve(sessionId, {}, onAccount);
      if (session.status === 'open') throw error;
    }
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent {
    return verifyStripeSignedEvent(rawBody, signature, this.options.webhookSecret);
  }

  async paymentDetails(accountId: string, paymentIntentId: string): Promise<PaymentDetails> {
    const intent = await this.stripe.paymentIntents.retrieve(
      paymentIntentId,
      { expand: ['latest_charge.balance_transaction'] },
      { stripeAccount: accountId },
    );
    return paymentDetailsOf(intent);
  }

  async refund(
    accountId: string,
    paymentIntentId: string,
    reason: ProviderRefundReason,
  ): Promise<{ refundId: string }> {
    const refund = await this.stripe.refunds.create(
      { payment_intent: paymentIntentId, reason, refund_application_fee: true },
      // Payments are refunded in full, once: a repeated request answers the first refund.
      { stripeAccount: accountId, idempotencyKey: `refund-${paymentIntentId}` },
    );
    return { refundId: refund.id };
  }

  async balance(accountId: string): Promise<{ available: CurrencyAmount[]; pending: CurrencyAmount[] }> {
    const balance = await this.stripe.balance.retrieve({}, { stripeAccount: accountId });
    return { available: currencyAmounts(balance.available), pending: currencyAmounts(balance.pending) };
  }

  async payouts(accountId: string, limit: number): Promise<PayoutView[]> {
    const payouts = await this.stripe.payouts.list(
      { limit: Math.min(Math.max(limit, 1), MAX_LIST_LIMIT), expand: ['data.destination'] },
      { stripeAccount: accountId },
    );
    return payouts.data.map(payoutViewOf);
  }
}

/** Stripe's list endpoints answer at most this many objects a page. */
const MAX_LIST_LIMIT = 100;

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The client's host, port and protocol for another API address; Stripe's client takes no base URL. */
function apiAddress(apiUrl: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}
