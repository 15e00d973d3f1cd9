import { describe, expect, it } from 'vitest';
import { amountsPerBucket, bucketStarts, countsPerBucket, onlineShareLevel } from './dashboard-series';

describe('dashboard series', () => {
  it('names every day of a daily period, across a month end', () => {
    expect(bucketStarts({ from: '2026-10-30', to: '2026-11-02' }, 'day')).toEqual([
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
      '2026-11-02',
    ]);
    expect(bucketStarts({ from: '2026-11-15', to: '2026-11-15' }, 'day')).toEqual(['2026-11-15']);
  });

  it('names the first of every month a monthly period touches, across a year end', () => {
    expect(bucketStarts({ from: '2025-11-20', to: '2026-02-03' }, 'month')).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    // All time (from 1 Jan 2020) to 15 Nov 2026: 83 months.
    expect(bucketStarts({ from: '2020-01-01', to: '2026-11-15' }, 'month')).toHaveLength(83);
  });

  it('fills the quiet buckets with zeros and ignores buckets outside the period', () => {
    const starts = ['2026-11-01', '2026-11-02', '2026-11-03'];
    const points = [
      { date: '2026-11-03', count: 4 },
      { date: '2026-11-01', count: 2 },
      { date: '2026-10-31', count: 9 },
    ];
    expect(countsPerBucket(points, starts)).toEqual([2, 0, 4]);
  });

  it('splits amounts by currency, never adding one currency to another', () => {
    const starts = ['2026-11-01', '2026-11-02'];
    const points = [
      { date: '2026-11-02', currency: 'EUR', amount: 2500 },
      { date: '2026-11-01', currency: 'DKK', amount: 10000 },
      { date: '2026-11-02', currency: 'DKK', amount: 5000 },
    ];
    expect(amountsPerBucket(points, starts)).toEqual([
      { currency: 'DKK', amounts: [10000, 5000] },
      { currency: 'EUR', amounts: [0, 2500] },
    ]);
    expect(amountsPerBucket([], starts)).toEqual([]);
  });

  it("colours a site by its carts' online share, at the edges of each band", () => {
    expect(onlineShareLevel(9, 1)).toBe('good');
    expect(onlineShareLevel(89, 11)).toBe('partial');
    expect(onlineShareLevel(1, 1)).toBe('partial');
    expect(onlineShareLevel(49, 51)).toBe('poor');
    expect(onlineShareLevel(0, 3)).toBe('poor');
    expect(onlineShareLevel(0, 0)).toBe('none');
  });
});
