import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_CODES,
  currencyMinorUnits,
  formatMajor,
  isCurrencyCode,
  minimumPriceMinor,
  toMinorUnits,
} from './currencies';

describe('currency table', () => {
  it('holds unique three-letter codes with a name and 0–4 minor units', () => {
    expect(CURRENCY_CODES.length).toBeGreaterThan(150);
    expect(new Set(CURRENCY_CODES).size).toBe(CURRENCY_CODES.length);
    for (const code of CURRENCY_CODES) {
      expect(code).toMatch(/^[A-Z]{3}$/);
      expect(CURRENCIES[code].name.length).toBeGreaterThan(2);
      expect([0, 1, 2, 3, 4]).toContain(CURRENCIES[code].minorUnits);
    }
    expect(CURRENCY_CODES).toEqual([...CURRENCY_CODES].sort());
  });

  it("has ISO's minor units, also where CLDR shows fewer decimals", () => {
    const expected = { EUR: 2, GBP: 2, USD: 2, JPY: 0, KWD: 3, BHD: 3, ISK: 0, CLP: 0, KRW: 0 };
    for (const [code, units] of Object.entries(expected)) expect(currencyMinorUnits(code)).toBe(units);
    // Intl.NumberFormat displays these without decimals; ISO (and the amounts stored) have them.
    for (const code of ['HUF', 'CZK', 'DKK', 'IDR', 'COP']) expect(currencyMinorUnits(code)).toBe(2);
    expect(currencyMinorUnits('IQD')).toBe(3);
  });

  it('knows current currencies only, not funds, metals or withdrawn codes', () => {
    for (const code of ['EUR', 'XCG', 'ZWG', 'SLE', 'XOF']) expect(isCurrencyCode(code)).toBe(true);
    for (const code of ['XAU', 'XTS', 'XXX', 'CLF', 'BGN', 'HRK', 'eur', 'EURO', 'toString'])
      expect(isCurrencyCode(code)).toBe(false);
  });

  it('reads an unknown code as two decimals rather than failing', () => {
    expect(currencyMinorUnits('BGN')).toBe(2);
  });
});

describe('minimum price', () => {
  it('is the spec table in minor units', () => {
    expect(minimumPriceMinor('EUR')).toBe(500);
    expect(minimumPriceMinor('GBP')).toBe(500);
    expect(minimumPriceMinor('USD')).toBe(600);
    expect(minimumPriceMinor('DKK')).toBe(3800);
    expect(minimumPriceMinor('CZK')).toBe(12_500);
  });

  it("is 5 major units elsewhere, scaled by the currency's decimals", () => {
    expect(minimumPriceMinor('SEK')).toBe(500);
    expect(minimumPriceMinor('JPY')).toBe(5);
    expect(minimumPriceMinor('KWD')).toBe(5000);
  });
});

describe('toMinorUnits', () => {
  it('reads comma or dot decimals', () => {
    expect(toMinorUnits('12,50', 'EUR')).toBe(1250);
    expect(toMinorUnits('12.5', 'EUR')).toBe(1250);
    expect(toMinorUnits(' 38 ', 'DKK')).toBe(3800);
    expect(toMinorUnits('12,', 'EUR')).toBe(1200);
    expect(toMinorUnits('0', 'EUR')).toBe(0);
    expect(toMinorUnits('1,250', 'KWD')).toBe(1250);
    expect(toMinorUnits('500', 'JPY')).toBe(500);
  });

  it('refuses more decimals than the currency has, signs, separators and text', () => {
    for (const [text, code] of [
      ['12,505', 'EUR'],
      ['1,5', 'JPY'],
      ['-5', 'EUR'],
      ['1.250,00', 'EUR'],
      ['', 'EUR'],
      ['abc', 'EUR'],
      ['9'.repeat(20), 'EUR'],
    ])
      expect(toMinorUnits(text!, code!)).toBeNull();
  });
});

describe('formatMajor', () => {
  it("shows all the currency's decimals", () => {
    expect(formatMajor(3800, 'DKK')).toBe('38.00');
    expect(formatMajor(5, 'EUR')).toBe('0.05');
    expect(formatMajor(5, 'JPY')).toBe('5');
    expect(formatMajor(5000, 'KWD')).toBe('5.000');
    expect(formatMajor(1250, 'EUR', ',')).toBe('12,50');
    expect(formatMajor(-1250, 'EUR')).toBe('-12.50');
  });

  it('round-trips with toMinorUnits', () => {
    for (const code of ['EUR', 'JPY', 'KWD'])
      for (const minor of [0, 7, 500, 123_456])
        expect(toMinorUnits(formatMajor(minor, code, ','), code)).toBe(minor);
  });
});
