import { siteView, type SiteView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client';

const sitesAnswer = z.array(siteView);

/** Every admin page that lists or changes sites shares this key, so a new or deleted site shows everywhere. */
export const adminSitesQueryKey = ['admin', 'sites'] as const;

/** GET /api/admin/sites: every site of the platform (superadmin), for the site pickers and the tables' names. */
export async function getAdminSites(signal?: AbortSignal): Promise<SiteView[]> {
  return sitesAnswer.parse(await apiRequest('/admin/sites', { signal }));
}

export const adminSitesQueryOptions = () =>
  queryOptions({
    queryKey: adminSitesQueryKey,
    queryFn: ({ signal }) => getAdminSites(signal),
    // Sites change rarely; the tables and pickers of several tabs share one answer.
    staleTime: 60_000,
  });

export const useAdminSites = () => useQuery(adminSitesQueryOptions());

/** Site names by id (a user's or an invite's sites are ids). */
export function useSiteNames(): ReadonlyMap<string, string> | undefined {
  const { data } = useAdminSites();
  return useMemo(() => data && new Map(data.map((site) => [site._id, site.name])), [data]);
}
