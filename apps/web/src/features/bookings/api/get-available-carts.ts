import { availableCartsView, type AvailableCartsView } from '@fairway/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { availabilityQueryKey } from './bookings-query-key';

export interface AvailabilityRange {
  start: string;
  end: string;
  /** the booking being edited: its own time does not make its cart unavailable */
  excludedBookingId?: string;
}

/** GET /api/dashboard/bookings/availability/carts: the carts free for the range and the recommended one. */
export async function getAvailableCarts(
  siteId: string,
  range: AvailabilityRange,
  signal?: AbortSignal,
): Promise<AvailableCartsView> {
  return availableCartsView.parse(
    await apiRequest('/dashboard/bookings/availability/carts', { siteId, signal, query: { ...range } }),
  );
}

/** Off until a slot is picked (spec §4: picking a slot loads the available devices). */
export const useAvailableCarts = (siteId: string, range: AvailabilityRange | null) =>
  useQuery({
    queryKey: [...availabilityQueryKey(siteId), 'carts', range] as const,
    queryFn: ({ signal }) => getAvailableCarts(siteId, range!, signal),
    enabled: range !== null,
  });
