import { memberView, type MemberView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { membersQueryKey } from '../../../lib/site-query-keys';

/** PATCH /api/dashboard/members/{id} with the credits only (negative = unlimited, stored as -1). */
export async function updateMemberCredits(
  siteId: string,
  memberId: string,
  credits: number,
): Promise<MemberView> {
  return memberView.parse(
    await apiRequest(`/dashboard/members/${encodeURIComponent(memberId)}`, {
      method: 'PATCH',
      siteId,
      body: { credits },
    }),
  );
}

export const useUpdateMemberCredits = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, credits }: { memberId: string; credits: number }) =>
      updateMemberCredits(siteId, memberId, credits),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryKey(siteId) }),
  });
};
