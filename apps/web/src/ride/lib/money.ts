import { currencyMinorUnits } from '../domain';

/**
 * Money in the guest's language. Amounts travel in ISO minor units, so ISO's exponent (not Intl's, which
 * shows fewer decimals for some currencies, e.g. HUF) turns them into major units. Its own module: the
 * currency table is only needed from the prices page on, not on the cart page's first visit.
 */
export function formatMoney(minor: number, currency: string, locale: string): string {
  const digits = currencyMinorUnits(currency);
  const major = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(major);
  } catch {
    return `${major.toFixed(digits)} ${currency}`;
  }
}
