import { siteListItem, type SiteListItem } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/dashboard/sites/list: the sites the user holds (a superadmin: all of them). */
export async function getSitesList(signal?: AbortSignal): Promise<SiteListItem[]> {
  return z.array(siteListItem).parse(await apiRequest('/dashboard/sites/list', { auth: 'user', signal }));
}

export const sitesListQueryOptions = () =>
  queryOptions({
    queryKey: ['sites', 'list'],
    queryFn: ({ signal }) => getSitesList(signal),
    staleTime: 5 * 60_000,
  });

export const useSitesList = () => useQuery(sitesListQueryOptions());
