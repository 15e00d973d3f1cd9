import { inviteView, type InviteView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { invitesQueryKey } from './get-invites';

/** POST /api/admin/users/invites/{id}/resend: mails the invite again; its 14 days start over. */
export async function resendInvite(inviteId: string): Promise<InviteView> {
  return inviteView.parse(
    await apiRequest(`/admin/users/invites/${encodeURIComponent(inviteId)}/resend`, { method: 'POST' }),
  );
}

export const useResendInvite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesQueryKey }),
  });
};
