import { PAYMENT_PAGE_SIZES } from '@fairway/domain';
import { TablePager } from '../../../components/TablePager';
import { parsePaymentPageSize, type PaymentPageSize } from './use-payment-history';

interface PaymentsPagerProps {
  /** payments matching the period and status, on all pages */
  total: number;
  /** 1-based, as the server counts */
  page: number;
  pageSize: PaymentPageSize;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: PaymentPageSize) => void;
}

/** Pages of 10, 25 (the default), 50 or 100 payments (spec §9). */
export function PaymentsPager({ total, page, pageSize, onPageChange, onPageSizeChange }: PaymentsPagerProps) {
  return (
    <TablePager
      total={total}
      // TablePagination counts pages from 0, the server from 1.
      page={page - 1}
      pageSize={pageSize}
      sizes={PAYMENT_PAGE_SIZES}
      onPageChange={(next) => onPageChange(next + 1)}
      onPageSizeChange={(value) => onPageSizeChange(parsePaymentPageSize(value))}
      texts="revenue.history.paging"
    />
  );
}
