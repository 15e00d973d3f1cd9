import { userGroupView, type UserGroupBody, type UserGroupView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { userGroupsQueryOptions } from './get-user-groups';

/** POST /api/dashboard/sites/user-groups: a new, empty group. */
export async function createUserGroup(siteId: string, body: UserGroupBody): Promise<UserGroupView> {
  return userGroupView.parse(
    await apiRequest('/dashboard/sites/user-groups', { method: 'POST', siteId, body }),
  );
}

export const useCreateUserGroup = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UserGroupBody) => createUserGroup(siteId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userGroupsQueryOptions(siteId).queryKey }),
  });
};
