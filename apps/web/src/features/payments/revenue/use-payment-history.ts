import { PAYMENT_PAGE_SIZE, PAYMENT_PAGE_SIZES, type PaymentStatus } from '@fairway/domain';
import { useState } from 'react';
import { usePaymentsList, type PaymentsListParams } from '../api/list-payments';

/** The status toggle of spec §2 Revenue, in its order: All, Succeeded, Pending, Cancelled, Failed. */
export const STATUS_FILTERS = ['all', 'succeeded', 'pending', 'cancelled', 'failed'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export type PaymentPageSize = (typeof PAYMENT_PAGE_SIZES)[number];

/** A page size from a select's value; anything else is the default 25 (spec §9). */
export const parsePaymentPageSize = (value: unknown): PaymentPageSize =>
  PAYMENT_PAGE_SIZES.find((size) => size === Number(value)) ?? PAYMENT_PAGE_SIZE;

/**
 * The payment history as the server pages it, for the period [start, end): the status filter, the page and
 * its size. Anything that changes which payments match (period, status, size) starts again on page 1.
 */
export function usePaymentHistory(siteId: string, period: { start: string; end: string }) {
  const [status, setStatus] = useState<StatusFilter>('all');
  const [pageSize, setPageSize] = useState<PaymentPageSize>(PAYMENT_PAGE_SIZE);
  const [page, setPage] = useState(1);

  // A new period starts on page 1 (adjusted while rendering rather than in an effect).
  const periodKey = `${period.start}/${period.end}`;
  const [pagedPeriod, setPagedPeriod] = useState(periodKey);
  if (pagedPeriod !== periodKey) {
    setPagedPeriod(periodKey);
    setPage(1);
  }

  const params: PaymentsListParams = {
    page,
    limit: pageSize,
    start: period.start,
    end: period.end,
    ...(status === 'all' ? {} : { status: status satisfies PaymentStatus }),
  };
  const payments = usePaymentsList(siteId, params);

  // A refund or a late payment can shorten the list under the last page: show the new last page instead.
  const totalPages = payments.isPlaceholderData ? undefined : payments.data?.pagination.totalPages;
  if (totalPages !== undefined && totalPages > 0 && page > totalPages) setPage(totalPages);

  return {
    payments,
    status,
    setStatus: (next: StatusFilter) => {
      setStatus(next);
      setPage(1);
    },
    page,
    setPage,
    pageSize,
    setPageSize: (size: PaymentPageSize) => {
      setPageSize(size);
      setPage(1);
    },
  };
}

export type PaymentHistory = ReturnType<typeof usePaymentHistory>;
