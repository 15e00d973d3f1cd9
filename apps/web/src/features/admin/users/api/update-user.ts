import { userView, type AdminUpdateUserBody, type UserView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { usersQueryKey } from './get-users';

/** PATCH /api/admin/users/{id}: only the changed fields; 409 when the email is taken, 400 for own role. */
export async function updateUser(userId: string, body: AdminUpdateUserBody): Promise<UserView> {
  return userView.parse(
    await apiRequest(`/admin/users/${encodeURIComponent(userId)}`, { method: 'PATCH', body }),
  );
}

export const useUpdateUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: AdminUpdateUserBody }) => updateUser(userId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
};
