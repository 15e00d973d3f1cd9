import { balanceAnswer, type BalanceAnswer } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { paymentsQueryKey } from './list-payments';

/**
 * GET /api/dashboard/payments/balance: the club's provider balance by currency, its recent payouts and the
 * address of its provider dashboard (null before onboarding).
 */
export async function getBalance(siteId: string, signal?: AbortSignal): Promise<BalanceAnswer> {
  return balanceAnswer.parse(await apiRequest('/dashboard/payments/balance', { siteId, signal }));
}

export const balanceQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: [...paymentsQueryKey(siteId), 'balance'],
    queryFn: ({ signal }) => getBalance(siteId, signal),
  });

export const useBalance = (siteId: string) => useQuery(balanceQueryOptions(siteId));
