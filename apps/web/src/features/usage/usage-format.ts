import { formatTimeOfDay } from '../../lib/date-format';

/**
 * How Reports → Usage writes its figures, all with Intl in the interface language. Days, months, weekdays
 * and hours arrive already counted on the site's clock ('2026-11-03', '2026-11', weekday 0 = Monday, hour
 * 0–23), so they are labelled as calendar values (read at UTC), never shifted into the browser's zone.
 */

/** A count in the interface language ('1,234', '1.234'). */
export const formatCount = (count: number, locale: string | undefined): string =>
  new Intl.NumberFormat(locale).format(count);

const unit = (locale: string | undefined, name: 'hour' | 'minute' | 'second', padded: boolean) =>
  new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: name,
    unitDisplay: 'short',
    minimumIntegerDigits: padded ? 2 : 1,
  });

/**
 * Whole seconds as hours, minutes and seconds (spec §2: average ride duration): '1 hr 02 min 05 sec',
 * '1 Std. 02 Min. 05 Sek.', '1 t. 02 min. 05 sek.', '1 h 02 min 05 s'. Leading zero units are left out
 * ('42 min 00 sec'); a unit after a larger one has two digits, as on a clock.
 */
export function formatDuration(totalSeconds: number, locale: string | undefined): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(unit(locale, 'hour', false).format(hours));
  if (hours > 0 || minutes > 0) parts.push(unit(locale, 'minute', hours > 0).format(minutes));
  parts.push(unit(locale, 'second', hours > 0 || minutes > 0).format(rest));
  return parts.join(' ');
}

/** English dates are British, day first, as everywhere in the app (lib/date-format). */
const dateLocale = (locale: string | undefined) => (locale === 'en' ? 'en-GB' : locale);

const calendarDate = (text: string) => {
  const [year, month = 1, day = 1] = text.split('-').map(Number);
  return new Date(Date.UTC(year!, month - 1, day));
};

/** A bucket of the usage chart: a day '2026-11-03' as '3 Nov', a month '2026-11' as 'Nov 2026'. */
export function formatPeriod(period: string, grouping: 'day' | 'month', locale: string | undefined): string {
  const options: Intl.DateTimeFormatOptions =
    grouping === 'month' ? { month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' };
  return new Intl.DateTimeFormat(dateLocale(locale), { ...options, timeZone: 'UTC' }).format(
    calendarDate(period),
  );
}

/** The long form of a bucket, for tooltips: '3 November 2026', 'November 2026'. */
export function formatPeriodLong(
  period: string,
  grouping: 'day' | 'month',
  locale: string | undefined,
): string {
  const options: Intl.DateTimeFormatOptions =
    grouping === 'month'
      ? { month: 'long', year: 'numeric' }
      : { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' };
  return new Intl.DateTimeFormat(dateLocale(locale), { ...options, timeZone: 'UTC' }).format(
    calendarDate(period),
  );
}

/** 1 January 2024 was a Monday: the server's weekday 0. */
const A_MONDAY = Date.UTC(2024, 0, 1);

/** The weekdays Monday first, as the heatmap's rows: 'Mon' … 'Sun', 'Mo' … 'So', 'po' … 'ne'. */
export function weekdayNames(locale: string | undefined, width: 'short' | 'long' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(dateLocale(locale), { weekday: width, timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, day) => format.format(new Date(A_MONDAY + day * 86_400_000)));
}

/** The hours 0–23 in the language's time style: '09:00', '09.00' (da), '9:00' (cs). */
export const hourNames = (locale: string | undefined): string[] =>
  Array.from({ length: 24 }, (_, hour) => formatTimeOfDay(`${hour}:00`, locale));
