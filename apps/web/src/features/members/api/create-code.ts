import { codeView, type CodeCreateBody, type CodeView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { membersQueryKey } from '../../../lib/site-query-keys';

/** POST /api/dashboard/codes: a new code for a member (optionally emailed); 409 when the code is taken. */
export async function createCode(siteId: string, body: CodeCreateBody): Promise<CodeView> {
  return codeView.parse(await apiRequest('/dashboard/codes', { method: 'POST', siteId, body }));
}

export const useCreateCode = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CodeCreateBody) => createCode(siteId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(siteId) }),
  });
};
