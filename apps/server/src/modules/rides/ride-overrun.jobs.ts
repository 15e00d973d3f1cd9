import type { JobRunner } from '../../jobs/job-runner';
import type { RideOverrunService } from './ride-overrun.service';

export const RIDE_OVERRUN_JOB = 'ride-overrun';
/** Staff hear of an overdue ride within this long of its alert instant. */
export const RIDE_OVERRUN_INTERVAL_MS = 15_000;

/**
 * The overrun sweep (`ctx.rides.overrun`) as a durable job (issue 23): its row lives in `scheduled_jobs`, so
 * it keeps running across restarts and runs on one instance at a time; the rides' own mark
 * (`overrun_alerted_at`) makes each alert happen once whoever runs it.
 */
export async function registerRideOverrunJobs(
  runner: JobRunner,
  overrun: Pick<RideOverrunService, 'sweep'>,
): Promise<void> {
  runner.register(RIDE_OVERRUN_JOB, async () => {
    await overrun.sweep();
    return new Date(Date.now() + RIDE_OVERRUN_INTERVAL_MS);
  });
  await runner.schedule(RIDE_OVERRUN_JOB, RIDE_OVERRUN_JOB, new Date());
}
