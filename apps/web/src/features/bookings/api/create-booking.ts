import { bookingView, type BookingBody, type BookingView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateBookings } from './invalidate-bookings';

/** The body as sent: the server fills its defaults (bookingType booking, empty name and note). */
export type NewBookingBody = Partial<BookingBody> & Pick<BookingBody, 'start' | 'end' | 'device'>;

/** POST /api/dashboard/bookings: a booking, or with bookingType cart_maintenance a maintenance block. */
export async function createBooking(siteId: string, body: NewBookingBody): Promise<BookingView> {
  return bookingView.parse(await apiRequest('/dashboard/bookings', { method: 'POST', siteId, body }));
}

export const useCreateBooking = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewBookingBody) => createBooking(siteId, body),
    onSettled: () => invalidateBookings(queryClient, siteId),
  });
};
