import type { RefundRecorded } from '../payments/refunds.service';
import type { PaidPurchase } from '../payments/webhooks.service';
import { paymentEvent } from './webhook-events';
import type { WebhookOutbox } from './webhook-outbox';

/**
 * Payments are a true outbox (docs/decisions.md, "Outbound webhooks"): `payment.succeeded` is stored in the
 * provider webhook's transaction that records the success, by decorating what the payment bought (the
 * payments module's PaidPurchase port), so the success and its deliveries commit or roll back together.
 */
export function withPaymentWebhooks(purchase: PaidPurchase, outbox: WebhookOutbox): PaidPurchase {
  return {
    settle: async (tx, payment) => {
      await purchase.settle?.(tx, payment);
      const fact = paymentEvent('payment.succeeded', payment);
      if (fact) await outbox.record(fact, tx);
    },
    paymentSucceeded: (payment) => purchase.paymentSucceeded(payment),
  };
}

/** `payment.refunded`, stored in the refund's transaction (the RefundsService's hook). */
export const refundWebhooks =
  (outbox: WebhookOutbox): RefundRecorded =>
  async (tx, payment) => {
    const fact = paymentEvent('payment.refunded', payment);
    if (fact) await outbox.record(fact, tx);
  };
