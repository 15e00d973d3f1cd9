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
  const today = localParts(now, zone);
  const { days, months } = BACK[range];
  const monthIndex = today.month - 1 - months;
  const lastDay = new Date(Date.UTC(today.year, monthIndex + 1, 0)).getUTCDate();
  const date = new Date(Date.UTC(today.year, monthIndex, Math.min(today.day, lastDay) - days));
  return {
    start: midnight(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), zone),
    end: now,
  };
}

/** The instant the calendar day begins in `zone` (a day that starts in a DST gap begins when it exists). */
function midnight(year: number, month: number, day: number, zone: string): Date {
  const wall = Date.UTC(year, month - 1, day);
  // The offset at a guess, then at the corrected guess: right on either side of a DST change.
  const first = wall - offsetMs(new Date(wall), zone);
  return new Date(wall - offsetMs(new Date(first), zone));
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`. */
function offsetMs(instant: Date, zone: string): number {
  const p = localParts(instant, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

function localParts(instant: Date, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
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
