import { userGroupView, type UserGroupView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/dashboard/sites/user-groups: the site's groups (the built-in guest group is not in the list). */
export async function getUserGroups(siteId: string, signal?: AbortSignal): Promise<UserGroupView[]> {
  return z.array(userGroupView).parse(await apiRequest('/dashboard/sites/user-groups', { siteId, signal }));
}

export const userGroupsQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: ['site', siteId, 'user-groups'],
    queryFn: ({ signal }) => getUserGroups(siteId, signal),
  });

export const useUserGroups = (siteId: string) => useQuery(userGroupsQueryOptions(siteId));
