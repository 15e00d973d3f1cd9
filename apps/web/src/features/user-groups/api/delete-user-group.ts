import { userGroupDeleteResult } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { membersQueryKey } from '../../../lib/site-query-keys';
import { userGroupsQueryOptions } from './get-user-groups';

export type UserGroupDeleteResult = z.infer<typeof userGroupDeleteResult>;

/** DELETE /api/dashboard/sites/user-groups/{id}: deletes the group's prices too; its members become guests. */
export async function deleteUserGroup(siteId: string, groupId: string): Promise<UserGroupDeleteResult> {
  return userGroupDeleteResult.parse(
    await apiRequest(`/dashboard/sites/user-groups/${encodeURIComponent(groupId)}`, {
      method: 'DELETE',
      siteId,
    }),
  );
}

export const useDeleteUserGroup = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groupId: string) => deleteUserGroup(siteId, groupId),
    // Its members moved to guest, so the members list changed as well as the groups.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryKey(siteId) }),
        queryClient.invalidateQueries({ queryKey: userGroupsQueryOptions(siteId).queryKey }),
      ]),
  });
};
