import { rangesOverlap, type BookingView } from '@fairway/domain';
import type { QueryClient } from '@tanstack/react-query';
import { availabilityQueryKey, bookingDaysQueryKey } from '../api/bookings-query-key';
import { dayRange } from './calendar';

const byStart = (a: BookingView, b: BookingView) => Date.parse(a.start) - Date.parse(b.start);

/**
 * A `booking:update` applied to every cached day of the site (spec §4 Live connection): a booking made or
 * moved shows on the days it overlaps, leaves the days it no longer does (moved to another cart or time),
 * and a cancelled one is removed. Slots and free carts are asked again, since every booking changes them.
 */
export function applyBookingUpdate(
  queryClient: QueryClient,
  siteId: string,
  timeZone: string,
  booking: BookingView,
): void {
  const interval = { start: Date.parse(booking.start), end: Date.parse(booking.end) };
  for (const [key, list] of queryClient.getQueriesData<BookingView[]>({
    queryKey: bookingDaysQueryKey(siteId),
  })) {
    if (!list) continue;
    const date = key.at(-1) as string;
    const shows = booking.status !== 'cancelled' && rangesOverlap(interval, dayRange(date, timeZone).range);
    const others = list.filter((item) => item._id !== booking._id);
    queryClient.setQueryData<BookingView[]>(key, shows ? [...others, booking].sort(byStart) : others);
  }
  void queryClient.invalidateQueries({ queryKey: availabilityQueryKey(siteId) });
}
