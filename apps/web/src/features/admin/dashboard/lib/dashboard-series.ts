import { addDays, type CalendarDay, type DashboardBucket, type DayRange } from '@fairway/domain';

/**
 * The dashboard's charts, one bar per bucket of the period: the server answers only the buckets that hold
 * something, so the quiet days (or months) are filled in here as zeros and the axis shows the whole period.
 * A bucket is named by its first day (domain `countPoint`), on the calendar of the period's time zone.
 */

/** The first day of every bucket of `days`, oldest first: each day, or the 1st of each month touched. */
export function bucketStarts(days: DayRange, bucket: DashboardBucket): CalendarDay[] {
  const starts: CalendarDay[] = [];
  if (bucket === 'day') {
    for (let day = days.from; day <= days.to; day = addDays(day, 1)) starts.push(day);
    return starts;
  }
  let [year, month] = days.from.split('-').map(Number) as [number, number];
  const last = `${days.to.slice(0, 8)}01`;
  for (;;) {
    const start = `${year}-${String(month).padStart(2, '0')}-01`;
    if (start > last) return starts;
    starts.push(start);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** The counts per bucket, zero where the server named none. */
export function countsPerBucket(
  points: readonly { date: string; count: number }[],
  starts: readonly CalendarDay[],
): number[] {
  const byDate = new Map(points.map((point) => [point.date, point.count]));
  return starts.map((start) => byDate.get(start) ?? 0);
}

/** Per currency (alphabetical), the amounts per bucket in minor units, zero where there were none. */
export function amountsPerBucket(
  points: readonly { date: string; currency: string; amount: number }[],
  starts: readonly CalendarDay[],
): { currency: string; amounts: number[] }[] {
  const currencies = [...new Set(points.map((point) => point.currency))].sort();
  return currencies.map((currency) => {
    const byDate = new Map(
      points.filter((point) => point.currency === currency).map((point) => [point.date, point.amount]),
    );
    return { currency, amounts: starts.map((start) => byDate.get(start) ?? 0) };
  });
}

/**
 * A site marker's colour by the share of its carts online: green when at least 90 %, amber from half,
 * red below, grey for a site without carts (nothing to be online).
 */
export type OnlineShareLevel = 'good' | 'partial' | 'poor' | 'none';

export function onlineShareLevel(online: number, offline: number): OnlineShareLevel {
  const total = online + offline;
  if (total === 0) return 'none';
  const share = online / total;
  if (share >= 0.9) return 'good';
  return share >= 0.5 ? 'partial' : 'poor';
}

/** The map's marker colours, and its legend's: readable on street and satellite tiles alike. */
export const SHARE_COLOURS: Record<OnlineShareLevel, string> = {
  good: '#2e7d32',
  partial: '#ef6c00',
  poor: '#c62828',
  none: '#757575',
};
