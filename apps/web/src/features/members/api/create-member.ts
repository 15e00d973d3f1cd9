import { memberView, type MemberCreateBody, type MemberView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateMembers } from './invalidate-members';

/** POST /api/dashboard/members: 409 when the site already has a member with the email. */
export async function createMember(siteId: string, body: MemberCreateBody): Promise<MemberView> {
  return memberView.parse(await apiRequest('/dashboard/members', { method: 'POST', siteId, body }));
}

export const useCreateMember = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberCreateBody) => createMember(siteId, body),
    onSuccess: () => invalidateMembers(queryClient, siteId),
  });
};
