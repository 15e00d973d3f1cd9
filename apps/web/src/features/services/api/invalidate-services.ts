import type { QueryClient } from '@tanstack/react-query';
import { userGroupsQueryOptions } from '../../user-groups';
import { servicesQueryOptions } from './get-services';

/**
 * After a service is saved or deleted: the services list, and the user groups too, because each group
 * shows how many prices use it.
 */
export const invalidateServices = (queryClient: QueryClient, siteId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: servicesQueryOptions(siteId).queryKey }),
    queryClient.invalidateQueries({ queryKey: userGroupsQueryOptions(siteId).queryKey }),
  ]);
