import { netOf, type GuestPaymentView, type PaymentView } from '@fairway/domain';
import type { payments } from '../../db/tables/payments';

export type PaymentRow = typeof payments.$inferSelect;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A ledger row as the Revenue page shows it (spec §3 Payment). */
export function toPaymentView(row: PaymentRow): PaymentView {
  const priceDetails = {
    total: row.total,
    currency: row.currency,
    stripeProcessingFee: row.processingFee,
    applicationFee: row.applicationFee,
    method: row.method,
  };
  return {
    _id: row.id,
    status: row.status,
    purpose: row.purpose,
    priceDetails,
    net: netOf(priceDetails),
    userDetails: { name: row.customerName, email: row.customerEmail },
    paymentDescription: row.description,
    createdAt: row.createdAt.toISOString(),
    paymentSucceededAt: iso(row.succeededAt),
    paymentDueDate: iso(row.dueDate),
    cancelledAt: iso(row.cancelledAt),
    refundedAt: iso(row.refundedAt),
    refundReason: row.refundReason ?? null,
    stripeReceiptUrl: row.receiptUrl,
    // Bookings arrive with their own module; a ride payment has none.
    booking: null,
    device: row.deviceId ? { _id: row.deviceId, carNumber: row.carNumber } : null,
    rideId: row.rideId,
  };
}

/** What the guest's page may know of their own payment: no fees, no other guests. */
export const toGuestPaymentView = (row: PaymentRow): GuestPaymentView => ({
  _id: row.id,
  status: row.status,
  refunded: row.refundedAt !== null,
  refundReason: row.refundReason ?? null,
  total: row.total,
  currency: row.currency,
  deviceId: row.deviceId,
  rideId: row.rideId,
});
