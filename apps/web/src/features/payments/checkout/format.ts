import { priceRangeText } from '../../services/lib/price-range';

/**
 * Money and time as the sandbox's pages show them, in the interface language. Amounts arrive in ISO minor
 * units; the services' price formatter already turns those into Intl currency text with ISO's decimals
 * (and copes with a code Intl refuses), so one amount is its one-price range.
 */
export const moneyText = (minor: number, currency: string, locale: string | undefined): string =>
  priceRangeText([minor], currency, locale) ?? '';

/** A moment as a localised date, with the time when it matters (a checkout's expiry, a charge). */
export function dateText(moment: Date, locale: string | undefined, withTime = false): string {
  return new Intl.DateTimeFormat(
    locale,
    withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  ).format(moment);
}

/** The provider reports payouts and charges in unix seconds. */
export const fromUnixSeconds = (seconds: number): Date => new Date(seconds * 1000);
