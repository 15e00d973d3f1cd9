import { bookingView, type BookingView } from '@fairway/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { bookingsQueryKey } from './bookings-query-key';

/** GET /api/dashboard/bookings/:id: one booking or maintenance block of the site, whole. */
export async function getBooking(
  siteId: string,
  bookingId: string,
  signal?: AbortSignal,
): Promise<BookingView> {
  return bookingView.parse(await apiRequest(`/dashboard/bookings/${bookingId}`, { siteId, signal }));
}

/** Off while `bookingId` is null; under the site's bookings key, so saves and live updates refresh it. */
export const useBooking = (siteId: string, bookingId: string | null) =>
  useQuery({
    queryKey: [...bookingsQueryKey(siteId), 'one', bookingId] as const,
    queryFn: ({ signal }) => getBooking(siteId, bookingId!, signal),
    enabled: bookingId !== null,
  });
