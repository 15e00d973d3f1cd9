import { slotView, type SlotView } from '@fairway/domain';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { availabilityQueryKey } from './bookings-query-key';

/** GET /api/dashboard/bookings/availability/slots: a service's slots on a site date, free carts over total. */
export async function getBookingSlots(
  siteId: string,
  serviceId: string,
  dateString: string,
  signal?: AbortSignal,
): Promise<SlotView[]> {
  return z.array(slotView).parse(
    await apiRequest('/dashboard/bookings/availability/slots', {
      siteId,
      signal,
      query: { serviceId, dateString },
    }),
  );
}

/** Off until a service and a date are chosen (spec §4: changing the date reloads slots once a service is). */
export const useBookingSlots = (siteId: string, serviceId: string | null, dateString: string | null) =>
  useQuery({
    queryKey: [...availabilityQueryKey(siteId), 'slots', serviceId, dateString] as const,
    queryFn: ({ signal }) => getBookingSlots(siteId, serviceId!, dateString!, signal),
    enabled: serviceId !== null && dateString !== null,
  });
