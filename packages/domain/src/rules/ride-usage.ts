import { MAX_RIDE_SECONDS, rideDurationSeconds } from './rides';

/**
 * The rules of Reports → Usage (spec §2 Usage, §4 Ride duration, §9; issue 19): how long a ride counts
 * for, which durations the average leaves out as outliers, and whether the charts group by day or month.
 * The server's SQL applies the same rules with the constants below (GET /rides/chart); a test holds the
 * two to the same answers on the same rides.
 */

/** Tukey's fences: a duration more than 1.5 interquartile ranges outside the quartiles is an outlier. */
export const OUTLIER_IQR_FACTOR = 1.5;
/** With fewer durations than this the quartiles say nothing, and no duration is left out. */
export const MIN_DURATIONS_FOR_OUTLIERS = 4;
/** The charts group by month when the range spans more than this many calendar months, else by day. */
export const DAY_GROUPING_MAX_MONTHS = 2;

/**
 * Seconds a ride counts for (spec §4): its stored duration, or end − start when none was stored; over
 * 36,000 s (or negative) it is 0, as when it is stored. Null while the ride has not ended.
 */
export function usageSeconds(ride: {
  duration: number | null;
  start: number | Date;
  end: number | Date | null;
}): number | null {
  if (ride.duration !== null) {
    return ride.duration < 0 || ride.duration > MAX_RIDE_SECONDS ? 0 : ride.duration;
  }
  return ride.end === null ? null : rideDurationSeconds(ride.start, ride.end);
}

/**
 * The p-quantile of ascending `sorted` by linear interpolation between closest ranks (Hyndman–Fan type 7:
 * PostgreSQL's percentile_cont, Excel's QUARTILE.INC, NumPy's default).
 */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('quantile of no values');
  const position = (sorted.length - 1) * p;
  const below = Math.floor(position);
  const low = sorted[below]!;
  const high = sorted[Math.min(below + 1, sorted.length - 1)]!;
  return low + (high - low) * (position - below);
}

export interface DurationFences {
  q1: number;
  q3: number;
  /** q1 − 1.5 × (q3 − q1): a duration below it is an outlier; one exactly on it is kept */
  lower: number;
  /** q3 + 1.5 × (q3 − q1): a duration above it is an outlier; one exactly on it is kept */
  upper: number;
}

/** The fences of `durations` (any order), or null with fewer than 4 of them (nothing is an outlier then). */
export function durationFences(durations: readonly number[]): DurationFences | null {
  if (durations.length < MIN_DURATIONS_FOR_OUTLIERS) return null;
  const sorted = [...durations].sort((a, b) => a - b);
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  const spread = OUTLIER_IQR_FACTOR * (q3 - q1);
  return { q1, q3, lower: q1 - spread, upper: q3 + spread };
}

/** Inclusive fences: a duration on a fence is kept. Without fences (too few durations) nothing is out. */
export const isOutlier = (seconds: number, fences: DurationFences | null): boolean =>
  fences !== null && (seconds < fences.lower || seconds > fences.upper);

export interface AverageDuration {
  /** whole seconds (half up), null when no duration is counted */
  average: number | null;
  /** durations in the average */
  counted: number;
  /** durations left out as outliers */
  outliers: number;
}

/**
 * The Usage card's average ride duration. Only a known length counts: an open ride (null) and a 0 (the
 * 36,000 s cap, or a ride that ended as it began) are rounds without a length, so they are left out before
 * the quartiles are taken. The rest are averaged without the outliers of `durationFences`: so with all
 * durations equal (interquartile range 0) every one is on both fences and kept.
 */
export function averageDuration(durations: readonly (number | null)[]): AverageDuration {
  const known = durations.filter((seconds): seconds is number => seconds !== null && seconds > 0);
  const fences = durationFences(known);
  const kept = known.filter((seconds) => !isOutlier(seconds, fences));
  const sum = kept.reduce((total, seconds) => total + seconds, 0);
  return {
    average: kept.length === 0 ? null : Math.round(sum / kept.length),
    counted: kept.length,
    outliers: known.length - kept.length,
  };
}

export type UsageGrouping = 'day' | 'month';

/**
 * 'YYYY-MM-DD' plus whole calendar months; a day the target month lacks becomes its last day
 * (31 December + 2 months is 28 or 29 February).
 */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth, 0)).getUTCDate();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(targetYear, 4)}-${pad(targetMonth)}-${pad(Math.min(day, lastDay))}`;
}

/**
 * Day or month buckets for the site days `firstDay`..`lastDay` (both included, 'YYYY-MM-DD'): by month
 * when the range spans more than 2 months, that is when the day after `lastDay` comes after `firstDay` + 2
 * calendar months. 15 Jan–14 Mar is exactly 2 months (by day); 15 Jan–15 Mar is more (by month).
 */
export function usageGrouping(firstDay: string, lastDay: string): UsageGrouping {
  const next = new Date(Date.parse(`${lastDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return next > addMonths(firstDay, DAY_GROUPING_MAX_MONTHS) ? 'month' : 'day';
}
