import { siteView, type DashboardSitePatch, type SiteView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { siteQueryOptions } from './get-site';

/**
 * PATCH /api/dashboard/sites {updateData, publish}: saves site settings. Device settings stay unpublished
 * (listed in `unpublishedChanges`) until a call with `publish: true` puts them into every cart's config.
 */
export async function updateSite(siteId: string, body: DashboardSitePatch): Promise<SiteView> {
  return siteView.parse(await apiRequest('/dashboard/sites', { method: 'PATCH', siteId, body }));
}

/** The answer is the whole site, so it replaces the cached one: every settings card sees the save at once. */
export const useUpdateSite = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DashboardSitePatch) => updateSite(siteId, body),
    onSuccess: (site) => queryClient.setQueryData(siteQueryOptions(siteId).queryKey, site),
  });
};
