import { rideHistory, type RideHistory, type RideHistoryQuery } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiErrorCode, apiRequest } from '../../../lib/api-client';

/** GET /api/dashboard/rides/history: the site's trails or heatmap for [start, end). */
export async function getRideHistory(
  siteId: string,
  query: RideHistoryQuery,
  signal?: AbortSignal,
): Promise<RideHistory> {
  return rideHistory.parse(
    await apiRequest('/dashboard/rides/history', { siteId, query: { ...query }, signal }),
  );
}

/** 503 `historyNotReady`: the server is still rolling up the period, which takes minutes, not seconds. */
export const isHistoryNotReady = (error: unknown): boolean => apiErrorCode(error) === 'historyNotReady';

export const rideHistoryQueryOptions = (siteId: string, query: RideHistoryQuery) =>
  queryOptions({
    queryKey: ['site', siteId, 'rides', 'history', query.mode, query.start, query.end],
    queryFn: ({ signal }) => getRideHistory(siteId, query, signal),
    // Past days do not change; today grows slowly. A range picked again within a minute is not refetched.
    staleTime: 60_000,
    // As the app's default (no answer or a server fault: twice), except a period still being prepared.
    retry: (failureCount, error) =>
      failureCount < 2 &&
      !isHistoryNotReady(error) &&
      !(error instanceof ApiError && error.kind === 'http' && error.status < 500),
  });

/** While the next period loads, the previous answer of the same mode stays drawn. */
export const useRideHistory = (siteId: string, query: RideHistoryQuery) =>
  useQuery({
    ...rideHistoryQueryOptions(siteId, query),
    placeholderData: (previous) => (previous?.mode === query.mode ? previous : undefined),
  });
