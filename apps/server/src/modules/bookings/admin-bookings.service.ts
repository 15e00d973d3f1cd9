import type {
  AdminBookingsPage,
  AdminBookingsPatchBody,
  AdminBookingsQuery,
  AdminBulkAnswer,
  BookingStatus,
} from '@fairway/domain';
import type { NewActivity } from '../../db/activity-entries';
import type { AuthUser } from '../../lib/access';
import { HttpError } from '../../lib/errors';
import { paginationOf } from '../../lib/pagination';
import type { AdminBookingsRepository, LocatedBooking } from './admin-bookings.repository';
import { toBookingView } from './bookings.presenter';
import type { BookingsService } from './bookings.service';

type Skipped = AdminBulkAnswer['skipped'][number];
type Change = AdminBookingsPatchBody['updateData'];

const LIVE: readonly BookingStatus[] = ['confirmed', 'payment_pending'];

/**
 * The platform admins' bookings across sites (spec §7 Admin /bookings). Every change goes through
 * `BookingsService`, one booking at a time, so the calendar's rules hold unchanged: a booking system's or
 * the booking app's bookings stay theirs, past bookings stay as they were, a cancelled one is not revived,
 * and `booking.updated` reaches the site's screens. A refusal skips that booking and says why.
 */
export class AdminBookingsService {
  constructor(
    private readonly repo: AdminBookingsRepository,
    private readonly bookings: BookingsService,
  ) {}

  async list(query: AdminBookingsQuery, now = Date.now()): Promise<AdminBookingsPage> {
    const { rows, total } = await this.repo.page(query);
    return {
      data: rows.map((row) => ({
        ...toBookingView(row, row.currency, now),
        siteName: row.siteName,
        createdAt: row.createdAt.toISOString(),
      })),
      pagination: paginationOf(query.page, query.limit, total),
    };
  }

  /** The bulk PATCH: the note first (while the booking is live), then the cancellation, each as staff would. */
  update(user: AuthUser, ids: readonly string[], change: Change): Promise<AdminBulkAnswer> {
    return this.each(user, ids, async (booking) => {
      if (change.note !== undefined) {
        await this.bookings.update(booking.siteId, booking.id, { note: change.note });
        await this.record(user, booking, 'admin_booking_updated', 'Booking note changed', {
          note: change.note,
        });
      }
      if (change.status === 'cancelled') await this.cancel(user, booking);
    });
  }

  /** POST /bulk: deleting a booking cancels it (spec §5, as the calendar's delete), so rides and reports keep it. */
  cancelMany(user: AuthUser, ids: readonly string[]): Promise<AdminBulkAnswer> {
    return this.each(user, ids, (booking) => this.cancel(user, booking));
  }

  private async cancel(user: AuthUser, booking: LocatedBooking): Promise<void> {
    await this.bookings.remove(booking.siteId, booking.id);
    await this.record(user, booking, 'admin_booking_cancelled', 'Booking cancelled', {});
  }

  /**
   * Runs `act` on each booking that exists and is live, in the order asked; a refusal of the bookings
   * service (an HttpError) skips that booking with its code and message. Anything else is a fault and
   * stops the call: the bookings already done stay done (each is its own change, as on the calendar).
   */
  private async each(
    user: AuthUser,
    ids: readonly string[],
    act: (booking: LocatedBooking) => Promise<void>,
  ): Promise<AdminBulkAnswer> {
    const found = new Map((await this.repo.locate(ids)).map((booking) => [booking.id, booking]));
    const done: string[] = [];
    const skipped: Skipped[] = [];
    for (const id of ids) {
      const booking = found.get(id);
      if (!booking) {
        skipped.push({ id, reason: 'notFound', message: 'Booking not found' });
        continue;
      }
      if (!LIVE.includes(booking.status)) {
        skipped.push({ id, reason: 'notActive', message: 'status: This booking is no longer active' });
        continue;
      }
      try {
        await act(booking);
        done.push(id);
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        skipped.push({ id, reason: error.code ?? 'refused', message: error.message });
      }
    }
    return { done: done.length, ids: done, skipped };
  }

  private record(
    user: AuthUser,
    booking: LocatedBooking,
    type: NewActivity['type'],
    what: string,
    data: Record<string, unknown>,
  ): Promise<void> {
    return this.repo.recordActivity({
      type,
      deviceId: booking.deviceId,
      siteId: booking.siteId,
      message: `${what} by ${user.email}`,
      data: { bookingId: booking.id, userId: user.id, ...data },
    });
  }
}
