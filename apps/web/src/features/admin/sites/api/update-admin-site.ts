import { siteView, type adminSitePatch, type SiteView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client';
import { adminSitesQueryKey } from '../../components/api/get-admin-sites';
import { invalidateSites } from './invalidate-sites';

export type AdminSiteChanges = NonNullable<z.input<typeof adminSitePatch>['updateData']>;

/** PATCH /api/admin/sites/{id} {updateData}: any site's general fields and configuration. */
export async function updateAdminSite(siteId: string, changes: AdminSiteChanges): Promise<SiteView> {
  return siteView.parse(
    await apiRequest(`/admin/sites/${encodeURIComponent(siteId)}`, {
      method: 'PATCH',
      body: { updateData: changes },
    }),
  );
}

/** The site's answer replaces its row at once, so a toggle shows the server's word without a reload. */
export const useUpdateAdminSite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, changes }: { siteId: string; changes: AdminSiteChanges }) =>
      updateAdminSite(siteId, changes),
    onSuccess: (saved) => {
      queryClient.setQueryData<SiteView[]>(adminSitesQueryKey, (sites) =>
        sites?.map((site) => (site._id === saved._id ? saved : site)),
      );
      return invalidateSites(queryClient);
    },
  });
};
