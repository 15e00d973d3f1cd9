import { sandboxAccountView, type SandboxAccountView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/sandbox/accounts/{id}: the sandbox provider's account behind its onboarding page. No Fairway
 * login, like the real provider's hosted page: the account id in the address is the secret.
 */
export async function getSandboxAccount(
  accountId: string,
  signal?: AbortSignal,
): Promise<SandboxAccountView> {
  return sandboxAccountView.parse(
    await apiRequest(`/sandbox/accounts/${encodeURIComponent(accountId)}`, { auth: 'public', signal }),
  );
}

export const sandboxAccountQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: ['sandbox', 'account', accountId],
    queryFn: ({ signal }) => getSandboxAccount(accountId, signal),
  });

export const useSandboxAccount = (accountId: string) => useQuery(sandboxAccountQueryOptions(accountId));
