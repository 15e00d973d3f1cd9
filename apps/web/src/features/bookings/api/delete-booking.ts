import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateBookings } from './invalidate-bookings';

/** DELETE /api/dashboard/bookings/:id: cancels a booking that has not ended (cannot be undone). */
export async function deleteBooking(siteId: string, bookingId: string): Promise<void> {
  await apiRequest(`/dashboard/bookings/${bookingId}`, { method: 'DELETE', siteId });
}

export const useDeleteBooking = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => deleteBooking(siteId, bookingId),
    onSettled: () => invalidateBookings(queryClient, siteId),
  });
};
