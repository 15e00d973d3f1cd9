import { account, type Account } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/dashboard/auth: the signed-in account (email for the account menu, role, sites). */
export async function getAccount(signal?: AbortSignal): Promise<Account> {
  return account.parse(await apiRequest('/dashboard/auth', { auth: 'user', signal }));
}

export const accountQueryOptions = () =>
  queryOptions({ queryKey: ['account'], queryFn: ({ signal }) => getAccount(signal), staleTime: 5 * 60_000 });

export const useAccount = () => useQuery(accountQueryOptions());
