import type { Logger } from 'pino';
import { HttpError } from '../../lib/errors';
import type { DomainEventBus } from '../../lib/events';
import type { BookingsRepository } from './bookings.repository';
import type { BookingsService } from './bookings.service';

export interface BookingSweepResult {
  /** scheduled unlocks sent (the cart confirms the ride) */
  unlocked: number;
  /** scheduled unlocks the cart could not take now (offline, in use…), tried again a minute later */
  refused: number;
  /** expired bookings without a ride, now no_show */
  noShows: number;
}

/**
 * The bookings' timed work, run by the 'booking-unlocks' job (booking-jobs.ts): a booking with
 * scheduleUnlock unlocks its cart when its unlock window opens (start + the site's bookingOffset; at start
 * with offset 0), and expired bookings nobody rode end as no_show. Every step claims its rows in one
 * conditional UPDATE, so the work is done once however many instances run, and it lives in the database,
 * so a restart loses none of it.
 */
export class BookingSweepService {
  constructor(
    private readonly repo: BookingsRepository,
    private readonly bookings: BookingsService,
    private readonly bus: DomainEventBus,
    private readonly log: Logger,
  ) {}

  async run(now = Date.now()): Promise<BookingSweepResult> {
    const result: BookingSweepResult = { unlocked: 0, refused: 0, noShows: 0 };
    for (const booking of await this.repo.claimDueScheduledUnlocks(new Date(now))) {
      try {
        const ride = await this.bookings.scheduledUnlock(booking, now);
        this.log.info({ bookingId: booking.id, rideId: ride.id }, 'scheduled booking unlock sent');
        result.unlocked++;
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        this.log.warn({ bookingId: booking.id, why: error.message }, 'scheduled booking unlock refused');
        result.refused++;
      }
    }
    for (const ended of await this.repo.markNoShows(new Date(now))) {
      this.bus.emit('booking.updated', ended.id, ended.siteId);
      result.noShows++;
    }
    return result;
  }
}
