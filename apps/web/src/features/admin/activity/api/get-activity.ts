import { activityPage, type ActivityPage } from '@fairway/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** The filters and page the viewer asks for (domain `activityQuery`); absent filters are left out. */
export interface ActivityParams {
  siteId?: string;
  deviceId?: string;
  /** ISO instants: the start date's midnight, and the midnight after the end date */
  startDate?: string;
  endDate?: string;
  q?: string;
  page: number;
  limit: number;
}

/** Every activity query sits under this key; clearing a log invalidates it. */
export const activityQueryKey = ['admin', 'activity'] as const;

/** GET /api/admin/activity: one page of the log, newest first, filtered by the server. */
export async function getActivity(params: ActivityParams, signal?: AbortSignal): Promise<ActivityPage> {
  return activityPage.parse(await apiRequest('/admin/activity', { signal, query: { ...params } }));
}

export const activityQueryOptions = (params: ActivityParams) =>
  queryOptions({
    queryKey: [...activityQueryKey, params],
    queryFn: ({ signal }) => getActivity(params, signal),
    // The page in view stays while the next loads, so paging and typing never blank the log.
    placeholderData: keepPreviousData,
  });

export const useActivity = (params: ActivityParams) => useQuery(activityQueryOptions(params));
