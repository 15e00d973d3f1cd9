import { sandboxDashboardView, type SandboxDashboardView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/sandbox/accounts/{id}/dashboard: the club's sandbox account as the provider's dashboard shows
 * it (balances, payouts, charges). For the club's admins only (signed in, as the server checks).
 */
export async function getSandboxDashboard(
  accountId: string,
  signal?: AbortSignal,
): Promise<SandboxDashboardView> {
  return sandboxDashboardView.parse(
    await apiRequest(`/sandbox/accounts/${encodeURIComponent(accountId)}/dashboard`, {
      auth: 'user',
      signal,
    }),
  );
}

export const sandboxDashboardQueryOptions = (accountId: string) =>
  queryOptions({
    queryKey: ['sandbox', 'dashboard', accountId],
    queryFn: ({ signal }) => getSandboxDashboard(accountId, signal),
  });

export const useSandboxDashboard = (accountId: string) => useQuery(sandboxDashboardQueryOptions(accountId));
