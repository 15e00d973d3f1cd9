import { account, type Account, type updateAccountBody } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { accountQueryOptions } from './get-account';

export type UpdateAccountInput = z.input<typeof updateAccountBody>;

/**
 * PATCH /api/dashboard/auth: changes the signed-in user's email and/or password. The current password is
 * always required (400 'Current password is incorrect' when wrong); 409 when the new email is taken.
 */
export async function updateAccount(input: UpdateAccountInput): Promise<Account> {
  return account.parse(await apiRequest('/dashboard/auth', { method: 'PATCH', body: input, auth: 'user' }));
}

/** The answer is the account, so the account menu and the settings page show the new email at once. */
export const useUpdateAccount = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (updated) => queryClient.setQueryData(accountQueryOptions().queryKey, updated),
  });
};
