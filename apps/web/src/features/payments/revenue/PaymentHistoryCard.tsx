import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { paymentColumnsFor } from './payment-columns';
import { PaymentStatusFilter } from './PaymentStatusFilter';
import { PaymentsPager } from './PaymentsPager';
import { PaymentsTable } from './PaymentsTable';
import { RefundDialog } from './RefundDialog';
import { ReportCard } from '../../../components/ReportCard';
import type { PaymentHistory } from './use-payment-history';
import { useRefundFlow } from './use-refund-flow';

interface PaymentHistoryCardProps {
  siteId: string;
  history: PaymentHistory;
  timeZone: string;
  /** admins may refund (spec §6) */
  canRefund: boolean;
}

/** Payment History (spec §2 Revenue): the period's payments, newest first, by status, page by page. */
export function PaymentHistoryCard({ siteId, history, timeZone, canRefund }: PaymentHistoryCardProps) {
  const { t } = useTranslation();
  const { payments } = history;
  const refund = useRefundFlow(siteId);
  const page = payments.data;
  const columns = paymentColumnsFor(canRefund);

  let body;
  if (payments.isError && !payments.isFetching) {
    body = (
      <Box sx={{ p: 2 }}>
        <ErrorState
          error={payments.error}
          onRetry={() => void payments.refetch()}
          title={t('revenue.history.loadFailed')}
        />
      </Box>
    );
  } else if (page && page.pagination.totalItems === 0) {
    body = (
      <EmptyState
        size="card"
        icon={<ReceiptLongIcon />}
        title={t('revenue.history.empty.title')}
        description={
          history.status === 'all'
            ? t('revenue.history.empty.hint')
            : t('revenue.history.empty.hintFiltered', {
                status: t(`revenue.history.filters.${history.status}`),
              })
        }
      />
    );
  } else {
    body = (
      <>
        <PaymentsTable
          payments={page ? page.data : null}
          columns={columns}
          timeZone={timeZone}
          refundingId={refund.refundingId}
          onRefund={refund.ask}
        />
        {page && (
          <PaymentsPager
            total={page.pagination.totalItems}
            page={history.page}
            pageSize={history.pageSize}
            onPageChange={history.setPage}
            onPageSizeChange={history.setPageSize}
          />
        )}
      </>
    );
  }

  return (
    <ReportCard
      title={t('revenue.history.title')}
      flush
      action={
        <Tooltip title={t('revenue.history.refresh')}>
          {/* A span keeps the tooltip working while the button is disabled. */}
          <span>
            <IconButton
              onClick={() => void payments.refetch()}
              disabled={payments.isFetching}
              aria-label={t('revenue.history.refresh')}
            >
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
      }
    >
      <Box sx={{ px: 2, pb: 1.5 }}>
        <PaymentStatusFilter value={history.status} onChange={history.setStatus} />
      </Box>
      {/* The rows in view stay while the next ones load; this bar says they are coming. */}
      <Box sx={{ height: 4 }}>
        {payments.isFetching && page && <LinearProgress aria-label={t('revenue.history.loading')} />}
      </Box>
      {body}
      <RefundDialog
        payment={refund.asking}
        open={refund.open}
        onConfirm={refund.confirm}
        onCancel={refund.cancel}
      />
    </ReportCard>
  );
}
