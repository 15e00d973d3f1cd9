import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { invitesQueryKey } from './get-invites';

/** DELETE /api/admin/users/invites/{id}: the invite's link stops working. */
export async function deleteInvite(inviteId: string): Promise<void> {
  await apiRequest(`/admin/users/invites/${encodeURIComponent(inviteId)}`, { method: 'DELETE' });
}

export const useDeleteInvite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesQueryKey }),
  });
};
