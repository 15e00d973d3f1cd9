import Stripe from 'stripe';
import { newSandboxId } from './sandbox-ids';
import type { sandboxCheckoutSessions } from '../../../db/tables/sandbox';

export type SandboxSession = typeof sandboxCheckoutSessions.$inferSelect;

/** The events the sandbox sends: the ones the platform listens to from Stripe. */
export type SandboxEventType =
  | 'checkout.session.completed'
  | 'checkout.session.expired'
  | 'payment_intent.payment_failed'
  | 'charge.refunded';

/** A webhook event as Stripe sends it for a connected account. */
export interface StripeShapedEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: SandboxEventType;
  account: string;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: Record<string, unknown> };
}

/*
 * The objects below are shaped as Stripe's (same names, units and nulls) so the platform's webhook handler
 * reads sandbox and Stripe events alike; fields the platform has no use for are left out.
 */

const unixSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function sandboxEvent(
  type: SandboxEventType,
  accountId: string,
  object: Record<string, unknown>,
  now = new Date(),
): StripeShapedEvent {
  return {
    id: newSandboxId.event(),
    object: 'event',
    // The version of the official package the platform verifies and reads events with.
    api_version: Stripe.API_VERSION,
    created: unixSeconds(now),
    type,
    account: accountId,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/**
 * A checkout session. `customer_details` is what the guest entered on the page, known once paid; the
 * page's `url` exists while the session can be paid.
 */
export function checkoutSessionObject(
  session: SandboxSession,
  pageUrl: string,
  customerName: string | null = null,
): Record<string, unknown> {
  const paid = session.status === 'complete';
  return {
    id: session.id,
    object: 'checkout.session',
    amount_subtotal: session.amount,
    amount_total: session.amount,
    currency: session.currency.toLowerCase(),
    client_reference_id: session.clientReferenceId,
    customer_email: session.customerEmail,
    customer_details: paid ? { email: session.customerEmail, name: customerName } : null,
    livemode: false,
    metadata: session.metadata,
    mode: 'payment',
    payment_intent: session.paymentIntentId,
    payment_status: paid ? 'paid' : 'unpaid',
    status: session.status,
    created: unixSeconds(session.createdAt),
    expires_at: unixSeconds(session.expiresAt),
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    url: session.status === 'open' ? pageUrl : null,
  };
}

/** The payment intent of a session whose last card attempt was declined. */
export function declinedPaymentIntentObject(
  session: SandboxSession,
  paymentIntentId: string,
  message: string,
  now = new Date(),
): Record<string, unknown> {
  return {
    id: paymentIntentId,
    object: 'payment_intent',
    amount: session.amount,
    currency: session.currency.toLowerCase(),
    application_fee_amount: session.applicationFee,
    created: unixSeconds(now),
    description: session.description || null,
    last_payment_error: {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message,
    },
    latest_charge: null,
    livemode: false,
    metadata: session.metadata,
    receipt_email: session.customerEmail,
    status: 'requires_payment_method',
  };
}

/** The charge of a paid session; `refundedAmount` > 0 once refunded. */
export function chargeObject(
  session: SandboxSession,
  receiptUrl: string,
  refundedAmount: number,
): Record<string, unknown> {
  return {
    id: session.chargeId,
    object: 'charge',
    amount: session.amount,
    amount_captured: session.amount,
    amount_refunded: refundedAmount,
    application_fee_amount: session.applicationFee,
    captured: true,
    created: unixSeconds(session.completedAt ?? session.createdAt),
    currency: session.currency.toLowerCase(),
    description: session.description || null,
    livemode: false,
    metadata: session.metadata,
    paid: true,
    payment_intent: session.paymentIntentId,
    payment_method_details: { type: 'card', card: { brand: 'visa', last4: session.cardLast4 } },
    receipt_email: session.customerEmail,
    receipt_url: receiptUrl,
    refunded: refundedAmount >= session.amount,
    status: 'succeeded',
  };
}
