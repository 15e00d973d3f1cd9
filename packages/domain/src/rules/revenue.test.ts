import { describe, expect, it } from 'vitest';
import { applicationFeeOf, checkoutTotal, netOf, payoutTag, sumByCurrency } from './revenue';

describe('applicationFeeOf (spec §3 stripeConfig)', () => {
  it('takes a percentage of the total, rounded half up to a whole minor unit', () => {
    const share = { revenueShareMethod: 'percentage' as const, percentage: 2, fixedFee: 0 };
    expect(applicationFeeOf(4000, share)).toBe(80);
    expect(applicationFeeOf(1025, share)).toBe(21); // 20.5 → 21
    expect(applicationFeeOf(1024, share)).toBe(20); // 20.48 → 20
  });

  it('takes a fixed fee in minor units (200 = 2.00), never more than the total', () => {
    const share = { revenueShareMethod: 'fixed' as const, percentage: 50, fixedFee: 200 };
    expect(applicationFeeOf(4000, share)).toBe(200);
    expect(applicationFeeOf(150, share)).toBe(150);
  });

  it('is 0 for a 0 % share and never negative', () => {
    expect(applicationFeeOf(4000, { revenueShareMethod: 'percentage', percentage: 0, fixedFee: 0 })).toBe(0);
    expect(applicationFeeOf(4000, { revenueShareMethod: 'fixed', percentage: 0, fixedFee: -5 })).toBe(0);
  });
});

describe('money of a payment', () => {
  it('adds the unlock fee to the price', () => {
    expect(checkoutTotal(4000, 0)).toBe(4000);
    expect(checkoutTotal(4000, 150)).toBe(4150);
  });

  it('nets total minus processing fee minus application fee (spec §9)', () => {
    expect(netOf({ total: 4000, stripeProcessingFee: 80, applicationFee: 80 })).toBe(3840);
  });

  it('tags a negative payout as withdrawn (spec §4)', () => {
    expect(payoutTag(-1)).toBe('withdrawn');
    expect(payoutTag(0)).toBe('paid');
    expect(payoutTag(2500)).toBe('paid');
  });

  it('sums amounts per currency in first-seen order', () => {
    expect(
      sumByCurrency([
        { currency: 'GBP', amount: 100 },
        { currency: 'CZK', amount: 5000 },
        { currency: 'GBP', amount: -30 },
      ]),
    ).toEqual([
      { currency: 'GBP', amount: 70 },
      { currency: 'CZK', amount: 5000 },
    ]);
  });
});
