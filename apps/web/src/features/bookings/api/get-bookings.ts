import { bookingView, type BookingView } from '@fairway/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { bookingDaysQueryKey, bookingsQueryKey } from './bookings-query-key';

export interface BookingsRange {
  /** ISO instants: the bookings overlapping [start, end) */
  start: string;
  end: string;
  /** one cart's only */
  device?: string;
}

/** GET /api/dashboard/bookings: the confirmed and payment_pending bookings overlapping the range, by start. */
export async function getBookings(
  siteId: string,
  range: BookingsRange,
  signal?: AbortSignal,
): Promise<BookingView[]> {
  return z
    .array(bookingView)
    .parse(await apiRequest('/dashboard/bookings', { siteId, signal, query: { ...range } }));
}

/** The calendar's day: `date` on the site's clock, asked as the instants of its midnights. */
export const bookingDayQueryOptions = (siteId: string, date: string, range: BookingsRange) =>
  queryOptions({
    queryKey: [...bookingDaysQueryKey(siteId), date] as const,
    queryFn: ({ signal }) => getBookings(siteId, range, signal),
    // The grid stays while the next day loads, so stepping through days never blanks the page.
    placeholderData: keepPreviousData,
  });

export const useBookingDay = (siteId: string, date: string, range: BookingsRange) =>
  useQuery(bookingDayQueryOptions(siteId, date, range));

/** One cart's bookings over a range (the maintenance dialog's check); off while the range is incomplete. */
export const useCartBookings = (siteId: string, range: BookingsRange | null) =>
  useQuery({
    queryKey: [...bookingsQueryKey(siteId), 'cart', range] as const,
    queryFn: ({ signal }) => getBookings(siteId, range!, signal),
    enabled: range !== null,
  });
