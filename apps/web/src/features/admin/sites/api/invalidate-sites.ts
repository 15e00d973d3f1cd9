import type { QueryClient } from '@tanstack/react-query';
import { adminSitesQueryKey } from '../../components/api/get-admin-sites';

/**
 * After a site is made, changed or removed: the admin table, and the site selector's list (a superadmin
 * holds every site, so a new one belongs in it and a removed one must leave it).
 */
export function invalidateSites(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: adminSitesQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['sites', 'list'] }),
  ]).then(() => undefined);
}
