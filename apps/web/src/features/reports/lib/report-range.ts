import {
  addDays,
  calendarMonthOf,
  dayRangeInstants,
  parseDay,
  presetDays,
  todayIn,
  withDay,
  type CalendarDay,
  type DayRange,
} from '@fairway/domain';
import {
  browserTimeZone,
  dayToLocalDate,
  formatDayRange,
  localDateToDay,
  resolveTimeZone,
} from '../../../lib/calendar-days';

/**
 * The reports' period (spec §2 Reports, §9 date ranges): whole calendar days of the site, first to last
 * inclusive, carried in the address as `start` and `end` (yyyy-mm-dd) so a reload or a shared link shows the
 * same period. The server is asked for [start of the first day, start of the day after the last) as
 * instants, each day beginning at the site's midnight whatever the browser's time zone. The day arithmetic
 * and the presets are the domain's (rules/date-range-presets.ts), shared with the admin dashboard.
 */

export { addDays, parseDay, todayIn, withDay, type CalendarDay, type DayRange };
export { browserTimeZone, dayToLocalDate, formatDayRange, localDateToDay, resolveTimeZone };

/** Spec §9: today, 7 days, month, custom. */
export const REPORT_PRESETS = ['today', 'week', 'month', 'custom'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];
export type FixedPreset = Exclude<ReportPreset, 'custom'>;

/** The search parameters the range lives in. */
export const RANGE_PARAMS = { from: 'start', to: 'end' } as const;

/** [start of the first day, start of the day after the last) in `zone`, as ISO instants for the API. */
export function rangeInstants(range: DayRange, zone: string): { start: string; end: string } {
  const { from, to } = dayRangeInstants(range, zone);
  return { start: from.toISOString(), end: to.toISOString() };
}

/** The days of a preset seen from `today`: the week is today and the six days before, the month all of it. */
export function presetRange(preset: FixedPreset, today: CalendarDay): DayRange {
  if (preset === 'today') return presetDays('today', today);
  if (preset === 'week') return presetDays('last7Days', today);
  return calendarMonthOf(today);
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
