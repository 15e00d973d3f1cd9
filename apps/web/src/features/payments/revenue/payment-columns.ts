/** The Payment History table's columns (spec §2 Revenue), in order; `actions` only for admins (refunds). */
export const PAYMENT_COLUMNS = [
  'date',
  'customer',
  'description',
  'cart',
  'amount',
  'fees',
  'net',
  'status',
  'receipt',
  'actions',
] as const;
export type PaymentColumn = (typeof PAYMENT_COLUMNS)[number];

/**
 * The refund button stays in view at the table's right edge when the table scrolls sideways inside its
 * card (issue 15: at 1440 px beside the reports drawer the Action column was cut off).
 */
export const STICKY_ACTIONS_SX = {
  position: 'sticky',
  right: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
  boxShadow: (theme: { palette: { divider: string } }) => `inset 1px 0 0 ${theme.palette.divider}`,
} as const;

/** Money columns read best right-aligned, so the decimals line up. */
export const NUMERIC_COLUMNS: ReadonlySet<PaymentColumn> = new Set(['amount', 'fees', 'net']);

export const paymentColumnsFor = (canRefund: boolean): readonly PaymentColumn[] =>
  canRefund ? PAYMENT_COLUMNS : PAYMENT_COLUMNS.filter((column) => column !== 'actions');

/** Whether an operator can give `payment` back: the server refunds only succeeded, unrefunded card payments. */
export const isRefundable = (payment: {
  status: string;
  refundedAt: string | null;
  priceDetails: { method: string };
}): boolean =>
  payment.status === 'succeeded' && payment.refundedAt === null && payment.priceDetails.method === 'stripe';
