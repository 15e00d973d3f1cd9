import { PAYMENT_PAGE_SIZES } from '@fairway/domain';
import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';
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
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.resolvedLanguage);
  return (
    <TablePagination
      component="div"
      count={total}
      // TablePagination counts pages from 0, the server from 1.
      page={page - 1}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...PAYMENT_PAGE_SIZES]}
      onPageChange={(_event, next) => onPageChange(next + 1)}
      onRowsPerPageChange={(event) => onPageSizeChange(parsePaymentPageSize(event.target.value))}
      labelRowsPerPage={t('revenue.history.paging.perPage')}
      labelDisplayedRows={({ from, to, count }) =>
        t('revenue.history.paging.range', {
          from: numbers.format(from),
          to: numbers.format(to),
          total: numbers.format(count),
        })
      }
      getItemAriaLabel={(type) => t(`revenue.history.paging.${type}`)}
      showFirstButton
      showLastButton
    />
  );
}
