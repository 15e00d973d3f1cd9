import { siteView, type adminSiteCreate, type SiteView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateSites } from './invalidate-sites';

export type AdminSiteCreateBody = z.input<typeof adminSiteCreate>;

/** POST /api/admin/sites: a new site (spec §7: name, country, currency, centre; here also zone and fee). */
export async function createAdminSite(body: AdminSiteCreateBody): Promise<SiteView> {
  return siteView.parse(await apiRequest('/admin/sites', { method: 'POST', body }));
}

export const useCreateAdminSite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminSite,
    onSuccess: () => invalidateSites(queryClient),
  });
};
