import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { usersQueryKey } from './get-users';

/** DELETE /api/admin/users/{id}; 400 for one's own account. */
export async function deleteUser(userId: string): Promise<void> {
  await apiRequest(`/admin/users/${encodeURIComponent(userId)}`, { method: 'DELETE' });
}

export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
};
