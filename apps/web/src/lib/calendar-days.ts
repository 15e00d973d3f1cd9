import type { CalendarDay, DayRange } from '@fairway/domain';
import { formatDate } from './date-format';

/**
 * Calendar days (yyyy-mm-dd) as the web app's pickers and headings need them: the reports' period and the
 * admin dashboard's and activity viewer's dates. The periods themselves are the domain's
 * (rules/date-range-presets.ts); this is only their meeting with the browser (its zone, its pickers' Dates).
 */

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** The browser's own zone, for when the site's is not known. */
export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** `zone` when the browser knows it, else the browser's zone. */
export function resolveTimeZone(zone: string | null | undefined): string {
  if (!zone) return browserTimeZone();
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return browserTimeZone();
  }
}

/** A calendar day as a local-midnight Date, the value a date picker holds. */
export function dayToLocalDate(day: CalendarDay): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!);
}

/** A picker's local Date as the calendar day it shows. */
export const localDateToDay = (date: Date): CalendarDay =>
  `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** "01/11/2026 – 30/11/2026" in `locale`'s one date style (lib/date-format). */
export function formatDayRange(range: DayRange, locale: string | undefined): string {
  // Calendar days, not instants: read at UTC.
  const day = (value: string) => formatDate(new Date(`${value}T00:00:00Z`), locale, 'UTC');
  return range.from === range.to ? day(range.from) : `${day(range.from)} – ${day(range.to)}`;
}
