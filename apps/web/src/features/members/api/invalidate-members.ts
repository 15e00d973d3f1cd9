import type { QueryClient } from '@tanstack/react-query';
import { userGroupsQueryOptions } from '../../user-groups';
import { membersQueryKey } from '../../../lib/site-query-keys';

/**
 * After a change to members every cached list page of the site is stale; so are the user groups, which
 * count their members.
 */
export const invalidateMembers = (queryClient: QueryClient, siteId: string) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: membersQueryKey(siteId) }),
    queryClient.invalidateQueries({ queryKey: userGroupsQueryOptions(siteId).queryKey }),
  ]);
