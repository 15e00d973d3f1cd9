import { describe, expect, it } from 'vitest';
import { sandboxLedger, type LedgerCharge, type LedgerRefund } from './sandbox-ledger';

const MS = 1;
const utc = (iso: string) => new Date(`${iso}Z`);
const unix = (iso: string) => utc(iso).getTime() / 1000;
const shift = (date: Date, ms: number) => new Date(date.getTime() + ms);

/** 1000 paid, fee 35, application fee 100: net 865. */
const charge = (paidAt: Date, currency = 'GBP', amount = 1000): LedgerCharge => ({
  amount,
  processingFee: 35,
  applicationFee: 100,
  currency,
  paidAt,
});
const refundOf = (refundedAt: Date, currency = 'GBP'): LedgerRefund => ({
  amount: 1000,
  applicationFeeRefunded: 100,
  currency,
  refundedAt,
});

describe('sandbox ledger: availability two days after payment', () => {
  const paidAt = utc('2026-03-10T15:00:00');

  it('holds the net as pending until exactly two days have passed', () => {
    const before = sandboxLedger([charge(paidAt)], [], shift(paidAt, 2 * 86_400_000 - MS));
    expect(before).toEqual({
      available: [{ currency: 'GBP', amount: 0 }],
      pending: [{ currency: 'GBP', amount: 865 }],
      payouts: [],
    });
    const at = sandboxLedger([charge(paidAt)], [], shift(paidAt, 2 * 86_400_000));
    expect(at.available).toEqual([{ currency: 'GBP', amount: 865 }]);
    expect(at.pending).toEqual([{ currency: 'GBP', amount: 0 }]);
  });

  it('ignores charges that have not happened yet', () => {
    expect(sandboxLedger([charge(paidAt)], [], shift(paidAt, -MS))).toEqual({
      available: [],
      pending: [],
      payouts: [],
    });
  });
});

describe('sandbox ledger: daily payouts at 00:00 UTC', () => {
  const paidAt = utc('2026-03-10T15:00:00'); // available 2026-03-12T15:00, paid out 2026-03-13T00:00

  it('pays out everything available at the next midnight, arriving a day later', () => {
    const justBefore = sandboxLedger([charge(paidAt)], [], shift(utc('2026-03-13T00:00:00'), -MS));
    expect(justBefore.available).toEqual([{ currency: 'GBP', amount: 865 }]);
    expect(justBefore.payouts).toEqual([]);

    const atMidnight = sandboxLedger([charge(paidAt)], [], utc('2026-03-13T00:00:00'));
    expect(atMidnight.available).toEqual([{ currency: 'GBP', amount: 0 }]);
    expect(atMidnight.payouts).toEqual([
      {
        id: 'po_sbx_20260313_gbp',
        amount: 865,
        currency: 'GBP',
        created: unix('2026-03-13T00:00:00'),
        arrival_date: unix('2026-03-14T00:00:00'),
        destination: { bank_name: 'Sandbox Bank', last4: '6789' },
      },
    ]);
  });

  it('pays out money that becomes available exactly at midnight with that midnight’s payout', () => {
    const midnightCharge = charge(utc('2026-03-10T00:00:00')); // available 2026-03-12T00:00 sharp
    const before = sandboxLedger([midnightCharge], [], shift(utc('2026-03-12T00:00:00'), -MS));
    expect(before.pending).toEqual([{ currency: 'GBP', amount: 865 }]);
    const at = sandboxLedger([midnightCharge], [], utc('2026-03-12T00:00:00'));
    expect(at.available).toEqual([{ currency: 'GBP', amount: 0 }]);
    expect(at.payouts.map((payout) => [payout.amount, payout.created])).toEqual([
      [865, unix('2026-03-12T00:00:00')],
    ]);
  });

  it('sums one day’s charges into one payout, and keeps later ones available', () => {
    const charges = [
      charge(utc('2026-03-10T08:00:00')),
      charge(utc('2026-03-10T20:00:00'), 'GBP', 2000), // net 1865
      charge(utc('2026-03-11T09:00:00')), // available 2026-03-13T09:00
    ];
    const ledger = sandboxLedger(charges, [], utc('2026-03-13T12:00:00'));
    expect(ledger.payouts.map((payout) => payout.amount)).toEqual([865 + 1865]);
    expect(ledger.available).toEqual([{ currency: 'GBP', amount: 865 }]);
    expect(ledger.pending).toEqual([{ currency: 'GBP', amount: 0 }]);
  });

  it('lists payouts newest first', () => {
    const charges = [charge(utc('2026-03-01T10:00:00')), charge(utc('2026-03-05T10:00:00'))];
    const ledger = sandboxLedger(charges, [], utc('2026-03-10T00:00:00'));
    expect(ledger.payouts.map((payout) => payout.created)).toEqual([
      unix('2026-03-08T00:00:00'),
      unix('2026-03-04T00:00:00'),
    ]);
  });
});

