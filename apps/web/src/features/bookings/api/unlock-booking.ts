import { bookingUnlockResult } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateBookings } from './invalidate-bookings';

/**
 * POST /api/dashboard/bookings/:id/unlock: staff unlock the booking's cart inside its window; answers the
 * ride (session) the unlock opened. The cart confirms over the socket like any other unlock.
 */
export async function unlockBooking(siteId: string, bookingId: string): Promise<string> {
  return bookingUnlockResult.parse(
    await apiRequest(`/dashboard/bookings/${bookingId}/unlock`, { method: 'POST', siteId }),
  ).session;
}

export const useUnlockBooking = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bookingId: string) => unlockBooking(siteId, bookingId),
    onSettled: () => invalidateBookings(queryClient, siteId),
  });
};
