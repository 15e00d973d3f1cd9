import Stripe from 'stripe';
import { SIGNATURE_TOLERANCE_SECONDS } from '../../lib/stripe-style-signature';
import { WebhookSignatureError, type ProviderEvent } from './payment-provider';

/** Signature checks need no API key; this client never calls Stripe's servers. */
const verifier = new Stripe('sk_test_signature_verification_only');

/**
 * Verifies a webhook signed the way Stripe signs (`Stripe-Signature: t=…,v1=HMAC-SHA256(secret, "t.body")`)
 * with the official package, and shapes the event for the payments module. Both providers use it: Stripe's
 * webhooks, and the sandbox's, which sign the same way with their own secret (lib/stripe-style-signature.ts,
 * Fairway's one signing implementation, which the outbound webhooks use too).
 */
export function verifyStripeSignedEvent(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): ProviderEvent {
  if (!signature) throw new WebhookSignatureError('The webhook has no Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = verifier.webhooks.constructEvent(rawBody, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
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
