import type { resetPasswordBody } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ResetPasswordInput = z.output<typeof resetPasswordBody>;

/** POST /api/dashboard/auth/reset-password with the user id and token from the emailed link. */
export async function resetPassword(input: ResetPasswordInput): Promise<void> {
  await apiRequest('/dashboard/auth/reset-password', { method: 'POST', body: input, auth: 'public' });
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
