import { siteView, type SiteView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/dashboard/sites: the selected site (named by the `site-id` header) with its settings. */
export async function getSite(siteId: string, signal?: AbortSignal): Promise<SiteView> {
  return siteView.parse(await apiRequest('/dashboard/sites', { siteId, signal }));
}

export const siteQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: ['site', siteId],
    queryFn: ({ signal }) => getSite(siteId, signal),
    staleTime: 60_000,
  });

export const useSite = (siteId: string | null) =>
  useQuery({ ...siteQueryOptions(siteId ?? ''), enabled: siteId !== null });
