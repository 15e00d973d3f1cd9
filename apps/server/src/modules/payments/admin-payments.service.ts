import type { Logger } from 'pino';
import type { AdminBulkAnswer, AdminPaymentsPage, AdminPaymentsQuery } from '@fairway/domain';
import type { NewActivity } from '../../db/activity-entries';
import type { AuthUser } from '../../lib/access';
import { conflict } from '../../lib/errors';
import { paginationOf } from '../../lib/pagination';
import type { AdminPaymentsRepository } from './admin-payments.repository';
import type { PaymentProvider } from './payment-provider';
import { toPaymentView, type PaymentRow } from './payments.presenter';

type Skipped = AdminBulkAnswer['skipped'][number];

/**
 * A payment that never took money and never can: its checkout ended unpaid (the provider's 'expired', which
 * the ledger records as cancelled without a payment or refund time). A pending or failed payment may still
 * be paid (a declined card leaves the checkout open; a delayed method completes later), and a paid or
 * refunded one is the club's financial record: neither is ever deleted.
 */
export const paymentDeletable = (row: PaymentRow): boolean =>
  row.status === 'cancelled' && row.succeededAt === null && row.refundedAt === null;

/**
 * A checkout a guest could still pay: opened with a provider session, unpaid, and either untouched (pending
 * without a payment intent) or declined (failed: the guest may try another card). A pending payment with an
 * intent is a delayed method under way, whose checkout is complete already: only its outcome can end it.
 */
const checkoutOpen = (row: PaymentRow): boolean =>
  row.succeededAt === null &&
  row.refundedAt === null &&
  row.checkoutSessionId !== null &&
  (row.status === 'failed' || (row.status === 'pending' && row.paymentIntentId === null));

/**
 * The platform admins' payments across sites (spec §7 Admin /payments). Nothing here moves money or rewrites
 * what the provider recorded: the bulk PATCH ends open checkouts at the provider (its webhook records the
 * cancellation through the one ledger path), the bulk delete removes only checkouts that ended unpaid.
 * docs/decisions.md "Admin bulk bookings and payments".
 */
export class AdminPaymentsService {
  constructor(
    private readonly repo: AdminPaymentsRepository,
    private readonly provider: PaymentProvider,
    private readonly log: Logger,
  ) {}

  async list(query: AdminPaymentsQuery): Promise<AdminPaymentsPage> {
    const { rows, total } = await this.repo.page(query);
    return {
      data: rows.map(({ payment, siteName }) => ({
        ...toPaymentView(payment),
        siteId: payment.siteId,
        siteName,
      })),
      pagination: paginationOf(query.page, query.limit, total),
    };
  }

  /**
   * Ends the open checkouts among `ids` at the provider, so nobody can pay them any more. The ledger is not
   * written here: the provider's `checkout.session.expired` webhook cancels the payment as for any expired
   * checkout, and a checkout paid a moment before stays paid (the ledger only moves forward).
   */
  async endCheckouts(user: AuthUser, ids: readonly string[]): Promise<AdminBulkAnswer> {
    const found = new Map((await this.repo.find(ids)).map((row) => [row.id, row]));
    const done: string[] = [];
    const skipped: Skipped[] = [];
    const entries: NewActivity[] = [];
    for (const id of ids) {
      const row = found.get(id);
      if (!row) {
        skipped.push({ id, reason: 'notFound', message: 'Payment not found' });
      } else if (!checkoutOpen(row)) {
        skipped.push({ id, reason: 'notOpen', message: 'status: This payment has no open checkout' });
      } else if (row.provider !== this.provider.name) {
        // Written while the platform ran another provider (sandbox before Stripe was configured).
        skipped.push({
          id,
          reason: 'otherProvider',
          message: `status: This checkout was opened with the ${row.provider} provider`,
        });
      } else {
        try {
          await this.provider.expireCheckout(row.providerAccountId, row.checkoutSessionId!);
          done.push(id);
          entries.push(this.entry(user, row, 'admin_checkout_ended', 'Checkout ended'));
        } catch (error) {
          this.log.warn({ err: error, paymentId: id }, 'the provider did not end a checkout');
          skipped.push({
            id,
            reason: 'providerRefused',
            message: 'status: The payment provider did not end this checkout',
          });
        }
      }
    }
    await this.repo.recordActivity(entries);
    return { done: done.length, ids: done, skipped };
  }

  /**
   * Deletes the payments among `ids` (unknown ones skipped), all or none: when any of them is a financial
   * record (paid, refunded, or still payable), nothing is deleted and the 409 names those ids. The rows are
   * locked while deciding, so a webhook arriving meanwhile is applied before or after, never in between.
   */
  deleteMany(user: AuthUser, ids: readonly string[]): Promise<{ deleted: number }> {
    return this.repo.atomically(async (repo) => {
      const rows = await repo.lock(ids);
      const kept = rows.filter((row) => !paymentDeletable(row)).map((row) => row.id);
      if (kept.length > 0)
        throw conflict(
          `ids: Only checkouts that ended unpaid can be deleted; these payments are kept: ${kept.join(', ')}`,
          'paymentsKept',
        );
      const deleted = await repo.delete(rows.map((row) => row.id));
      await repo.recordActivity(
        rows.map((row) => this.entry(user, row, 'admin_payment_deleted', 'Payment deleted')),
      );
      return { deleted };
    });
  }

  private entry(user: AuthUser, row: PaymentRow, type: NewActivity['type'], what: string): NewActivity {
    return {
      type,
      // A deleted payment's cart is still the cart (the entry outlives the row, and goes with the cart).
      deviceId: row.deviceId,
      siteId: row.siteId,
      message: `${what} by ${user.email}`,
      data: {
        paymentId: row.id,
        userId: user.id,
        status: row.status,
        total: row.total,
        currency: row.currency,
      },
    };
  }
}
