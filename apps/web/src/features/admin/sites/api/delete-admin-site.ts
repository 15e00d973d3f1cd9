import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { invalidateSites } from './invalidate-sites';

/**
 * DELETE /api/admin/sites/{id} (spec §4): the site's carts move to the staging site, its rides, bookings
 * and payments are removed, in one transaction. The staging site itself answers 400.
 */
export async function deleteAdminSite(siteId: string): Promise<void> {
  await apiRequest(`/admin/sites/${encodeURIComponent(siteId)}`, { method: 'DELETE' });
}

export const useDeleteAdminSite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAdminSite,
    onSuccess: () => invalidateSites(queryClient),
  });
};
