import { formatDate } from '../../../lib/date-format';
import { midnightIn, wallClock } from '../../../lib/zoned-time';
/**
 * The reports' period (spec §2 Reports, §9 date ranges): whole calendar days of the site, first to last
 * inclusive, carried in the address as `start` and `end` (yyyy-mm-dd) so a reload or a shared link shows the
 * same period. The server is asked for [start of the first day, start of the day after the last) as
 * instants, each day beginning at the site's midnight whatever the browser's time zone.
 */

/** A calendar day, yyyy-mm-dd. */
export type CalendarDay = string;

/** First and last day, both included. */
export interface DayRange {
  from: CalendarDay;
  to: CalendarDay;
}

/** Spec §9: today, 7 days, month, custom. */
export const REPORT_PRESETS = ['today', 'week', 'month', 'custom'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
export type FixedPreset = Exclude<ReportPreset, 'custom'>;

/** The search parameters the range lives in. */
export const RANGE_PARAMS = { from: 'start', to: 'end' } as const;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

const dayOfUtc = (date: Date): CalendarDay =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

function utcDateOf(day: CalendarDay): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date!));
}

/** The day when `text` names a real one ('2026-02-30' does not), else null. */
export function parseDay(text: string | null | undefined): CalendarDay | null {
  if (!text || !DAY_PATTERN.test(text)) return null;
  return dayOfUtc(utcDateOf(text)) === text ? text : null;
}

export const addDays = (day: CalendarDay, days: number): CalendarDay => {
  const date = utcDateOf(day);
  date.setUTCDate(date.getUTCDate() + days);
  return dayOfUtc(date);
};

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

export function todayIn(now: Date, zone: string): CalendarDay {
  const wall = wallClock(now, zone);
  return `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`;
}

/** The instant `day` begins in `zone` (a day that starts in a DST gap begins when it exists). */
export function dayStartIn(day: CalendarDay, zone: string): Date {
  const date = utcDateOf(day);
  return midnightIn(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), zone);
}

/** [start of the first day, start of the day after the last) in `zone`, as ISO instants for the API. */
export function rangeInstants(range: DayRange, zone: string): { start: string; end: string } {
  return {
    start: dayStartIn(range.from, zone).toISOString(),
    end: dayStartIn(addDays(range.to, 1), zone).toISOString(),
  };
}

/** The days of a preset seen from `today`: the week is today and the six days before, the month all of it. */
export function presetRange(preset: FixedPreset, today: CalendarDay): DayRange {
  if (preset === 'today') return { from: today, to: today };
  if (preset === 'week') return { from: addDays(today, -6), to: today };
  const first = `${today.slice(0, 8)}01`;
  const date = utcDateOf(first);
  const last = dayOfUtc(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)));
  return { from: first, to: last };
}

/** Which preset `range` is from `today`, or 'custom' when it is none of them. */
export function presetOf(range: DayRange, today: CalendarDay): ReportPreset {
  const fixed: readonly FixedPreset[] = ['today', 'week', 'month'];
  const match = fixed.find((preset) => {
    const days = presetRange(preset, today);
    return days.from === range.from && days.to === range.to;
  });
  return match ?? 'custom';
}

/**
 * The range the address asks for; the current month (spec §2 default) when it asks for none, or for one
 * that cannot be (a day that does not exist, an end before the start).
 */
export function rangeFromParams(params: URLSearchParams, today: CalendarDay): DayRange {
  const from = parseDay(params.get(RANGE_PARAMS.from));
  const to = parseDay(params.get(RANGE_PARAMS.to));
  if (from && to && from <= to) return { from, to };
  return presetRange('month', today);
}

/**
 * A range with `from` or `to` moved, kept in order: a first day after the last pulls the last along, and a
 * last day before the first pulls the first.
 */
export function withDay(range: DayRange, edge: 'from' | 'to', day: CalendarDay): DayRange {
  if (edge === 'from') return { from: day, to: day > range.to ? day : range.to };
  return { from: day < range.from ? day : range.from, to: day };
}

/** A calendar day as a local-midnight Date, the value a date picker holds. */
export function dayToLocalDate(day: CalendarDay): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!);
}

/** A picker's local Date as the calendar day it shows. */
export const localDateToDay = (date: Date): CalendarDay =>
  `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** "1–30 Nov 2026" in `locale`. */
export function formatDayRange(range: DayRange, locale: string | undefined): string {
  // Calendar days, not instants: read at UTC, in the interface language's one date style (lib/date-format).
  const day = (value: string) => formatDate(utcDateOf(value), locale, 'UTC');
  return range.from === range.to ? day(range.from) : `${day(range.from)} – ${day(range.to)}`;
}
