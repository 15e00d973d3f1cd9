import { midnightIn, wallClock } from '../../../lib/zoned-time';
/** The quick ranges of the ride-history toolbar (spec §2 Map): today, a week (7 days), 1, 3 and 6 months. */
export const HISTORY_RANGES = ['today', 'week', 'month1', 'month3', 'month6'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

const BACK: Record<HistoryRange, { days: number; months: number }> = {
  today: { days: 0, months: 0 },
  week: { days: 6, months: 0 },
  month1: { days: 0, months: 1 },
  month3: { days: 0, months: 3 },
  month6: { days: 0, months: 6 },
};

/**
 * [start, now] of a quick range in the site's days: a range starts at the site's midnight, whatever the
 * browser's time zone, so "today" at a club is the club's today. The week is today and the six days before;
 * a month back from 31 May is 30 April (the day is clamped to the shorter month). An unknown time zone falls
 * back to the browser's.
 */
export function historyRangeBounds(
  range: HistoryRange,
  now: Date,
  timeZone: string,
): { start: Date; end: Date } {
  const zone = isTimeZone(timeZone) ? timeZone : Intl.DateTimeFormat().resolvedOptions().timeZone;
  const today = wallClock(now, zone);
  const { days, months } = BACK[range];
  const monthIndex = today.month - 1 - months;
  const lastDay = new Date(Date.UTC(today.year, monthIndex + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(today.year, monthIndex, Math.min(today.day, lastDay) - days));
  return {
    start: midnightIn(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), zone),
    end: now,
  };
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
