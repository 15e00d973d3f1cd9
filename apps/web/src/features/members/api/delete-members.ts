import { bulkResult, type BulkResult } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMembers } from './invalidate-members';

/** POST /api/dashboard/members/delete {ids}: many members at once. */
export async function deleteMembers(siteId: string, ids: readonly string[]): Promise<BulkResult> {
  return bulkResult.parse(
    await apiRequest('/dashboard/members/delete', { method: 'POST', siteId, body: { ids } }),
  );
}

export const useDeleteMembers = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) => deleteMembers(siteId, ids),
    onSuccess: () => invalidateMembers(queryClient, siteId),
  });
};
