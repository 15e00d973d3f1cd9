import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** POST /api/admin/users/{id}/reset-password: mails the user a link to choose a new password. */
export async function sendPasswordReset(userId: string): Promise<void> {
  await apiRequest(`/admin/users/${encodeURIComponent(userId)}/reset-password`, { method: 'POST' });
}

export const useSendPasswordReset = () => useMutation({ mutationFn: sendPasswordReset });
