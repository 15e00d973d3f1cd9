import { memberView, type MemberPatchBody, type MemberView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMembers } from './invalidate-members';

/** PATCH /api/dashboard/members/{id}: only the changed fields; 409 when the new email is taken. */
export async function updateMember(
  siteId: string,
  memberId: string,
  body: MemberPatchBody,
): Promise<MemberView> {
  return memberView.parse(
    await apiRequest(`/dashboard/members/${encodeURIComponent(memberId)}`, { method: 'PATCH', siteId, body }),
  );
}

export const useUpdateMember = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, body }: { memberId: string; body: MemberPatchBody }) =>
      updateMember(siteId, memberId, body),
    onSuccess: () => invalidateMembers(queryClient, siteId),
  });
};
