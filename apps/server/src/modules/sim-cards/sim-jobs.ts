import type { AppContext } from '../../context';
import type { JobRunner } from '../../jobs/job-runner';
import { SIM_RESTORE_JOB, type SimRestorePayload } from './sim-cards.repository';

/**
 * A SIM reset's guard (sim-cards.repository.ts `claimReset`) comes due only when the sequence never finished
 * (the server stopped mid-way): it enables the endpoint and activates the SIM, so no tracker is left without
 * cellular data. A provider that is away makes it try again with the runner's backoff.
 */
export function registerSimJobs(runner: JobRunner, ctx: AppContext): void {
  runner.register(SIM_RESTORE_JOB, async (job) => {
    await ctx.simCards.restore(job.payload as unknown as SimRestorePayload);
    ctx.log.info({ deviceId: job.payload.deviceId }, 'SIM put back in service after an unfinished reset');
    return null;
  });
}
