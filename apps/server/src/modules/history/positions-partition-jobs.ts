import type { AppContext } from '../../context';
import type { JobRunner } from '../../jobs/job-runner';

export const POSITIONS_PARTITIONS_JOB = 'positions-partitions';
const DAY_MS = 24 * 60 * 60_000;
/** A month past the retention waits for the history roll-up (every 15 minutes): look again in an hour. */
const POSTPONED_RETRY_MS = 60 * 60_000;

/**
 * `positions` by month (migration 0015): once a day, and at start, the coming months' partitions are made and
 * those past POSITIONS_RETENTION_MONTHS dropped (modules/history/positions-partitions.ts). Durable, so it runs
 * on one instance at a time; a failed step (a lock not had within its timeout) is retried with backoff.
 */
export async function registerPositionsPartitionJobs(runner: JobRunner, ctx: AppContext): Promise<void> {
  runner.register(POSITIONS_PARTITIONS_JOB, async () => {
    const { postponed } = await ctx.positionsPartitions.maintain(new Date());
    return new Date(Date.now() + (postponed.length > 0 ? POSTPONED_RETRY_MS : DAY_MS));
  });
  await runner.schedule(POSITIONS_PARTITIONS_JOB, POSITIONS_PARTITIONS_JOB, new Date());
}
