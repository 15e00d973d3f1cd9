import type Stripe from 'stripe';
import type { CurrencyAmount, PayoutView } from '@fairway/domain';
import type { PaymentDetails } from '../payment-provider';

/*
 * Stripe's objects → the payments module's shapes, in one place. Stripe writes currencies in lower case
 * and amounts in minor units; the platform keeps the minor units and writes currencies in upper case.
 */

export const currencyAmounts = (
  funds: ReadonlyArray<{ amount: number; currency: string }>,
): CurrencyAmount[] => funds.map(({ amount, currency }) => ({ currency: currency.toUpperCase(), amount }));

/**
 * Fees of a payment intent retrieved with `latest_charge.balance_transaction` expanded. The balance
 * transaction is in the account's settlement currency, which may differ from the charge's (a EUR charge on
 * a GBP account): its fees are then brought back at the transaction's exchange rate, and the platform's fee
 * is the one the intent asked for, which is exact.
 */
export function paymentDetailsOf(intent: Stripe.PaymentIntent): PaymentDetails {
  const charge = expanded(intent.latest_charge);
  const transaction = expanded(charge?.balance_transaction ?? null);
  const feeDetails = transaction?.fee_details ?? [];
  const sum = (type: string) =>
    feeDetails.filter((fee) => fee.type === type).reduce((total, fee) => total + fee.amount, 0);
  const settledAsCharged = !transaction || transaction.currency === intent.currency;
  const inChargeCurrency = (amount: number) =>
    settledAsCharged || !transaction?.exchange_rate ? amount : Math.round(amount / transaction.exchange_rate);
  const hasApplicationFee = feeDetails.some((fee) => fee.type === 'application_fee');
  return {
    processingFee: inChargeCurrency(sum('stripe_fee')),
    applicationFee:
      settledAsCharged && hasApplicationFee ? sum('application_fee') : (intent.application_fee_amount ?? 0),
    receiptUrl: charge?.receipt_url ?? null,
  };
}

/**
 * A payout listed with `data.destination` expanded. The destination is the bank account (or debit card,
 * named by its brand) the money went to; an id alone, or a deleted one, leaves nothing to show.
 */
export function payoutViewOf(payout: Stripe.Payout): PayoutView {
  const destination = payout.destination;
  const external =
    destination && typeof destination === 'object' && !('deleted' in destination && destination.deleted)
      ? (destination as Stripe.BankAccount | Stripe.Card)
      : null;
  return {
    id: payout.id,
    amount: payout.amount,
    currency: payout.currency.toUpperCase(),
    created: payout.created,
    arrival_date: payout.arrival_date,
    destination: {
      bank_name: !external ? null : external.object === 'bank_account' ? external.bank_name : external.brand,
      last4: external?.last4 ?? null,
    },
  };
}

/** An expandable field: the object when Stripe expanded it, null when it sent only the id (or nothing). */
function expanded<T extends { id: string }>(field: string | T | null): T | null {
  return field && typeof field === 'object' ? field : null;
}
