import { rideDetail, type RideDetail } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rideDetailQueryKey } from './rides-query-key';

/**
 * While a ride is open its trail grows; the socket announces only starts, pauses and ends, so the open
 * ride's detail asks again at this pace to draw the new part of the trail.
 */
export const OPEN_RIDE_REFRESH_MS = 15_000;

/**
 * GET /api/dashboard/rides/:id?hiRes=: the detail pane's ride with its trail: every position with
 * `hiRes`, else a line simplified for drawing.
 */
export async function getRide(
  siteId: string,
  rideId: string,
  hiRes: boolean,
  signal?: AbortSignal,
): Promise<RideDetail> {
  return rideDetail.parse(
    await apiRequest(`/dashboard/rides/${encodeURIComponent(rideId)}`, {
      siteId,
      signal,
      query: { hiRes },
    }),
  );
}

export const rideQueryOptions = (siteId: string, rideId: string, hiRes: boolean) =>
  queryOptions({
    queryKey: [...rideDetailQueryKey(siteId, rideId), { hiRes }] as const,
    queryFn: ({ signal }) => getRide(siteId, rideId, hiRes, signal),
    // Switching the resolution keeps the trail in view until the other one arrives; another ride never
    // borrows this one's (the pane is keyed by ride, so a previous answer is always this ride's).
    placeholderData: (previous) => (previous?._id === rideId ? previous : undefined),
    refetchInterval: (query) =>
      query.state.data && query.state.data.status !== 'ended' ? OPEN_RIDE_REFRESH_MS : false,
  });

export const useRide = (siteId: string, rideId: string, hiRes: boolean) =>
  useQuery(rideQueryOptions(siteId, rideId, hiRes));
