import { formatMajor, minimumPriceMinor } from '@fairway/domain';

export type DecimalSeparator = '.' | ',';

/**
 * The decimal separator amounts are shown with in `locale` ('12,50' in German, Danish and Czech, '12.50' in
 * English). Either is accepted when typed (`toMinorUnits`); this only decides how saved amounts read.
 */
export function decimalSeparator(locale: string | undefined): DecimalSeparator {
  const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
  return part?.value === ',' ? ',' : '.';
}

/** A saved amount (minor units) as the amount field shows it: all the currency's decimals. */
export const amountText = (minor: number, currency: string, separator: DecimalSeparator): string =>
  formatMajor(minor, currency, separator);

/** The least paid price of `currency` in major units, for the helper text and the below-minimum message. */
export const minimumText = (currency: string, separator: DecimalSeparator): string =>
  formatMajor(minimumPriceMinor(currency), currency, separator);
