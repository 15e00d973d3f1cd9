import type { AppContext } from '../../context';
import type { JobRunner } from '../../jobs/job-runner';

export const SYSTEM_LOG_PRUNE_JOB = 'system-log-prune';
const DAY_MS = 24 * 60 * 60_000;

/**
 * Every tracker sends its system log (about a line a minute from a busy cart): lines older than the retention
 * are deleted once a day, in chunks, the next chunk a second later while older lines are left.
 */
export async function registerDeviceLogJobs(runner: JobRunner, ctx: AppContext): Promise<void> {
  runner.register(SYSTEM_LOG_PRUNE_JOB, async () => {
    const { deleted, more } = await ctx.deviceLogs.pruneSystemLogs(Date.now());
    if (deleted > 0) ctx.log.info({ deleted }, 'old system log lines deleted');
    return new Date(Date.now() + (more ? 1_000 : DAY_MS));
  });
  await runner.schedule(SYSTEM_LOG_PRUNE_JOB, SYSTEM_LOG_PRUNE_JOB, new Date());
}
