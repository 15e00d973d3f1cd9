import type { QueryClient } from '@tanstack/react-query';
import { bookingsQueryKey } from './bookings-query-key';

/** After a save, a cancel or an unlock: every day, cart check and availability of the site is asked again. */
export const invalidateBookings = (queryClient: QueryClient, siteId: string) =>
  queryClient.invalidateQueries({ queryKey: bookingsQueryKey(siteId) });
