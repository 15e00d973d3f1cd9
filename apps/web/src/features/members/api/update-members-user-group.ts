import { bulkResult, type BulkResult } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMembers } from './invalidate-members';

/** PATCH /api/dashboard/members {ids, updateData {userGroup}}: null moves the members to the guest group. */
export async function updateMembersUserGroup(
  siteId: string,
  ids: readonly string[],
  userGroup: string | null,
): Promise<BulkResult> {
  return bulkResult.parse(
    await apiRequest('/dashboard/members', {
      method: 'PATCH',
      siteId,
      body: { ids, updateData: { userGroup } },
    }),
  );
}

export const useUpdateMembersUserGroup = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, userGroup }: { ids: readonly string[]; userGroup: string | null }) =>
      updateMembersUserGroup(siteId, ids, userGroup),
    onSuccess: () => invalidateMembers(queryClient, siteId),
  });
};
