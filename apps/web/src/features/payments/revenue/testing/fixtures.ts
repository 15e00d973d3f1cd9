import type { BalanceAnswer, PaymentsPage, PaymentView, PayoutView } from '@fairway/domain';

let counter = 0;
const suffix = () => String(++counter).padStart(12, '0');

/** A complete, valid PaymentView (domain `paymentView`): a succeeded €25.00 card payment for a ride on cart 7. */
export function makePayment(overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    _id: `dddddddd-dddd-4ddd-8ddd-${suffix()}`,
    status: 'succeeded',
    purpose: 'ride',
    priceDetails: {
      total: 2500,
      currency: 'EUR',
      stripeProcessingFee: 73,
      applicationFee: 50,
      method: 'stripe',
    },
    net: 2377,
    userDetails: { name: 'Alice Green', email: 'alice@example.com' },
    paymentDescription: '18 holes',
    createdAt: '2026-11-10T09:30:00.000Z',
    paymentSucceededAt: '2026-11-10T09:31:00.000Z',
    paymentDueDate: null,
    cancelledAt: null,
    refundedAt: null,
    refundReason: null,
    stripeReceiptUrl: 'https://pay.example/receipts/1',
    booking: null,
    device: { _id: `cccccccc-cccc-4ccc-8ccc-${suffix()}`, carNumber: '7' },
    rideId: null,
    ...overrides,
  };
}

/** One page of payments as the server answers it; the summary defaults to nothing succeeded. */
export function makePaymentsPage(
  data: PaymentView[],
  {
    page = 1,
    limit = 25,
    total = data.length,
    summary,
  }: Partial<{
    page: number;
    limit: number;
    total: number;
    summary: PaymentsPage['summary'];
  }> = {},
): PaymentsPage {
  const totalPages = Math.ceil(total / limit);
  return {
    data,
    pagination: {
      currentPage: page,
      totalPages,
      totalItems: total,
      itemsPerPage: limit,
      nextPage: page < totalPages ? page + 1 : null,
      prevPage: page > 1 ? page - 1 : null,
    },
    summary: summary ?? { count: 0, gross: [], net: [] },
  };
}

/** Unix seconds of a UTC moment, as the provider reports payout times. */
export const unixSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

export function makePayout(overrides: Partial<PayoutView> = {}): PayoutView {
  return {
    id: `po_${suffix()}`,
    amount: 12000,
    currency: 'EUR',
    created: unixSeconds('2026-11-10T12:00:00Z'),
    arrival_date: unixSeconds('2026-11-12T12:00:00Z'),
    destination: { bank_name: 'Sparkasse', last4: '4321' },
    ...overrides,
  };
}

export function makeBalance(overrides: Partial<BalanceAnswer> = {}): BalanceAnswer {
  return {
    balance: { available: [], pending: [] },
    payouts: { data: [] },
    dashboardUrl: null,
    ...overrides,
  };
}
