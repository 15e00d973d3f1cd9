import { WEBHOOK_LIMITS } from '@fairway/domain';
import type { AppContext } from '../../context';
import type { JobRunner } from '../../jobs/job-runner';
import {
  DELIVERY_JOB_PREFIX,
  WEBHOOK_CATCH_UP_JOB,
  WEBHOOK_DELIVERY_JOB,
  WEBHOOK_RETENTION_JOB,
  cycleOf,
} from './webhook-job-keys';

/** How often the catch-up looks again, and how far back past its last look (commits that came late). */
export const WEBHOOK_CATCH_UP = { everyMs: 60_000, lateCommitMs: 2 * 60_000 } as const;

/**
 * A delivery job's lease: a run claims up to 20 due jobs and attempts them one after another, each up to
 * the receiver's timeout, so the last must still be ours when its turn comes (else another instance could
 * send it at the same time). An instance that dies leaves its deliveries for this long.
 */
const DELIVERY_LEASE_MS = 20 * WEBHOOK_LIMITS.timeoutMs + 60_000;

/**
 * The outbound webhooks' durable work: one job per delivery (`webhook-delivery:<id>`, written with the
 * delivery; its payload carries the 24-hour cycle), the `webhook-catch-up` job every minute and the
 * `webhook-retention` job, which keeps the delivery log to `WEBHOOK_LIMITS.retentionDays`, daily. The runtime
 * gives them a runner of their own: an attempt waits on a partner's server, and must never delay a cart's
 * lock or a paid unlock on the main runner.
 */
export async function registerWebhookJobs(runner: JobRunner, ctx: AppContext): Promise<void> {
  const { deliveries, sources } = ctx.webhooks;
  runner.register(
    WEBHOOK_DELIVERY_JOB,
    (job) => deliveries.attempt(job.key.slice(DELIVERY_JOB_PREFIX.length), cycleOf(job.payload, job.runAt)),
    { leaseMs: DELIVERY_LEASE_MS },
  );
  runner.register(WEBHOOK_CATCH_UP_JOB, async (job) => {
    const now = Date.now();
    // The last look is kept in the job, so a restart (or an outage) carries on from it, at most a cycle back.
    const checkedUpTo =
      typeof job.payload.checkedUpTo === 'number' ? job.payload.checkedUpTo : now - WEBHOOK_CATCH_UP.everyMs;
    const from = Math.max(
      checkedUpTo - WEBHOOK_CATCH_UP.lateCommitMs,
      now - WEBHOOK_LIMITS.retryHours * 3_600_000,
    );
    const stored = await sources.catchUp(new Date(from), new Date(now));
    if (stored > 0) ctx.log.warn({ stored }, 'webhook events the listeners had missed were stored');
    return { runAt: new Date(now + WEBHOOK_CATCH_UP.everyMs), payload: { checkedUpTo: now } };
  });
  await runner.schedule(WEBHOOK_CATCH_UP_JOB, WEBHOOK_CATCH_UP_JOB, new Date());
  runner.register(WEBHOOK_RETENTION_JOB, async () => {
    const { deleted, more } = await deliveries.pruneLog();
    if (deleted > 0) ctx.log.info({ deleted }, 'old webhook deliveries removed from the log');
    // A backlog (the first run over months of deliveries) goes on in a minute rather than in one statement.
    return new Date(Date.now() + (more ? 60_000 : 24 * 3_600_000));
  });
  await runner.schedule(WEBHOOK_RETENTION_JOB, WEBHOOK_RETENTION_JOB, new Date());
}
