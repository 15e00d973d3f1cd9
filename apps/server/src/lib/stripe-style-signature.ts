import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The Stripe-style webhook signature, written once for everything Fairway signs and checks: the payment
 * sandbox's events (header `Stripe-Signature`), the outbound webhooks (header `Fairway-Signature`), and the
 * tests and docs that verify them. The header is `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`,
 * keyed with the whole endpoint secret, exactly as Stripe signs: the payment webhooks keep verifying with
 * Stripe's own package, which therefore also proves this implementation speaks Stripe's format.
 */

/** Stripe's default: a signature older (or newer) than five minutes is refused, so a capture cannot be replayed. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const nowSeconds = () => Math.floor(Date.now() / 1000);

const hmac = (payload: string, secret: string, timestamp: number): Buffer =>
  createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest();

/** The signature header's value for `payload` (the exact bytes sent, as UTF-8 text). */
export function signStripeStyle(payload: string, secret: string, timestamp = nowSeconds()): string {
  return `t=${timestamp},v1=${hmac(payload, secret, timestamp).toString('hex')}`;
}

export class SignatureMismatchError extends Error {}

/**
 * Checks a signature header as Stripe's libraries do: the timestamp within the tolerance, and one of the
 * `v1` signatures (a sender rotating its secret may send several) equal, compared in constant time.
 * Throws SignatureMismatchError saying what is wrong.
 */
export function verifyStripeStyle(
  payload: string,
  header: string | undefined,
  secret: string,
  { toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS, now = nowSeconds() } = {},
): void {
  if (!header) throw new SignatureMismatchError('No signature header');
  const pairs = header.split(',').map((part) => {
    const at = part.indexOf('=');
    return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
  });
  const timestamp = Number(pairs.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp)) throw new SignatureMismatchError('The signature has no timestamp');
  if (Math.abs(now - timestamp) > toleranceSeconds)
    throw new SignatureMismatchError('The signature is outside the tolerance');
  const expected = hmac(payload, secret, timestamp);
  const matches = pairs
    .filter(([key, value]) => key === 'v1' && /^[0-9a-f]+$/i.test(value))
    .map(([, value]) => Buffer.from(value, 'hex'))
    .some((given) => given.length === expected.length && timingSafeEqual(given, expected));
  if (!matches) throw new SignatureMismatchError('No signature matches the payload');
}
