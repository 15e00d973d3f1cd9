import { currencyMinorUnits, formatMajor } from '@fairway/domain/catalogues/currencies';

/**
 * Money in the reader's language, for the operator app and the guest page alike ('€25.00' in English,
 * '25,00 €' in German). Amounts travel in ISO minor units, so ISO's exponent (not Intl's, which shows fewer
 * decimals for some currencies, e.g. HUF) turns them into major units. Imports only the domain's currency
 * table (a subpath export, no schemas), so the guest page's prices step stays small.
 */
function moneyFormat(currency: string, locale: string | undefined): Intl.NumberFormat | null {
  const digits = currencyMinorUnits(currency);
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  } catch {
    // A code Intl refuses still reads as amount and code.
    return null;
  }
}

const major = (minor: number, currency: string) => minor / 10 ** currencyMinorUnits(currency);
const plain = (minor: number, currency: string) => `${formatMajor(minor, currency)} ${currency}`;

/** `minor` units of `currency` as one amount. */
export function formatMoney(minor: number, currency: string, locale: string | undefined): string {
  const format = moneyFormat(currency, locale);
  return format ? format.format(major(minor, currency)) : plain(minor, currency);
}

/**
 * The cheapest to the dearest of a service's prices ('€5.00–€25.00'); one amount when they are all the
 * same, null without prices.
 */
export function priceRangeText(
  amounts: readonly number[],
  currency: string,
  locale: string | undefined,
): string | null {
  if (amounts.length === 0) return null;
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  if (low === high) return formatMoney(low, currency, locale);
  const format = moneyFormat(currency, locale);
  return format
    ? format.formatRange(major(low, currency), major(high, currency))
    : `${plain(low, currency)} – ${plain(high, currency)}`;
}
