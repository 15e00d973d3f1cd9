export { formatMoney as moneyText } from '../../../lib/money';

/** Moments as the sandbox's pages show them, in the interface language (money: `lib/money`). */

/** A moment as a localised date, with the time when it matters (a checkout's expiry, a charge). */
export function dateText(moment: Date, locale: string | undefined, withTime = false): string {
  return new Intl.DateTimeFormat(
    locale,
    withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' },
  ).format(moment);
}

/** The provider reports payouts and charges in unix seconds. */
export const fromUnixSeconds = (seconds: number): Date => new Date(seconds * 1000);
