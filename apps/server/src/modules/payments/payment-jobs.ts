import type { AppContext } from '../../context';
import type { JobRunner } from '../../jobs/job-runner';
import { sandboxOf } from './payment-providers';

/** How often each payments job runs. */
export const PAYMENT_JOB_INTERVALS_MS = {
  /** stored webhooks not processed (a crash mid-way, a failed attempt): soon, a guest may be waiting */
  'payment-webhooks': 10_000,
  /** paid unlocks the cart never confirmed → refund; paid rides never started → start; other unconfirmed
   *  rides past the same window → ended */
  'paid-unlocks': 10_000,
  /** the sandbox's own outgoing webhooks that were not acknowledged yet */
  'sandbox-webhooks': 5_000,
} as const;

/** A stored webhook younger than this is still being processed by the request that stored it. */
const WEBHOOK_GRACE_MS = 20_000;

/**
 * Job leases of these quick runs: an instance killed mid-run must not hold a guest's paid unlock for the
 * runner's default minute (issue #15). A run that takes longer is harmless if repeated elsewhere: every
 * step claims its own rows (`SKIP LOCKED`, row locks), so the work is still done once.
 */
const PAYMENT_JOB_LEASE_MS = 20_000;

/**
 * The payments module's durable work (run once across instances by the job runner). Paid rides are
 * confirmed by the cart's acknowledgement like every ride (rides/code-rides.ts attaches the lifecycle), so
 * nothing listens here any more; the detach function is kept for the runtime's stop order.
 */
export async function registerPaymentJobs(runner: JobRunner, ctx: AppContext): Promise<() => void> {
  const { webhooks } = ctx.paymentFlows;
  const paidRides = ctx.rides.paid;
  const sandbox = sandboxOf(ctx.payments);
  const after = (kind: keyof typeof PAYMENT_JOB_INTERVALS_MS) =>
    new Date(Date.now() + PAYMENT_JOB_INTERVALS_MS[kind]);

  runner.register(
    'payment-webhooks',
    async () => {
      await webhooks.processPending(WEBHOOK_GRACE_MS);
      return after('payment-webhooks');
    },
    { leaseMs: PAYMENT_JOB_LEASE_MS },
  );
  runner.register(
    'paid-unlocks',
    async () => {
      const { started, refunded, ended } = await paidRides.sweep();
      if (started || refunded || ended)
        ctx.log.info({ started, refunded, ended }, 'unconfirmed unlocks swept');
      return after('paid-unlocks');
    },
    { leaseMs: PAYMENT_JOB_LEASE_MS },
  );
  const kinds: Array<keyof typeof PAYMENT_JOB_INTERVALS_MS> = ['payment-webhooks', 'paid-unlocks'];
  if (sandbox) {
    runner.register(
      'sandbox-webhooks',
      async () => {
        // The sandbox expires checkouts nobody paid (Stripe does so on its own), then sends what is due.
        await sandbox.expireDue();
        await sandbox.deliverDue();
        return after('sandbox-webhooks');
      },
      { leaseMs: PAYMENT_JOB_LEASE_MS },
    );
    kinds.push('sandbox-webhooks');
  }
  for (const kind of kinds) await runner.schedule(kind, kind, new Date());

  return () => undefined;
}
