import type { forgotPasswordBody } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ForgotPasswordInput = z.output<typeof forgotPasswordBody>;

/** POST /api/dashboard/auth/forgot-password: always 204, whether or not the address is known. */
export async function requestPasswordReset(input: ForgotPasswordInput): Promise<void> {
  await apiRequest('/dashboard/auth/forgot-password', { method: 'POST', body: input, auth: 'public' });
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
