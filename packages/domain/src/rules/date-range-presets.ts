import { addDays, localDate, siteDay } from './bookings';

/**
 * Periods of whole calendar days counted on a named time zone's clock (a club's, or the admin's browser's):
 * the admin dashboard's presets (spec §2 Admin area) and the reports' periods (spec §2 Reports, §9) are both
 * made here, so "today" or "the last 7 days" mean the same days on every page. A period is a first and a
 * last day, both included; the server is asked for the half-open instants [first day's midnight, the
 * midnight after the last day), so a day that is 23 or 25 hours long (a change of summer time) is counted
 * whole. The site's clock itself (midnight on a DST day) is the bookings' (rules/bookings.ts), not a second
 * copy of it.
 */

/** A calendar day, yyyy-mm-dd. */
export type CalendarDay = string;

/** First and last day, both included. */
export interface DayRange {
  from: CalendarDay;
  to: CalendarDay;
}

/** Half-open: `from` is included, `to` is not. */
export interface InstantRange {
  from: Date;
  to: Date;
}

/** Spec §2: "All time" reaches back to 1 January 2020, before which no Fairway data exists. */
export const ALL_TIME_FROM: CalendarDay = '2020-01-01';

/**
 * The dashboard's presets (spec §2 Admin area), each ending today: the rolling ones count today and the
 * days before it (Last 7 days is today and the six days before), the "to date" ones start on the first
 * day of the current month, quarter (January, April, July, October) or year.
 */
export const DATE_RANGE_PRESETS = [
  'today',
  'last7Days',
  'last4Weeks',
  'last3Months',
  'last12Months',
  'monthToDate',
  'quarterToDate',
  'yearToDate',
  'allTime',
] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];

/** Spec §2: the dashboard opens on today. */
export const DEFAULT_DATE_RANGE_PRESET: DateRangePreset = 'today';

/** How many days the rolling presets span, today included (spec §2: 7, 28, 90, 365). */
const ROLLING_DAYS: Partial<Record<DateRangePreset, number>> = {
  today: 1,
  last7Days: 7,
  last4Weeks: 28,
  last3Months: 90,
  last12Months: 365,
};

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

const pad = (value: number) => String(value).padStart(2, '0');

/** The day when `text` names a real one ('2026-02-30' does not), else null. */
export function parseDay(text: string | null | undefined): CalendarDay | null {
  if (!text || !DAY_PATTERN.test(text)) return null;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : null;
}

/** The date on `zone`'s calendar at `now`. */
export const todayIn = (now: Date, zone: string): CalendarDay => localDate(now.getTime(), zone);

/** [start of the first day, start of the day after the last) in `zone`: the site's days, 23 or 25 h long. */
export function dayRangeInstants(range: DayRange, zone: string): InstantRange {
  return { from: new Date(siteDay(range.from, zone).start), to: new Date(siteDay(range.to, zone).end) };
}

/** The whole calendar month `day` is in, first to last day (the reports' default period). */
export function calendarMonthOf(day: CalendarDay): DayRange {
  const [year, month] = day.split('-').map(Number);
  const last = new Date(Date.UTC(year!, month!, 0)).toISOString().slice(0, 10);
  return { from: `${day.slice(0, 8)}01`, to: last };
}

/**
 * A period with its first or last day moved, kept in order: a first day after the last pulls the last along,
 * and a last day before the first pulls the first (what a From and a To field do together).
 */
export function withDay(range: DayRange, edge: 'from' | 'to', day: CalendarDay): DayRange {
  if (edge === 'from') return { from: day, to: day > range.to ? day : range.to };
  return { from: day < range.from ? day : range.from, to: day };
}

/** The days of `preset` seen from `today` (the date in the zone the period is counted in). */
export function presetDays(preset: DateRangePreset, today: CalendarDay): DayRange {
  const rolling = ROLLING_DAYS[preset];
  if (rolling !== undefined) return { from: addDays(today, 1 - rolling), to: today };
  const year = today.slice(0, 4);
  switch (preset) {
    case 'monthToDate':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'quarterToDate': {
      const month = Number(today.slice(5, 7));
      const quarterStart = month - ((month - 1) % 3);
      return { from: `${year}-${pad(quarterStart)}-01`, to: today };
    }
    case 'yearToDate':
      return { from: `${year}-01-01`, to: today };
    default:
      // allTime; a clock set before 2020 still gets a period that ends after it starts.
      return { from: today < ALL_TIME_FROM ? today : ALL_TIME_FROM, to: today };
  }
}

/** Which preset `range` is, seen from `today`, or null for a custom period. The first match wins. */
export function presetOfDays(range: DayRange, today: CalendarDay): DateRangePreset | null {
  return (
    DATE_RANGE_PRESETS.find((preset) => {
      const days = presetDays(preset, today);
      return days.from === range.from && days.to === range.to;
    }) ?? null
  );
}

/** The half-open instants of `preset` at `now`, its days counted on `zone`'s clock. */
export function presetInstants(preset: DateRangePreset, now: Date, zone: string): InstantRange {
  return dayRangeInstants(presetDays(preset, todayIn(now, zone)), zone);
}