describe('sandbox ledger: refunds', () => {
  it('takes a refund after the payout from the balance at once, and withdraws it at the next midnight', () => {
    const charges = [charge(utc('2026-03-01T10:00:00'))]; // paid out 2026-03-04
    const refunds = [refundOf(utc('2026-03-05T09:00:00'))]; // −(1000 − 100)
    const sameDay = sandboxLedger(charges, refunds, utc('2026-03-05T12:00:00'));
    expect(sameDay.available).toEqual([{ currency: 'GBP', amount: -900 }]);

    const nextDay = sandboxLedger(charges, refunds, utc('2026-03-06T00:00:00'));
    expect(nextDay.available).toEqual([{ currency: 'GBP', amount: 0 }]);
    expect(nextDay.payouts.map((payout) => [payout.amount, payout.created])).toEqual([
      [-900, unix('2026-03-06T00:00:00')],
      [865, unix('2026-03-04T00:00:00')],
    ]);
  });

  it('nets a refund against what became available the same day', () => {
    const charges = [charge(utc('2026-03-01T10:00:00'), 'GBP', 5000)]; // net 4865, available 03-03T10:00
    const refunds = [refundOf(utc('2026-03-03T18:00:00'))];
    const ledger = sandboxLedger(charges, refunds, utc('2026-03-04T00:00:00'));
    expect(ledger.payouts.map((payout) => payout.amount)).toEqual([4865 - 900]);
  });

  it('makes no payout for a day that nets to zero', () => {
    const charges = [{ ...charge(utc('2026-03-01T10:00:00')), processingFee: 0, applicationFee: 100 }];
    const refunds = [refundOf(utc('2026-03-03T11:00:00'))]; // −900 against the 900 that became available
    const ledger = sandboxLedger(charges, refunds, utc('2026-03-05T00:00:00'));
    expect(ledger.payouts).toEqual([]);
    expect(ledger.available).toEqual([{ currency: 'GBP', amount: 0 }]);
  });

  it('ignores refunds that have not happened yet', () => {
    const charges = [charge(utc('2026-03-01T10:00:00'))];
    const ledger = sandboxLedger(charges, [refundOf(utc('2026-03-05T00:00:00'))], utc('2026-03-04T12:00:00'));
    expect(ledger.payouts.map((payout) => payout.amount)).toEqual([865]);
    expect(ledger.available).toEqual([{ currency: 'GBP', amount: 0 }]);
  });
});

describe('sandbox ledger: currencies', () => {
  it('keeps each currency apart, upper case, in its own payouts', () => {
    const charges = [
      charge(utc('2026-03-01T10:00:00'), 'gbp'),
      charge(utc('2026-03-01T11:00:00'), 'EUR', 2000),
      charge(utc('2026-03-03T11:00:00'), 'EUR'),
    ];
    const ledger = sandboxLedger(charges, [], utc('2026-03-04T12:00:00'));
    expect(ledger.pending).toEqual([
      { currency: 'EUR', amount: 865 },
      { currency: 'GBP', amount: 0 },
    ]);
    expect(ledger.payouts.map((payout) => [payout.id, payout.currency, payout.amount])).toEqual([
      ['po_sbx_20260304_eur', 'EUR', 1865],
      ['po_sbx_20260304_gbp', 'GBP', 865],
    ]);
  });

  it('answers the same for the same inputs', () => {
    const charges = [charge(utc('2026-03-01T10:00:00')), charge(utc('2026-03-02T10:00:00'), 'EUR')];
    const refunds = [refundOf(utc('2026-03-06T10:00:00'))];
    const now = utc('2026-03-09T00:00:00');
    expect(sandboxLedger(charges, refunds, now)).toEqual(sandboxLedger([...charges].reverse(), refunds, now));
  });
});
