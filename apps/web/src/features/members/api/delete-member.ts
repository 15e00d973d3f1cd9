import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMembers } from './invalidate-members';

/** DELETE /api/dashboard/members/{id}: the member and their codes. */
export async function deleteMember(siteId: string, memberId: string): Promise<void> {
  await apiRequest(`/dashboard/members/${encodeURIComponent(memberId)}`, { method: 'DELETE', siteId });
}

export const useDeleteMember = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => deleteMember(siteId, memberId),
    onSuccess: () => invalidateMembers(queryClient, siteId),
  });
};
