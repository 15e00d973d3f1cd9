import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import type { PaidPurchase } from '../payments/webhooks.service';
import type { PaymentRow } from '../payments/payments.presenter';
import type { PaymentsRepository } from '../payments/payments.repository';
import type { RefundsService } from '../payments/refunds.service';
import type { RideLifecycleService } from './ride-lifecycle.service';
import type { RideRow } from './rides.repository';
import { rides } from '../../db/tables/rides';

export interface PaidSweep {
  /** paid rides that had no ride yet (the process stopped after the webhook), opened now */
  started: number;
  /** paid unlocks the cart never confirmed, ended and refunded */
  refunded: number;
  /** rides without a payment the cart never confirmed, ended 'unconfirmed' */
  ended: number;
}

/**
 * Rides bought by card (issue #7). When the provider's webhook says a ride payment succeeded, the ride is
 * opened by the ride lifecycle like any guest unlock (type 'payment': the §4 status, unconfirmed, the
 * cart's acknowledgement confirms it, re-sent within the guest's wait). A paid unlock the cart never
 * confirms — offline, busy, out of reach — is refunded in full once the waiting window (`refundAfterMs`)
 * has passed, and the guest is told so on their ride page; a cart that cannot take it at all is refunded at
 * once. Every step is keyed on the payment (a unique ride per payment), so a repeated webhook or a sweep
 * after a crash repeats nothing.
 */
export class PaidRidesService implements PaidPurchase {
  constructor(
    private readonly db: Db,
    private readonly ledger: PaymentsRepository,
    private readonly lifecycle: RideLifecycleService,
    private readonly refunds: RefundsService,
    private readonly log: Logger,
    private readonly refundAfterMs: number,
  ) {}

  async paymentSucceeded(payment: PaymentRow, now = Date.now()): Promise<void> {
    if (payment.purpose !== 'ride' || !payment.deviceId || payment.refundedAt) return;
    // Already started by an earlier delivery: nothing more to do.
    if (await this.rideOf(payment.id)) return;
    // Heard of too late (a crash delayed the webhook): the guest has waited out the window and may have
    // left, so the cart is not unlocked for nobody; the payment is refunded like an unconfirmed unlock.
    if (this.paidTooLongAgo(payment, now)) {
      await this.refundUnconfirmed(payment, 'the payment was confirmed after the unlock window');
      return;
    }
    try {
      const ride = await this.lifecycle.openByUnlock({
        deviceId: payment.deviceId,
        siteId: payment.siteId,
        type: 'payment',
        paymentId: payment.id,
        serviceId: payment.serviceId,
        priceId: payment.priceId,
        meta: { name: payment.customerName, email: payment.customerEmail },
        amount: payment.total,
      });
      this.log.info({ paymentId: payment.id, rideId: ride.id }, 'paid unlock sent');
    } catch (error) {
      // A fault of ours (the database) is tried again with the webhook; a refusal is final.
      if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
      // A concurrent delivery of the same webhook opened it.
      if (await this.rideOf(payment.id)) return;
      await this.refundUnconfirmed(payment, error.message);
    }
  }

  /**
   * The sweep: paid rides that have no ride yet are started; paid rides still unconfirmed after the waiting
   * window are ended and refunded, unless their unlock was in fact acknowledged (an acknowledgement whose
   * event was missed), which confirms them instead, or the guest's retry is still running. Unconfirmed
   * rides without a payment are ended after the same window.
   */
  async sweep(now = Date.now()): Promise<PaidSweep> {
    const cutoff = new Date(now - this.refundAfterMs);
    const orphans = await this.ledger.paidRidesWithoutRide(cutoff);
    for (const payment of orphans) await this.paymentSucceeded(payment);
    let refunded = 0;
    for (const payment of await this.ledger.unconfirmedRidePayments(cutoff)) {
      const ride = await this.rideOf(payment.id);
      if (ride && ride.status !== 'ended') {
        if (ride.unlockRequestedAt && ride.unlockRequestedAt > cutoff) continue;
        if (await this.lifecycle.confirmIfAcknowledged(ride)) continue;
      }
      if (await this.refundUnconfirmed(payment, 'the cart never confirmed the unlock')) refunded++;
    }
    const ended = await this.lifecycle.endUnconfirmed(cutoff);
    return { started: orphans.length, refunded, ended };
  }

  /**
   * Ends the payment's unconfirmed ride (if any) and refunds the payment. The ride is ended first, under
   * the condition that it is still unconfirmed, so a confirmation racing this cannot be refunded.
   */
  private async refundUnconfirmed(payment: PaymentRow, why: string): Promise<boolean> {
    const ride = await this.rideOf(payment.id);
    const ended = ride && ride.status !== 'ended' ? await this.lifecycle.endIfUnconfirmed(ride.id) : null;
    const current = await this.rideOf(payment.id);
    if (current?.confirmed) return false;
    try {
      await this.refunds.refund(payment.id, 'cartNeverConfirmed');
      if (current) this.lifecycle.announce(current);
    } catch (error) {
      this.log.error({ err: error, paymentId: payment.id }, 'refunding an unconfirmed paid unlock failed');
      return false;
    }
    this.log.warn({ paymentId: payment.id, rideEnded: ended !== null, why }, 'paid unlock refunded');
    return true;
  }

  private paidTooLongAgo(payment: PaymentRow, now: number): boolean {
    return payment.succeededAt !== null && payment.succeededAt.getTime() < now - this.refundAfterMs;
  }

  private async rideOf(paymentId: string): Promise<RideRow | null> {
    const [ride] = await this.db.select().from(rides).where(eq(rides.paymentId, paymentId));
    return ride ?? null;
  }
}
