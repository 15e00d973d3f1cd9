import Stripe from 'stripe';
import { WebhookSignatureError, type ProviderEvent } from './payment-provider';

/** Signature checks need no API key; this client never calls Stripe's servers. */
const verifier = new Stripe('sk_test_signature_verification_only');

/** Stripe's default: a signature older than five minutes is refused, so a captured webhook cannot be replayed. */
const TOLERANCE_SECONDS = 300;

/**
 * Verifies a webhook signed the way Stripe signs (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`)
 * with the official package, and shapes the event for the payments module. Both providers use it: Stripe's
 * webhooks, and the sandbox's, which sign the same way with their own secret.
 */
export function verifyStripeSignedEvent(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): ProviderEvent {
  if (!signature) throw new WebhookSignatureError('The webhook has no Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = verifier.webhooks.constructEvent(rawBody, signature, secret, TOLERANCE_SECONDS);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid webhook signature');
  }
  return {
    id: event.id,
    type: event.type,
    account: event.account ?? null,
    created: event.created,
    data: { object: event.data.object as unknown as Record<string, unknown> },
  };
}
