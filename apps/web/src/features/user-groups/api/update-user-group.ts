import { userGroupView, type UserGroupBody, type UserGroupView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { membersQueryKey } from '../../../lib/site-query-keys';
import { userGroupsQueryOptions } from './get-user-groups';

/** PATCH /api/dashboard/sites/user-groups/{id}: a new name. */
export async function updateUserGroup(
  siteId: string,
  groupId: string,
  body: UserGroupBody,
): Promise<UserGroupView> {
  return userGroupView.parse(
    await apiRequest(`/dashboard/sites/user-groups/${encodeURIComponent(groupId)}`, {
      method: 'PATCH',
      siteId,
      body,
    }),
  );
}

export const useUpdateUserGroup = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, body }: { groupId: string; body: UserGroupBody }) =>
      updateUserGroup(siteId, groupId, body),
    // The members list shows each member's group by name.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: membersQueryKey(siteId) }),
        queryClient.invalidateQueries({ queryKey: userGroupsQueryOptions(siteId).queryKey }),
      ]),
  });
};
