import { describe, expect, it } from 'vitest';
import { priceRangeText } from './money';

describe('priceRangeText', () => {
  it('spans the cheapest to the dearest price in the site currency', () => {
    expect(priceRangeText([2500, 500, 1000], 'EUR', 'en')).toBe('€5.00 – €25.00');
  });

  it('shows one amount when all prices are the same, none without prices', () => {
    expect(priceRangeText([3800, 3800], 'DKK', 'da')).toBe('38,00\u00a0kr.');
    expect(priceRangeText([], 'EUR', 'en')).toBeNull();
  });

  it("uses ISO's minor units, not Intl's fewer decimals", () => {
    expect(priceRangeText([0, 500], 'JPY', 'en')).toBe('¥0 – ¥500');
    expect(priceRangeText([12345], 'HUF', 'en')).toBe('HUF\u00a0123.45');
  });
});
