import type { CurrencyAmount, PayoutView } from '@fairway/domain';

/**
 * The card payment provider behind one interface (spec §7 External, GUIDE §1): Stripe Connect when
 * `STRIPE_SECRET_KEY` is set, else the local sandbox that plays its part. Clubs are connected accounts;
 * guests pay on the provider's hosted checkout, on the club's account (direct charges), with the
 * platform's application fee. The provider tells the platform what happened through signed webhooks in
 * Stripe's event format, which both implementations send to the same endpoint.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'sandbox';
  /**
   * Creates the club's connected account when it has none (`accountId` null) and answers the address of
   * the provider's hosted onboarding for it, which sends the browser back to `returnUrl` when done and to
   * `refreshUrl` when the link has expired.
   */
  onboardingLink(input: OnboardingInput): Promise<{ accountId: string; url: string }>;
  /** Whether the account can take card payments (onboarding complete, charges enabled). */
  accountActive(accountId: string): Promise<boolean>;
  /**
   * The provider's dashboard for the club's account (Stripe Express login link), or null if none.
   * `appUrl`: where the operator reached this server (the sandbox's dashboard is one of its pages).
   */
  dashboardLink(accountId: string, appUrl: string): Promise<string | null>;
  /** A hosted checkout for one payment on the club's account. */
  createCheckout(input: CheckoutInput): Promise<{ sessionId: string; url: string }>;
  /** Ends an unpaid checkout so it can no longer be paid (the guest went away, the cart is gone). */
  expireCheckout(accountId: string, sessionId: string): Promise<void>;
  /**
   * Checks a webhook's signature over the raw body and parses it. Throws `WebhookSignatureError` when the
   * signature is missing, wrong or too old: such a request must change nothing.
   */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
  /** Fees and receipt of a paid payment intent, read from its charge and balance transaction. */
  paymentDetails(accountId: string, paymentIntentId: string): Promise<PaymentDetails>;
  /** Refunds a paid payment intent in full (the application fee is refunded with it). */
  refund(
    accountId: string,
    paymentIntentId: string,
    reason: ProviderRefundReason,
  ): Promise<{ refundId: string }>;
  /** The account's balance by currency. */
  balance(accountId: string): Promise<{ available: CurrencyAmount[]; pending: CurrencyAmount[] }>;
  /** The account's most recent payouts, newest first. */
  payouts(accountId: string, limit: number): Promise<PayoutView[]>;
}

export interface OnboardingInput {
  accountId: string | null;
  siteId: string;
  businessName: string;
  /** the club's country as the site records it */
  country: string;
  returnUrl: string;
  refreshUrl: string;
}

export interface CheckoutInput {
  accountId: string;
  /** minor units, > 0 */
  amount: number;
  /** ISO 4217, upper case as the site stores it */
  currency: string;
  /** the platform's share, minor units */
  applicationFee: number;
  productName: string;
  description: string;
  customerEmail: string;
  /** our payment id, echoed back as the session's client_reference_id */
  clientReferenceId: string;
  /** echoed back on the session and its payment intent */
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  /** when the session expires unpaid (Stripe allows 30 minutes to 24 hours) */
  expiresAt: Date;
}

/** A verified webhook event, as Stripe shapes it: `data.object` is the object the event is about. */
export interface ProviderEvent {
  id: string;
  type: string;
  /** the connected account the event happened on (Connect events), else null */
  account: string | null;
  /** unix seconds */
  created: number;
  data: { object: Record<string, unknown> };
}

export interface PaymentDetails {
  /** the provider's own fee, minor units */
  processingFee: number;
  /** the platform's fee actually taken, minor units */
  applicationFee: number;
  receiptUrl: string | null;
}

export type ProviderRefundReason = 'requested_by_customer' | 'duplicate' | 'fraudulent';

/** A webhook whose signature does not hold: answered 400, nothing stored. */
export class WebhookSignatureError extends Error {}
