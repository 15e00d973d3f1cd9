import { id as uuid } from '@fairway/domain';
import type { Logger } from 'pino';
import type { PaymentDetails, ProviderEvent } from './payment-provider';
import type { PaymentRow } from './payments.presenter';
import type { PaymentsRepository } from './payments.repository';

/** Whether `value` is a uuid, as the domain's id schema says. */
export const isUuid = (value: string): boolean => uuid.safeParse(value).success;

/** The webhook events the ledger follows; everything else is stored and marked processed. */
export const SESSION_PAID_EVENTS = ['checkout.session.completed', 'checkout.session.async_payment_succeeded'];

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};

/** The payment intent a paid checkout session names (a string, or an expanded object). */
export const sessionIntentId = (session: Record<string, unknown>): string | null =>
  text(session.payment_intent) ?? text(record(session.payment_intent).id);

/** Whether the event is a checkout session that has been paid, so fees must be read before applying it. */
export const isPaidSession = (event: ProviderEvent): boolean =>
  SESSION_PAID_EVENTS.includes(event.type) && event.data.object.payment_status === 'paid';

/**
 * Applies one verified webhook event to the ledger, inside the caller's transaction with the payment row
 * locked. Answers the payment when this event made it succeed (what it paid for starts after commit).
 * Each transition only moves forward: a late 'expired' never cancels a paid payment, a repeated
 * 'completed' changes nothing.
 */
export async function applyPaymentEvent(
  payments: PaymentsRepository,
  event: ProviderEvent,
  details: PaymentDetails | null,
  log: Logger,
): Promise<PaymentRow | null> {
  const object = event.data.object;
  const now = new Date();

  if (event.type.startsWith('checkout.session.')) {
    const payment =
      (text(object.id) && (await payments.lockBySession(text(object.id)!))) ||
      (text(object.client_reference_id) ? await lockById(payments, text(object.client_reference_id)!) : null);
    if (!payment) return unknown(log, event);
    const intent = sessionIntentId(object);
    if (isPaidSession(event)) {
      if (payment.status === 'succeeded' || payment.refundedAt) return null;
      await payments.update(payment.id, {
        status: 'succeeded',
        // When the guest paid (the provider's event time), not when we heard of it: a delivery delayed by
        // a crash must not make an old payment look fresh enough to unlock a cart (issue #15).
        succeededAt: paidAt(event, now),
        paymentIntentId: intent,
        processingFee: details?.processingFee ?? 0,
        applicationFee: details?.applicationFee ?? payment.applicationFee,
        receiptUrl: details?.receiptUrl ?? null,
        failureMessage: null,
      });
      return (await payments.find(payment.id))!;
    }
    if (event.type === 'checkout.session.async_payment_failed' && payment.status === 'pending') {
      await payments.update(payment.id, { status: 'failed', failedAt: now, paymentIntentId: intent });
    } else if (event.type === 'checkout.session.expired' && ['pending', 'failed'].includes(payment.status)) {
      await payments.update(payment.id, { status: 'cancelled', cancelledAt: now });
    } else if (event.type === 'checkout.session.completed' && intent && !payment.paymentIntentId) {
      // Completed but not yet paid (a delayed payment method): it stays pending until the async event.
      await payments.update(payment.id, { paymentIntentId: intent });
    }
    return null;
  }

  if (event.type === 'payment_intent.payment_failed') {
    const paymentId = text(record(object.metadata).paymentId);
    const payment = paymentId ? await lockById(payments, paymentId) : null;
    if (!payment) return unknown(log, event);
    // A declined card leaves the checkout open: the guest may still pay with another card.
    if (payment.status === 'pending')
      await payments.update(payment.id, {
        status: 'failed',
        failedAt: now,
        paymentIntentId: text(object.id),
        failureMessage: text(record(object.last_payment_error).message) ?? 'The payment failed',
      });
    return null;
  }

  if (event.type === 'charge.refunded') {
    const intent = text(object.payment_intent);
    const payment = intent ? await payments.lockByIntent(intent) : null;
    if (!payment) return unknown(log, event);
    // Refunds made here are already recorded; one made in the provider's dashboard is recorded now.
    if (object.refunded === true && !payment.refundedAt)
      await payments.update(payment.id, {
        status: 'cancelled',
        cancelledAt: now,
        refundedAt: now,
        refundReason: 'provider',
      });
    return null;
  }
  return null;
}

/** The event's own time, never later than now (a provider clock a little ahead changes nothing). */
function paidAt(event: ProviderEvent, now: Date): Date {
  const created = Number.isFinite(event.created) ? event.created * 1000 : now.getTime();
  return new Date(Math.min(created, now.getTime()));
}

async function lockById(payments: PaymentsRepository, id: string): Promise<PaymentRow | null> {
  // Ids from the provider are echoed back from our own metadata; anything not a uuid is not ours.
  if (!isUuid(id)) return null;
  return payments.lock(id);
}

function unknown(log: Logger, event: ProviderEvent): null {
  log.warn(
    { eventId: event.id, type: event.type },
    'webhook event for a payment this platform does not know',
  );
  return null;
}
