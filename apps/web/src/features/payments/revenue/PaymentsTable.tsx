import type { PaymentView } from '@fairway/domain';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { NUMERIC_COLUMNS, STICKY_ACTIONS_SX, type PaymentColumn } from './payment-columns';
import { PaymentRow } from './PaymentRow';

const PLACEHOLDER_ROWS = 6;

interface PaymentsTableProps {
  /** null while the first page loads: skeleton rows in the table's shape */
  payments: readonly PaymentView[] | null;
  columns: readonly PaymentColumn[];
  timeZone: string;
  refundingId: string | null;
  onRefund: (payment: PaymentView) => void;
}

/**
 * The Payment History table. On a narrow screen it scrolls sideways inside its card, never the page: nine
 * columns of money do not fold into a phone's width without losing their alignment.
 */
export function PaymentsTable({ payments, columns, timeZone, refundingId, onRefund }: PaymentsTableProps) {
  const { t } = useTranslation();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('revenue.history.title')} sx={{ minWidth: 960 }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column}
                align={NUMERIC_COLUMNS.has(column) ? 'right' : 'left'}
                sx={{ whiteSpace: 'nowrap', fontWeight: 600, ...(column === 'actions' && STICKY_ACTIONS_SX) }}
              >
                {t(`revenue.history.columns.${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {payments === null ? (
            <PaymentsTableSkeleton columns={columns} />
          ) : (
            payments.map((payment) => (
              <PaymentRow
                key={payment._id}
                payment={payment}
                columns={columns}
                timeZone={timeZone}
                refundingId={refundingId}
                onRefund={onRefund}
              />
            ))
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function PaymentsTableSkeleton({ columns }: { columns: readonly PaymentColumn[] }) {
  return Array.from({ length: PLACEHOLDER_ROWS }, (_, row) => (
    <TableRow key={row} data-testid="payment-skeleton-row">
      {columns.map((column) => (
        <TableCell key={column}>
          {column === 'customer' ? (
            <>
              <Skeleton width="80%" />
              <Skeleton width="90%" height={14} />
            </>
          ) : column === 'status' ? (
            <Skeleton variant="rounded" width={72} height={24} />
          ) : (
            <Skeleton width="70%" />
          )}
        </TableCell>
      ))}
    </TableRow>
  ));
}
