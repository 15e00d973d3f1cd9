import type { RideDetail } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rideDetailQueryKey, rideListsQueryKey } from './rides-query-key';

/**
 * POST /api/dashboard/rides/delete {sessionID}: removes a ride for good (spec §5: cannot be undone). The
 * answer's body is not used: the page only needs to know it worked.
 */
export async function deleteRide(siteId: string, rideId: string): Promise<void> {
  await apiRequest('/dashboard/rides/delete', { method: 'POST', siteId, body: { sessionID: rideId } });
}

/**
 * A deleted ride's cached detail is marked deleted rather than dropped (a pane still showing it would
 * otherwise ask the server for it again and meet a 404); the lists are asked again (count, last card).
 */
export const useDeleteRide = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rideId: string) => deleteRide(siteId, rideId),
    onSuccess: (_answer, rideId) =>
      queryClient.setQueriesData<RideDetail>({ queryKey: rideDetailQueryKey(siteId, rideId) }, (current) =>
        current ? { ...current, deleted: true } : current,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rideListsQueryKey(siteId) }),
  });
};
