import { codeEmailResult } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { membersQueryKey } from '../../../lib/site-query-keys';

/** POST /api/dashboard/codes/{id}/email: mails the code to its member; answers when it was sent. */
export async function emailCode(siteId: string, codeId: string): Promise<{ emailSent: string }> {
  return codeEmailResult.parse(
    await apiRequest(`/dashboard/codes/${encodeURIComponent(codeId)}/email`, { method: 'POST', siteId }),
  );
}

export const useEmailCode = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (codeId: string) => emailCode(siteId, codeId),
    // The list shows codes with their emailSent time.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(siteId) }),
  });
};
