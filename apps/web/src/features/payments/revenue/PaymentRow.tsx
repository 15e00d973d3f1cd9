import ReceiptLongIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { PaymentView } from '@fairway/domain';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRefundable, NUMERIC_COLUMNS, STICKY_ACTIONS_SX, type PaymentColumn } from './payment-columns';
import { PaymentStatusCell } from './PaymentStatusCell';
import { formatInstant, formatMoney } from './revenue-format';

export interface PaymentRowProps {
  payment: PaymentView;
  columns: readonly PaymentColumn[];
  timeZone: string;
  /** the payment whose refund is on its way, if any */
  refundingId: string | null;
  onRefund: (payment: PaymentView) => void;
}

/** One payment of the history: when, who, what, which cart, the money and its status. */
export function PaymentRow({ payment, columns, timeZone, refundingId, onRefund }: PaymentRowProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage;
  const { currency } = payment.priceDetails;
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const fees = payment.priceDetails.stripeProcessingFee + payment.priceDetails.applicationFee;
  const muted = { color: 'text.secondary' } as const;

  const cells: Record<PaymentColumn, ReactNode> = {
    date: formatInstant(payment.createdAt, locale, timeZone),
    customer: (
      <>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {payment.userDetails.name}
        </Typography>
        <Typography variant="caption" sx={{ ...muted, display: 'block' }}>
          {payment.userDetails.email}
        </Typography>
      </>
    ),
    description: payment.paymentDescription,
    // Bookings paid before a cart was given, and carts since deleted, have no cart to name.
    cart: payment.device?.carNumber ?? (
      <Typography variant="body2" component="span" sx={muted}>
        —
      </Typography>
    ),
    amount: money(payment.priceDetails.total),
    fees: money(fees),
    net: money(payment.net),
    status: <PaymentStatusCell payment={payment} timeZone={timeZone} />,
    receipt: payment.stripeReceiptUrl && (
      <Tooltip title={t('revenue.history.receipt')}>
        <IconButton
          size="small"
          component="a"
          href={payment.stripeReceiptUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('revenue.history.openReceipt', { name: payment.userDetails.name })}
        >
          <ReceiptLongIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    ),
    actions: isRefundable(payment) && (
      <Button
        size="small"
        color="warning"
        disabled={refundingId !== null}
        onClick={() => onRefund(payment)}
        aria-label={t('revenue.refund.actionFor', { name: payment.userDetails.name })}
      >
        {refundingId === payment._id ? t('revenue.refund.pending') : t('revenue.refund.action')}
      </Button>
    ),
  };

  return (
    <TableRow hover data-testid="payment-row">
      {columns.map((column) => (
        <TableCell
          key={column}
          align={NUMERIC_COLUMNS.has(column) ? 'right' : 'left'}
          sx={{
            whiteSpace: column === 'description' || column === 'customer' ? 'normal' : 'nowrap',
            ...(column === 'actions' && STICKY_ACTIONS_SX),
          }}
        >
          {cells[column]}
        </TableCell>
      ))}
    </TableRow>
  );
}
