import { rideView, type RideView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applyRideUpdate } from '../lib/ride-cache';
import { ridesQueryKey } from './rides-query-key';

/** POST /api/dashboard/rides/resume {session}: unlocks the cart of a paused ride; answers the ride. */
export async function resumeRide(siteId: string, rideId: string): Promise<RideView> {
  return rideView.parse(
    await apiRequest('/dashboard/rides/resume', { method: 'POST', siteId, body: { session: rideId } }),
  );
}

/** The resumed ride shows at once in the list and the pane; every rides answer of the site is then refreshed. */
export const useResumeRide = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rideId: string) => resumeRide(siteId, rideId),
    onSuccess: (ride) => applyRideUpdate(queryClient, siteId, ride),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ridesQueryKey(siteId) }),
  });
};
