import { tokenPair, type loginBody } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest, resetSessionExpiredReport } from '../../../lib/api-client';
import { storeTokens } from '../../../lib/auth-tokens';

export type LoginInput = z.output<typeof loginBody>;

/** POST /api/dashboard/auth/login → token pair. A 401 here is a wrong password, never a refresh. */
export async function login(input: LoginInput): Promise<void> {
  const tokens = tokenPair.parse(
    await apiRequest('/dashboard/auth/login', { method: 'POST', body: input, auth: 'public' }),
  );
  storeTokens(tokens);
  resetSessionExpiredReport();
}

export const useLogin = () => useMutation({ mutationFn: login });
