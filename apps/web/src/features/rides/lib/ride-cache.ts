import type { RideDetail, RidesPage, RideView } from '@fairway/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { RidesListParams } from '../api/get-rides';
import { rideDetailQueryKey, rideListsQueryKey } from '../api/rides-query-key';

/** Whether a ride that started at `start` belongs to the period a list page was asked for. */
function startsWithin(params: RidesListParams, start: string): boolean {
  const at = Date.parse(start);
  return at >= Date.parse(params.start) && at < Date.parse(params.end);
}

/**
 * Brings the cached rides of a site up to date with a ride as it now is (a `ride:update` from the socket, or
 * the answer to an action), without waiting for a refetch:
 * - a page showing the ride gets the new view in place (its duration, end, status change at once); if the
 *   ride was deleted, the page is asked again, since its count and its last card change;
 * - a page of the ride's period that does not show it (a ride that just started, or one on another page)
 *   is asked again, so a new ride appears on top;
 * - the ride's detail takes the new view and keeps its trail; it is then asked again for the trail, which
 *   a ride that ended has complete.
 */
export function applyRideUpdate(queryClient: QueryClient, siteId: string, ride: RideView): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: rideListsQueryKey(siteId) })) {
    const params = query.queryKey.at(-1) as RidesListParams;
    const page = query.state.data as RidesPage | undefined;
    const shown = page?.data.some((candidate) => candidate._id === ride._id) ?? false;
    if (shown && !ride.deleted) {
      queryClient.setQueryData<RidesPage>(query.queryKey, (current) =>
        current
          ? { ...current, data: current.data.map((item) => (item._id === ride._id ? ride : item)) }
          : current,
      );
    } else if (shown || (!ride.deleted && startsWithin(params, ride.start))) {
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    }
  }

  const detailKey = rideDetailQueryKey(siteId, ride._id);
  queryClient.setQueriesData<RideDetail>({ queryKey: detailKey }, (current) =>
    current ? { ...current, ...ride } : current,
  );
  if (!ride.deleted) void queryClient.invalidateQueries({ queryKey: detailKey });
}
