import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DbExecutor } from '../../db/client';
import type { DomainEventBus } from '../../lib/events';
import { bookings } from '../../db/tables/bookings';
import type { PaymentRow } from './payments.presenter';
import type { PaidPurchase } from './webhooks.service';

/**
 * A booking paid by card on the guest booking page (issue 18). The booking becomes paid (pre-paid,
 * confirmed) in the transaction that records the payment's success, so a crash between the two cannot
 * leave a paid booking that still asks for payment, and a repeated webhook changes nothing twice. No ride is
 * opened: the guest unlocks from the booking page in its window.
 */
export class PaidBookings implements PaidPurchase {
  constructor(
    private readonly bus: DomainEventBus,
    private readonly log: Logger,
  ) {}

  async settle(tx: DbExecutor, payment: PaymentRow): Promise<void> {
    if (payment.purpose !== 'booking' || !payment.bookingId) return;
    const [paid] = await tx
      .update(bookings)
      .set({
        prePaid: true,
        status: 'confirmed',
        // What the guest paid for: the guest price chosen at checkout (without the unlock fee).
        serviceId: sql`coalesce(${bookings.serviceId}, ${payment.serviceId})`,
        priceId: payment.priceId,
        amount: payment.total - payment.unlockFee,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(bookings.id, payment.bookingId),
          eq(bookings.siteId, payment.siteId),
          inArray(bookings.status, ['confirmed', 'payment_pending']),
        ),
      )
      .returning({ id: bookings.id });
    // Cancelled while the guest was paying: the payment stays in the ledger for the club to refund.
    if (!paid)
      this.log.warn(
        { paymentId: payment.id, bookingId: payment.bookingId },
        'a booking was paid after it was cancelled',
      );
  }

  async paymentSucceeded(payment: PaymentRow): Promise<void> {
    if (payment.purpose === 'booking' && payment.bookingId)
      this.bus.emit('booking.updated', payment.bookingId, payment.siteId);
  }
}

/** One purchase per payment purpose: the webhook hands each succeeded payment to what it bought. */
export function purchasesByPurpose(purchases: Record<PaymentRow['purpose'], PaidPurchase>): PaidPurchase {
  return {
    settle: async (tx, payment) => purchases[payment.purpose].settle?.(tx, payment),
    paymentSucceeded: (payment) => purchases[payment.purpose].paymentSucceeded(payment),
  };
}
