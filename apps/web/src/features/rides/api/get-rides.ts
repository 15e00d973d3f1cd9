import { ridesPage, type RidesPage, type RideSearchField } from '@fairway/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { rideListsQueryKey } from './rides-query-key';

/** One page of the list as the server cuts it (domain `ridesQuery`); always newest first. */
export interface RidesListParams {
  /** 1-based */
  page: number;
  limit: number;
  /** ISO instant, included: the ride's start is on or after it */
  start: string;
  /** ISO instant, excluded */
  end: string;
  /** absent = every ride of the period */
  search?: string;
  /** the field `search` looks in; sent only with a search */
  searchField?: RideSearchField;
}

/** GET /api/dashboard/rides: a page of the site's rides that started in [start, end), newest first. */
export async function getRides(
  siteId: string,
  params: RidesListParams,
  signal?: AbortSignal,
): Promise<RidesPage> {
  return ridesPage.parse(
    await apiRequest('/dashboard/rides', { siteId, signal, query: { ...params, sort: 'start:desc' } }),
  );
}

export const ridesListQueryOptions = (siteId: string, params: RidesListParams) =>
  queryOptions({
    queryKey: [...rideListsQueryKey(siteId), params] as const,
    queryFn: ({ signal }) => getRides(siteId, params, signal),
    // The count and the pager stay while the next page loads (the cards show placeholders meanwhile).
    placeholderData: keepPreviousData,
    // Rides start and end all day: going back to a page asks again instead of trusting a 30 s old copy.
    staleTime: 0,
  });

export const useRides = (siteId: string, params: RidesListParams) =>
  useQuery(ridesListQueryOptions(siteId, params));
