import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { membersQueryKey } from '../../../lib/site-query-keys';

/** DELETE /api/dashboard/codes/{id}. */
export async function deleteCode(siteId: string, codeId: string): Promise<void> {
  await apiRequest(`/dashboard/codes/${encodeURIComponent(codeId)}`, { method: 'DELETE', siteId });
}

export const useDeleteCode = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (codeId: string) => deleteCode(siteId, codeId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(siteId) }),
  });
};
