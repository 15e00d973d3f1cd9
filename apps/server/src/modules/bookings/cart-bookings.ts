import { and, asc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { CartBooking, CartBookingsNow } from '@fairway/domain';
import type { DbExecutor } from '../../db/client';
import { bookings } from '../../db/tables/bookings';
import { sites } from '../../db/tables/sites';

/**
 * What other modules read of a cart's bookings (issue 17): the guest cart status (BOOKED, maintenance), and
 * the cart views of the map and fleet. Queries over the table only, so the guest, payments, rides and
 * devices modules use them without the bookings module importing any of them.
 */

/** Statuses of a booking that still holds its cart and may still be ridden. */
const LIVE = ['confirmed', 'payment_pending'] as const;

/**
 * Whether a live booking, or a maintenance block, covers `now` on the cart. `exceptBookingId`: the booking
 * being unlocked does not refuse its own ride.
 */
export async function cartBookingsNow(
  db: DbExecutor,
  deviceId: string,
  now: Date,
  exceptBookingId?: string | null,
): Promise<CartBookingsNow> {
  const rows = await db
    .selectDistinct({ bookingType: bookings.bookingType })
    .from(bookings)
    .where(
      and(
        eq(bookings.deviceId, deviceId),
        inArray(bookings.status, [...LIVE]),
        lte(bookings.start, now),
        gt(bookings.end, now),
        exceptBookingId ? ne(bookings.id, exceptBookingId) : undefined,
      ),
    );
  return {
    bookedNow: rows.some((row) => row.bookingType === 'booking'),
    maintenanceNow: rows.some((row) => row.bookingType === 'cart_maintenance'),
  };
}

/**
 * The live bookings and maintenance blocks of a site's carts (or one cart's) from `now` until the end of the
 * site's day on its own clock, by start: what a cart view carries.
 */
export async function cartBookingsToday(
  db: DbExecutor,
  where: { siteId: string } | { deviceId: string },
  now: Date,
): Promise<Map<string, CartBooking[]>> {
  const at = now.toISOString();
  const endOfDay = sql`((date_trunc('day', ${at}::timestamptz at time zone ${sites.timezone}) + interval '1 day')
    at time zone ${sites.timezone})`;
  const rows = await db
    .select({
      id: bookings.id,
      deviceId: bookings.deviceId,
      bookingType: bookings.bookingType,
      start: bookings.start,
      end: bookings.end,
      name: bookings.name,
      scheduleUnlock: bookings.scheduleUnlock,
    })
    .from(bookings)
    .innerJoin(sites, eq(sites.id, bookings.siteId))
    .where(
      and(
        'siteId' in where ? eq(bookings.siteId, where.siteId) : eq(bookings.deviceId, where.deviceId),
        inArray(bookings.status, [...LIVE]),
        gt(bookings.end, now),
        sql`${bookings.start} < ${endOfDay}`,
      ),
    )
    .orderBy(asc(bookings.start), asc(bookings.id));
  const byCart = new Map<string, CartBooking[]>();
  for (const row of rows) {
    const list = byCart.get(row.deviceId) ?? [];
    list.push({
      _id: row.id,
      bookingType: row.bookingType,
      start: row.start.toISOString(),
      end: row.end.toISOString(),
      name: row.name,
      scheduleUnlock: row.scheduleUnlock,
    });
    byCart.set(row.deviceId, list);
  }
  return byCart;
}
