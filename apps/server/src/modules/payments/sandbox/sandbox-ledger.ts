import type { CurrencyAmount, PayoutView } from '@fairway/domain';

/** A paid charge, as the account's balance sees it (minor units). */
export interface LedgerCharge {
  amount: number;
  processingFee: number;
  applicationFee: number;
  currency: string;
  paidAt: Date;
}

/** A full refund: the amount goes back to the customer, and the platform gives its application fee back. */
export interface LedgerRefund {
  amount: number;
  applicationFeeRefunded: number;
  currency: string;
  refundedAt: Date;
}

export interface Ledger {
  /** what the next payout will send, by currency */
  available: CurrencyAmount[];
  /** paid but not yet available, by currency */
  pending: CurrencyAmount[];
  /** every payout made up to now, newest first */
  payouts: PayoutView[];
}

const DAY_MS = 86_400_000;

/**
 * The sandbox's payout schedule, modelled on Stripe's automatic daily payouts (rolling basis): a charge's
 * net becomes available `availableAfterMs` after it was paid, and a payout is made every day at 00:00 UTC.
 */
export const SANDBOX_PAYOUT_SCHEDULE = {
  availableAfterMs: 2 * DAY_MS,
  /** a payout arrives at the bank one day after it is made */
  arrivalAfterMs: DAY_MS,
  destination: { bank_name: 'Sandbox Bank', last4: '6789' },
} as const;

/** A change of the balance: how much, and from when it counts as available. */
interface Movement {
  currency: string;
  amount: number;
  availableAt: number;
}

/**
 * The account's balance and payouts at `now`, computed from its charges and refunds alone, so the sandbox
 * keeps no balance state that could drift from its books (and a restart changes nothing).
 *
 * - A charge's net (amount − processing fee − application fee) is pending until it becomes available,
 *   two days after it was paid.
 * - A refund is taken from the available balance the moment it is made (less the application fee the
 *   platform gives back with it); the processing fee is not returned, as with Stripe.
 * - Every day at 00:00 UTC a payout sends everything that became available since the previous one. A
 *   movement available exactly at midnight goes out with that midnight's payout; `available` is what
 *   became available since the last payout. A day whose refunds exceed what became available makes a
 *   negative payout (money withdrawn from the bank, shown as "Withdrawn"); a day that nets to zero makes
 *   none.
 *
 * Currencies are kept apart (upper case); charges and refunds after `now` have not happened yet.
 */
export function sandboxLedger(charges: LedgerCharge[], refunds: LedgerRefund[], now: Date): Ledger {
  const at = now.getTime();
  const movements: Movement[] = [
    ...charges
      .filter((charge) => charge.paidAt.getTime() <= at)
      .map((charge) => ({
        currency: charge.currency.toUpperCase(),
        amount: charge.amount - charge.processingFee - charge.applicationFee,
        availableAt: charge.paidAt.getTime() + SANDBOX_PAYOUT_SCHEDULE.availableAfterMs,
      })),
    ...refunds
      .filter((refund) => refund.refundedAt.getTime() <= at)
      .map((refund) => ({
        currency: refund.currency.toUpperCase(),
        amount: -(refund.amount - refund.applicationFeeRefunded),
        availableAt: refund.refundedAt.getTime(),
      })),
  ];

  const available = new Map<string, number>();
  const pending = new Map<string, number>();
  const payouts = new Map<string, { currency: string; paidOutAt: number; amount: number }>();
  for (const movement of movements) {
    const { currency, amount } = movement;
    available.set(currency, available.get(currency) ?? 0);
    pending.set(currency, pending.get(currency) ?? 0);
    if (movement.availableAt > at) {
      pending.set(currency, pending.get(currency)! + amount);
      continue;
    }
    const paidOutAt = payoutTime(movement.availableAt);
    if (paidOutAt > at) {
      available.set(currency, available.get(currency)! + amount);
      continue;
    }
    const key = `${currency} ${paidOutAt}`;
    const payout = payouts.get(key) ?? { currency, paidOutAt, amount: 0 };
    payout.amount += amount;
    payouts.set(key, payout);
  }

  return {
    available: byCurrency(available),
    pending: byCurrency(pending),
    payouts: [...payouts.values()]
      .filter((payout) => payout.amount !== 0)
      .sort((a, b) => b.paidOutAt - a.paidOutAt || a.currency.localeCompare(b.currency))
      .map(({ currency, paidOutAt, amount }) => ({
        id: payoutId(currency, paidOutAt),
        amount,
        currency,
        created: paidOutAt / 1000,
        arrival_date: (paidOutAt + SANDBOX_PAYOUT_SCHEDULE.arrivalAfterMs) / 1000,
        destination: { ...SANDBOX_PAYOUT_SCHEDULE.destination },
      })),
  };
}

/** The payout that takes money available at `time`: that instant if it is a midnight, else the next one. */
const payoutTime = (time: number) => Math.ceil(time / DAY_MS) * DAY_MS;

/** One payout per currency and day, so its id is derived from both and stays the same on every read. */
const payoutId = (currency: string, paidOutAt: number) =>
  `po_sbx_${new Date(paidOutAt).toISOString().slice(0, 10).replaceAll('-', '')}_${currency.toLowerCase()}`;

const byCurrency = (amounts: Map<string, number>): CurrencyAmount[] =>
  [...amounts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, amount]) => ({ currency, amount }));
