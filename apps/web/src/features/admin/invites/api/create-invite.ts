import { inviteView, type CreateInviteBody, type InviteView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { invitesQueryKey } from './get-invites';

/**
 * POST /api/admin/users/invites: mails the invitee a registration link in their language; 409 when the
 * email already has an account or an invite, 400 without a site for a role below superadmin.
 */
export async function createInvite(body: CreateInviteBody): Promise<InviteView> {
  return inviteView.parse(await apiRequest('/admin/users/invites', { method: 'POST', body }));
}

export const useCreateInvite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesQueryKey }),
  });
};
