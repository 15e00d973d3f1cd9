import { priceRangeText } from '../features/services/lib/price-range';

/**
 * '€25.00' in English, '25,00 €' in German, for `minor` units of `currency` (amounts travel in ISO minor
 * units). The services' price formatter already divides by ISO's decimals and copes with a code Intl
 * refuses; one amount is a range of one.
 */
export const formatMoney = (minor: number, currency: string, locale: string | undefined): string =>
  priceRangeText([minor], currency, locale) ?? '';
