import { bookingView, type BookingPatchBody, type BookingView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateBookings } from './invalidate-bookings';

/** PATCH /api/dashboard/bookings/:id: what is sent replaces what is stored. */
export async function updateBooking(
  siteId: string,
  bookingId: string,
  body: BookingPatchBody,
): Promise<BookingView> {
  return bookingView.parse(
    await apiRequest(`/dashboard/bookings/${bookingId}`, { method: 'PATCH', siteId, body }),
  );
}

export const useUpdateBooking = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: BookingPatchBody }) => updateBooking(siteId, id, body),
    onSettled: () => invalidateBookings(queryClient, siteId),
  });
};
