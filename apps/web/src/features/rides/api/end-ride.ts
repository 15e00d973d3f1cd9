import { rideView, type RideView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applyRideUpdate } from '../lib/ride-cache';
import { ridesQueryKey } from './rides-query-key';

/** POST /api/dashboard/rides/end {session}: ends an open ride (the server also locks the cart); answers the ride. */
export async function endRide(siteId: string, rideId: string): Promise<RideView> {
  return rideView.parse(
    await apiRequest('/dashboard/rides/end', { method: 'POST', siteId, body: { session: rideId } }),
  );
}

/** The ended ride shows at once in the list and the pane; every rides answer of the site is then refreshed. */
export const useEndRide = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rideId: string) => endRide(siteId, rideId),
    onSuccess: (ride) => applyRideUpdate(queryClient, siteId, ride),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ridesQueryKey(siteId) }),
  });
};
