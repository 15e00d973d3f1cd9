import { formatDistanceStrict, formatDuration, intervalToDuration, type Locale } from 'date-fns';

export interface ReportAge {
  /** Milliseconds since the report, never negative. */
  ageMs: number;
  /** '12 seconds ago', in the interface language. */
  text: string;
}

/**
 * How long ago a cart last reported; null when it never did. Clamped to now: a cart clock slightly ahead
 * of the browser's must not read "in 2 seconds".
 */
export function reportAge(timeUTC: string | null, now: number, locale: Locale): ReportAge | null {
  if (!timeUTC) return null;
  const reportedAt = Date.parse(timeUTC);
  if (Number.isNaN(reportedAt)) return null;
  const at = Math.min(reportedAt, now);
  return { ageMs: now - at, text: formatDistanceStrict(at, now, { addSuffix: true, locale }) };
}

/** A tracker's uptime ('3 hours 2 minutes'); seconds only while it is under a minute (a fresh reboot). */
export function formatUptime(seconds: number, locale: Locale): string {
  if (seconds < 60) {
    return formatDuration({ seconds: Math.max(0, Math.floor(seconds)) }, { zero: true, locale });
  }
  const duration = intervalToDuration({ start: 0, end: seconds * 1000 });
  return formatDuration(duration, { format: ['days', 'hours', 'minutes'], locale });
}
