import { paymentsPage, type PaymentsPage, type PaymentStatus } from '@fairway/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * Every cached payments answer of a site (the list pages and the balance) sits under this key, so a refund
 * refreshes them all.
 */
export const paymentsQueryKey = (siteId: string) => ['site', siteId, 'payments'] as const;

/** One page of the ledger as the server cuts it (domain `paymentsQuery`); always newest first (spec §9). */
export interface PaymentsListParams {
  /** 1-based */
  page: number;
  limit: number;
  /** ISO instant, included */
  start: string;
  /** ISO instant, excluded */
  end: string;
  /** absent = every status */
  status?: PaymentStatus;
}

/**
 * GET /api/dashboard/payments: a page of the site's payments in [start, end), with the period's summary of
 * succeeded payments (whatever the status filter).
 */
export async function listPayments(
  siteId: string,
  params: PaymentsListParams,
  signal?: AbortSignal,
): Promise<PaymentsPage> {
  return paymentsPage.parse(
    await apiRequest('/dashboard/payments', {
      siteId,
      signal,
      query: { ...params, sort: 'createdAt:desc' },
    }),
  );
}

export const paymentsListQueryOptions = (siteId: string, params: PaymentsListParams) =>
  queryOptions({
    queryKey: [...paymentsQueryKey(siteId), 'list', params],
    queryFn: ({ signal }) => listPayments(siteId, params, signal),
    // The page in view stays while the next loads, so paging and filtering never blank the table.
    placeholderData: keepPreviousData,
    // A ledger changes with every guest who pays: going back to a status or page asks again (showing the
    // cached page meanwhile) instead of trusting a copy up to the app's default 30 s old.
    staleTime: 0,
  });

export const usePaymentsList = (siteId: string, params: PaymentsListParams) =>
  useQuery(paymentsListQueryOptions(siteId, params));
