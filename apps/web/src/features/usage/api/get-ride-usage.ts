import { rideUsage, type RideUsage, type UsageOrigin } from '@fairway/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every cached usage answer of a site sits under this key. */
export const usageQueryKey = (siteId: string) => ['site', siteId, 'usage'] as const;

/** What the page asks GET /rides/chart (domain `rideUsageQuery`): the period, and optionally one cart and origin. */
export interface RideUsageParams {
  /** ISO instant, included: the first day's midnight on the site's clock */
  start: string;
  /** ISO instant, excluded */
  end: string;
  /** one cart of the site; absent = all */
  device?: string;
  /** absent = every origin (the server's default) */
  origin?: Exclude<UsageOrigin, 'all'>;
}

/**
 * The query of `params` without its empty filters, so the unfiltered page and a heatmap without a filter
 * are one query (one key, one request).
 */
export function usageParams(
  range: { start: string; end: string },
  filters: { device?: string | null; origin?: UsageOrigin } = {},
): RideUsageParams {
  const params: RideUsageParams = { start: range.start, end: range.end };
  if (filters.device) params.device = filters.device;
  if (filters.origin && filters.origin !== 'all') params.origin = filters.origin;
  return params;
}

/**
 * GET /api/dashboard/rides/chart: the site's rounds in [start, end), aggregated by the server on the site's
 * clock (totals, per day or month, cart, service, price, weekday × hour).
 */
export async function getRideUsage(
  siteId: string,
  params: RideUsageParams,
  signal?: AbortSignal,
): Promise<RideUsage> {
  return rideUsage.parse(
    await apiRequest('/dashboard/rides/chart', { siteId, signal, query: { ...params } }),
  );
}

export const rideUsageQueryOptions = (siteId: string, params: RideUsageParams) =>
  queryOptions({
    queryKey: [...usageQueryKey(siteId), params],
    queryFn: ({ signal }) => getRideUsage(siteId, params, signal),
    // Another period or filter keeps the charts in view (dimmed) while the next answer comes.
    placeholderData: keepPreviousData,
  });

export const useRideUsage = (siteId: string, params: RideUsageParams) =>
  useQuery(rideUsageQueryOptions(siteId, params));
