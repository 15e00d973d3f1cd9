import { and, desc, eq } from 'drizzle-orm';
import type { SandboxDashboardView } from '@fairway/domain';
import type { Db } from '../../../db/client';
import type { DbExecutor } from '../../../db/client';
import type { PaymentDetails, ProviderRefundReason } from '../payment-provider';
import { chargeObject, sandboxEvent, type SandboxSession } from './sandbox-events';
import { newSandboxId, type SandboxAddressesFor } from './sandbox-ids';
import { sandboxLedger, type Ledger } from './sandbox-ledger';
import type { SandboxReceipt } from './sandbox-receipt';
import type { SandboxWebhooks } from './sandbox-webhooks';
import {
  sandboxAccounts,
  sandboxCheckoutSessions as sessions,
  sandboxRefunds as refunds,
} from '../../../db/tables/sandbox';

type DashboardCharge = SandboxDashboardView['charges'][number];

/**
 * The money side of the sandbox: a paid checkout session is the charge (the sandbox keeps no separate charge
 * table), refunds are rows of their own, and balance and payouts are computed from both.
 */
export class SandboxCharges {
  constructor(
    private readonly db: Db,
    private readonly webhooks: SandboxWebhooks,
    private readonly addresses: SandboxAddressesFor,
  ) {}

  async paymentDetails(accountId: string, paymentIntentId: string): Promise<PaymentDetails> {
    const session = await this.paidSession(this.db, accountId, paymentIntentId);
    return {
      processingFee: session.processingFee ?? 0,
      applicationFee: session.applicationFee,
      receiptUrl: this.addresses(session.successUrl).receipt(session.chargeId!),
    };
  }

  /**
   * Refunds the whole charge. Idempotent like a Stripe call with an idempotency key: a second call answers
   * the first refund and creates nothing (the session row lock makes concurrent calls take turns).
   */
  async refund(
    accountId: string,
    paymentIntentId: string,
    reason: ProviderRefundReason,
  ): Promise<{ refundId: string }> {
    const outcome = await this.db.transaction(async (tx) => {
      const session = await this.paidSession(tx, accountId, paymentIntentId, true);
      const [existing] = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.accountId, accountId), eq(refunds.paymentIntentId, paymentIntentId)));
      if (existing) return { refundId: existing.id, eventIds: [] };
      const refundId = newSandboxId.refund();
      await tx.insert(refunds).values({
        id: refundId,
        accountId,
        paymentIntentId,
        amount: session.amount,
        currency: session.currency,
        reason,
      });
      const charge = chargeObject(
        session,
        this.addresses(session.successUrl).receipt(session.chargeId!),
        session.amount,
      );
      const eventId = await this.webhooks.enqueue(tx, sandboxEvent('charge.refunded', accountId, charge));
      return { refundId, eventIds: [eventId] };
    });
    this.webhooks.sendSoon(outcome.eventIds);
    return { refundId: outcome.refundId };
  }

  /** The account's balance and payouts at `now`, from its books (see `sandboxLedger`). */
  async ledger(accountId: string, now = new Date()): Promise<Ledger> {
    const paid = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.accountId, accountId), eq(sessions.status, 'complete')));
    const charges = paid.map((session) => ({
      amount: session.amount,
      processingFee: session.processingFee ?? 0,
      applicationFee: session.applicationFee,
      currency: session.currency,
      paidAt: session.completedAt!,
    }));
    const refunded = await this.db
      .select({
        amount: refunds.amount,
        // A full refund gives the platform's application fee back to the account with it.
        applicationFeeRefunded: sessions.applicationFee,
        currency: refunds.currency,
        refundedAt: refunds.createdAt,
      })
      .from(refunds)
      .innerJoin(sessions, eq(sessions.paymentIntentId, refunds.paymentIntentId))
      .where(eq(refunds.accountId, accountId));
    return sandboxLedger(charges, refunded, now);
  }

  /** The account's latest charges, newest first, as its dashboard lists them. */
  async recent(accountId: string, limit: number): Promise<DashboardCharge[]> {
    const rows = await this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.accountId, accountId), eq(sessions.status, 'complete')))
      .orderBy(desc(sessions.completedAt), desc(sessions.id))
      .limit(limit);
    const refunded = new Set(
      (
        await this.db
          .select({ paymentIntentId: refunds.paymentIntentId })
          .from(refunds)
          .where(eq(refunds.accountId, accountId))
      ).map((refund) => refund.paymentIntentId),
    );
    return rows.map((session) => ({
      id: session.chargeId!,
      amount: session.amount,
      currency: session.currency,
      fee: session.processingFee ?? 0,
      applicationFee: session.applicationFee,
      refunded: refunded.has(session.paymentIntentId!),
      created: Math.floor(session.completedAt!.getTime() / 1000),
      description: session.description || session.productName,
    }));
  }

  /** What the receipt page shows; null for a charge the sandbox does not know. */
  async receipt(chargeId: string): Promise<SandboxReceipt | null> {
    const [row] = await this.db
      .select({ session: sessions, businessName: sandboxAccounts.businessName })
      .from(sessions)
      .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sessions.accountId))
      .where(and(eq(sessions.chargeId, chargeId), eq(sessions.status, 'complete')));
    if (!row) return null;
    const { session } = row;
    const [refund] = await this.db
      .select({ id: refunds.id })
      .from(refunds)
      .where(eq(refunds.paymentIntentId, session.paymentIntentId!));
    return {
      chargeId,
      businessName: row.businessName,
      productName: session.productName,
      description: session.description,
      amount: session.amount,
      currency: session.currency,
      paidAt: session.completedAt!,
      cardLast4: session.cardLast4 ?? '',
      refunded: Boolean(refund),
    };
  }

  /** The paid session behind a payment intent of this account; Stripe answers "no such" for any other. */
  private async paidSession(
    db: DbExecutor,
    accountId: string,
    paymentIntentId: string,
    lock = false,
  ): Promise<SandboxSession> {
    const query = db
      .select()
      .from(sessions)
      .where(
        and(
          eq(sessions.accountId, accountId),
          eq(sessions.paymentIntentId, paymentIntentId),
          eq(sessions.status, 'complete'),
        ),
      );
    const [session] = lock ? await query.for('update') : await query;
    if (!session) throw new Error(`No such paid payment_intent: '${paymentIntentId}'`);
    return session;
  }
}
