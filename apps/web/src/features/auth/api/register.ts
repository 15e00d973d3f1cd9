import type { registerBody } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type RegisterInput = z.output<typeof registerBody>;

/** POST /api/dashboard/auth/register: completes an invitation (email and token come from the link). */
export async function register(input: RegisterInput): Promise<void> {
  await apiRequest('/dashboard/auth/register', { method: 'POST', body: input, auth: 'public' });
}

export const useRegister = () => useMutation({ mutationFn: register });
