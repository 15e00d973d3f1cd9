import type { AppContext } from '../../context';
import type { JobRunner } from '../../jobs/job-runner';

/** Scheduled unlocks are sent within this long of their window opening; no-shows are marked as late. */
export const BOOKING_SWEEP_INTERVAL_MS = 10_000;

/** A guest may be waiting at the cart: an instance killed mid-run hands the sweep on quickly. */
const BOOKING_SWEEP_LEASE_MS = 20_000;

/** Registers the bookings' durable work with the job runner (run once across instances). */
export async function registerBookingJobs(runner: JobRunner, ctx: AppContext): Promise<void> {
  runner.register(
    'booking-unlocks',
    async () => {
      const { unlocked, refused, noShows } = await ctx.bookingSweep.run();
      if (unlocked || refused || noShows) ctx.log.info({ unlocked, refused, noShows }, 'bookings swept');
      return new Date(Date.now() + BOOKING_SWEEP_INTERVAL_MS);
    },
    { leaseMs: BOOKING_SWEEP_LEASE_MS },
  );
  await runner.schedule('booking-unlocks', 'booking-unlocks', new Date());
}
