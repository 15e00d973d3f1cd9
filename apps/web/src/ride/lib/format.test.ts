import { describe, expect, it } from 'vitest';
import {
  formatDistance,
  formatMinutes,
  formatPercent,
  formatRideDuration,
  formatWait,
  weekdayName,
} from './format';
import { formatMoney } from '../../lib/money';

/** Intl puts no-break spaces in some languages; tests read them as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it("uses ISO's minor units of the currency", () => {
    expect(plain(formatMoney(2550, 'EUR', 'en'))).toBe('€25.50');
    expect(plain(formatMoney(2550, 'EUR', 'de'))).toBe('25,50 €');
    expect(plain(formatMoney(500, 'JPY', 'en'))).toBe('¥500');
    expect(plain(formatMoney(5000, 'KWD', 'en'))).toBe('KWD 5.000');
    // CLDR shows HUF without decimals; ISO (and the amounts) have two.
    expect(plain(formatMoney(150000, 'HUF', 'en'))).toBe('HUF 1,500.00');
    expect(plain(formatMoney(25000, 'DKK', 'da'))).toBe('250,00 kr.');
  });

  it('reads an unknown code as amount and code', () => {
    expect(formatMoney(1234, 'X1', 'en')).toBe('12.34 X1');
  });
});

describe('durations and numbers', () => {
  it('formats minutes as hours and minutes in the language', () => {
    expect(formatMinutes(270, 'en')).toBe('4 hours 30 minutes');
    expect(formatMinutes(120, 'de')).toBe('2 Stunden');
    expect(formatMinutes(45, 'da')).toBe('45 minutter');
  });

  it('formats a ride from seconds', () => {
    expect(formatRideDuration(42, 'en')).toBe('42 seconds');
    expect(formatRideDuration(3_725, 'en')).toBe('1 hour 2 minutes');
  });

  it('formats distance, percent and weekdays', () => {
    expect(plain(formatDistance(3.46, 'en'))).toBe('3.5 km');
    expect(plain(formatPercent(82, 'en'))).toBe('82%');
    expect(weekdayName(0, 'en')).toBe('Sun');
    expect(weekdayName(1, 'de')).toBe('Mo');
  });
});

describe('formatWait', () => {
  it('shows a countdown as a clock, whole seconds, never below one', () => {
    expect(formatWait(49)).toBe('0:49');
    expect(formatWait(65)).toBe('1:05');
    expect(formatWait(0.2)).toBe('0:01');
    expect(formatWait(0)).toBe('0:01');
  });
});
