import { useQueryClient } from '@tanstack/react-query';
import { useRefetchAfterReconnect } from '../../realtime';
import { bookingsQueryKey } from '../api/bookings-query-key';
import { applyBookingUpdate } from '../lib/booking-cache';
import { useBookingUpdate } from './booking-update-event';

/**
 * Keeps the calendar live (spec §4 Live connection): each `booking:update` of the site patches the cached
 * days in place; after the connection was lost every bookings answer is asked again, since the updates sent
 * meanwhile never arrived.
 */
export function useLiveBookings(siteId: string, timeZone: string): void {
  const queryClient = useQueryClient();
  useBookingUpdate((booking) => {
    if (booking.site === siteId) applyBookingUpdate(queryClient, siteId, timeZone, booking);
  });

  useRefetchAfterReconnect(bookingsQueryKey(siteId));
}
