import { sandboxAccountView, type SandboxAccountView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/sandbox/accounts/{id}: the sandbox provider's account behind its onboarding page, for the
 * club's admins (signed in): an account id is no secret, staff see it in the sites list.
 */
export async function getSandboxAccount(
  accountId: string,
  signal?: AbortSignal,
): Promise<SandboxAccountView> {
  return sandboxAccountView.parse(
    await apiRequest(`/sandbox/accounts/${encodeURIComponent(accountId)}`, { auth: 'user', signal }),
  );
}

export const sandboxAccountQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: ['sandbox', 'account', accountId],
    queryFn: ({ signal }) => getSandboxAccount(accountId, signal),
  });

export const useSandboxAccount = (accountId: string) => useQuery(sandboxAccountQueryOptions(accountId));
