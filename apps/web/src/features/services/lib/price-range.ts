import { currencyMinorUnits, formatMajor } from '@fairway/domain';

/**
 * The cheapest to the dearest of a service's prices, in the site currency and the interface language
 * ('€5.00–€25.00'); one amount when they are all the same, null without prices. ISO's minor units set the
 * decimals, because Intl shows fewer than ISO for some currencies while the amounts are in ISO's.
 */
export function priceRangeText(
  amounts: readonly number[],
  currency: string,
  locale: string | undefined,
): string | null {
  if (amounts.length === 0) return null;
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  const digits = currencyMinorUnits(currency);
  const major = (minor: number) => minor / 10 ** digits;
  let format: Intl.NumberFormat;
  try {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
  } catch {
    // A code Intl refuses still reads as amount and code.
    const plain = (minor: number) => `${formatMajor(minor, currency)} ${currency}`;
    return low === high ? plain(low) : `${plain(low)} – ${plain(high)}`;
  }
  return low === high ? format.format(major(low)) : format.formatRange(major(low), major(high));
}
