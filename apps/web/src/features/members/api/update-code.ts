import { codeView, type CodePatchBody, type CodeView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { membersQueryKey } from '../../../lib/site-query-keys';

/** PATCH /api/dashboard/codes/{id}: the changed fields of a code; 409 when the new code is taken. */
export async function updateCode(siteId: string, codeId: string, body: CodePatchBody): Promise<CodeView> {
  return codeView.parse(
    await apiRequest(`/dashboard/codes/${encodeURIComponent(codeId)}`, { method: 'PATCH', siteId, body }),
  );
}

export const useUpdateCode = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ codeId, body }: { codeId: string; body: CodePatchBody }) =>
      updateCode(siteId, codeId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(siteId) }),
  });
};
