import type { CurrencyAmount, PaymentStatus, PriceDetails } from '../schemas/payments';

/**
 * Money rules of payments (spec §3 stripeConfig, §9): what the platform keeps of a payment, what the club
 * nets, what a guest pays. All amounts are integer minor units; nothing here ever sees a float amount.
 */

export interface RevenueShare {
  revenueShareMethod: 'percentage' | 'fixed';
  /** percent of the total, e.g. 2 or 2.5 */
  percentage: number;
  /** minor units per payment (200 = 2.00) */
  fixedFee: number;
}

/**
 * The platform's application fee on a payment of `total`: a percentage rounded half up to a whole minor
 * unit, or the fixed fee; never more than the total, never negative.
 */
export function applicationFeeOf(total: number, share: RevenueShare): number {
  const fee =
    share.revenueShareMethod === 'percentage' ? Math.round((total * share.percentage) / 100) : share.fixedFee;
  return Math.max(0, Math.min(total, fee));
}

/** What a guest pays for a ride at `priceAmount`: the price plus the site's unlock fee (spec §9). */
export const checkoutTotal = (priceAmount: number, unlockFee: number): number => priceAmount + unlockFee;

/** Spec §9: net = total − processing fee − application fee. */
export const netOf = (
  details: Pick<PriceDetails, 'total' | 'stripeProcessingFee' | 'applicationFee'>,
): number => details.total - details.stripeProcessingFee - details.applicationFee;

/** Spec §4 Payment status colours, as MUI palette names. */
export const PAYMENT_STATUS_COLOURS: Record<PaymentStatus, 'success' | 'warning' | 'error' | 'default'> = {
  succeeded: 'success',
  pending: 'warning',
  failed: 'error',
  cancelled: 'default',
};

/** Spec §4: a payout with a negative amount was withdrawn from the account, else paid to the bank. */
export const payoutTag = (amount: number): 'paid' | 'withdrawn' => (amount < 0 ? 'withdrawn' : 'paid');

/** Sums amounts per currency, currencies in first-seen order. */
export function sumByCurrency(amounts: readonly CurrencyAmount[]): CurrencyAmount[] {
  const totals = new Map<string, number>();
  for (const { currency, amount } of amounts) totals.set(currency, (totals.get(currency) ?? 0) + amount);
  return [...totals].map(([currency, amount]) => ({ currency, amount }));
}
