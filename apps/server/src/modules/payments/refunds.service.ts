import type { RefundReason } from '@fairway/domain';
import type { Db, DbExecutor } from '../../db/client';
import { HttpError, conflict } from '../../lib/errors';
import type { PaymentProvider } from './payment-provider';
import type { PaymentRow } from './payments.presenter';
import type { PaymentsRepository } from './payments.repository';

/**
 * What must commit with a refund, inside the transaction that records it (the outbound webhooks' outbox
 * writes `payment.refunded` there): it happens once per refund and never without it.
 */
export type RefundRecorded = (tx: DbExecutor, payment: PaymentRow) => Promise<void>;

/**
 * Giving a card payment back in full. The payment row stays locked while the provider refunds, and the
 * provider call carries an idempotency key, so two refunds of one payment (an operator's click racing the
 * automatic refund of an unconfirmed unlock) cannot both reach the card.
 */
export class RefundsService {
  constructor(
    private readonly db: Db,
    private readonly payments: PaymentsRepository,
    private readonly provider: PaymentProvider,
    private readonly recorded: RefundRecorded = async () => undefined,
  ) {}

  /** Refunds a succeeded card payment; refuses (409 notRefundable) anything else. Answers the updated row. */
  async refund(paymentId: string, reason: RefundReason): Promise<PaymentRow> {
    return this.db.transaction(async (tx) => {
      const repository = this.payments.in(tx);
      const payment = await repository.lock(paymentId);
      if (
        !payment ||
        payment.status !== 'succeeded' ||
        payment.refundedAt ||
        payment.method !== 'stripe' ||
        !payment.paymentIntentId
      )
        throw conflict('Only a succeeded card payment can be refunded', 'notRefundable');
      let refundId: string;
      try {
        ({ refundId } = await this.provider.refund(
          payment.providerAccountId,
          payment.paymentIntentId,
          'requested_by_customer',
        ));
      } catch (error) {
        // The provider said no (or could not be reached): nothing changed here, the operator may try again.
        throw new HttpError(
          502,
          `The payment provider did not refund: ${error instanceof Error ? error.message : String(error)}`,
          'providerError',
        );
      }
      const now = new Date();
      const refunded = await repository.update(payment.id, {
        status: 'cancelled',
        cancelledAt: now,
        refundedAt: now,
        refundReason: reason,
        refundId,
      });
      await this.recorded(tx, refunded);
      return refunded;
    });
  }
}
