import { formatDate, formatDateTime } from '../../../lib/date-format';
export { formatMoney } from '../../../lib/money';

/**
 * How the Revenue page writes money and moments: amounts in the interface language with the currency's ISO
 * decimals (they arrive in integer minor units), moments on the site's clock, since a club reads its takings
 * by its own days whatever the browser's time zone.
 */

/** An ISO instant as date and time in `timeZone`. */
export const formatInstant = (iso: string, locale: string | undefined, timeZone: string): string =>
  formatDateTime(iso, locale, timeZone);

/** A provider's unix-seconds timestamp as a date in `timeZone` (payouts: when sent, when arrived). */
export const formatUnixDate = (seconds: number, locale: string | undefined, timeZone: string): string =>
  formatDate(seconds * 1000, locale, timeZone);

/** A count in the interface language ('1,234' or '1.234'). */
export const formatCount = (count: number, locale: string | undefined): string =>
  new Intl.NumberFormat(locale).format(count);
