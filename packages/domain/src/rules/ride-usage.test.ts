import { describe, expect, it } from 'vitest';
import {
  addMonths,
  averageDuration,
  durationFences,
  isOutlier,
  quantile,
  usageGrouping,
  usageSeconds,
} from './ride-usage';

describe('usageSeconds (spec §4 Ride duration)', () => {
  it('takes the stored duration', () => {
    expect(usageSeconds({ duration: 1800, start: 0, end: 5_000_000 })).toBe(1800);
  });

  it('computes a missing duration as end − start', () => {
    expect(usageSeconds({ duration: null, start: new Date(0), end: new Date(2_700_000) })).toBe(2700);
  });

  it('keeps exactly 36,000 s and makes anything longer 0, stored or computed', () => {
    expect(usageSeconds({ duration: 36_000, start: 0, end: 0 })).toBe(36_000);
    expect(usageSeconds({ duration: 36_001, start: 0, end: 0 })).toBe(0);
    expect(usageSeconds({ duration: null, start: 0, end: 36_000_000 })).toBe(36_000);
    expect(usageSeconds({ duration: null, start: 0, end: 36_001_000 })).toBe(0);
  });

  it('has no length for a ride that has not ended', () => {
    expect(usageSeconds({ duration: null, start: 0, end: null })).toBeNull();
  });
});

describe('quantile (type 7, as PostgreSQL percentile_cont)', () => {
  it('interpolates between closest ranks', () => {
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantile([1, 2, 3, 4], 0.75)).toBe(3.25);
    expect(quantile([100, 200, 300, 400, 500, 600], 0.25)).toBe(225);
    expect(quantile([100, 200, 300, 400, 500, 600], 0.75)).toBe(475);
    expect(quantile([7], 0.75)).toBe(7);
  });
});

describe('the outlier fences (1.5 × IQR, inclusive)', () => {
  // Nine durations: the quartiles are the 3rd and 7th exactly (1000 and 1100), so the fences are 850 and 1250.
  const nine = (lowest: number, highest: number) => [
    lowest,
    900,
    1000,
    1020,
    1050,
    1070,
    1100,
    1200,
    highest,
  ];

  it('puts the fences 1.5 interquartile ranges outside the quartiles', () => {
    expect(durationFences(nine(850, 1250))).toEqual({ q1: 1000, q3: 1100, lower: 850, upper: 1250 });
  });

  it('keeps a duration exactly on a fence and leaves out one a second beyond', () => {
    const onFences = durationFences(nine(850, 1250));
    expect(isOutlier(850, onFences)).toBe(false);
    expect(isOutlier(1250, onFences)).toBe(false);
    expect(averageDuration(nine(850, 1250))).toMatchObject({ counted: 9, outliers: 0 });

    expect(averageDuration(nine(849, 1250))).toMatchObject({ counted: 8, outliers: 1 });
    expect(averageDuration(nine(850, 1251))).toMatchObject({ counted: 8, outliers: 1 });
    expect(averageDuration(nine(849, 1251))).toEqual({
      average: Math.round((900 + 1000 + 1020 + 1050 + 1070 + 1100 + 1200) / 7),
      counted: 7,
      outliers: 2,
    });
  });

  it('leaves nothing out with fewer than 4 durations', () => {
    expect(durationFences([100, 100, 10_000])).toBeNull();
    expect(averageDuration([100, 100, 10_000])).toEqual({ average: 3400, counted: 3, outliers: 0 });
  });

  it('applies the rule from 4 durations on', () => {
    // [100, 100, 100, 10000]: q1 100, q3 2575, upper fence 6287.5.
    expect(averageDuration([100, 100, 100, 10_000])).toEqual({ average: 100, counted: 3, outliers: 1 });
  });

  it('keeps every duration when all are equal (the interquartile range is 0)', () => {
    expect(averageDuration([600, 600, 600, 600, 600])).toEqual({ average: 600, counted: 5, outliers: 0 });
  });

  it('with an interquartile range of 0, leaves out anything off the common value', () => {
    expect(averageDuration([600, 600, 600, 600, 600, 601])).toEqual({
      average: 600,
      counted: 5,
      outliers: 1,
    });
  });

  it('leaves open rides and 0 s (capped) rides out before taking the quartiles', () => {
    expect(averageDuration([null, 0, 0, 0, 1800, 2400])).toEqual({ average: 2100, counted: 2, outliers: 0 });
    expect(averageDuration([null, 0])).toEqual({ average: null, counted: 0, outliers: 0 });
    expect(averageDuration([])).toEqual({ average: null, counted: 0, outliers: 0 });
  });

  it('rounds the average to whole seconds, half up', () => {
    expect(averageDuration([1, 2])).toEqual({ average: 2, counted: 2, outliers: 0 });
    expect(averageDuration([1, 1, 2])).toMatchObject({ average: 1 });
  });
});

describe('usageGrouping (by month when the range spans more than 2 months)', () => {
  it('groups a day, a week and a month by day', () => {
    expect(usageGrouping('2026-06-10', '2026-06-10')).toBe('day');
    expect(usageGrouping('2026-06-01', '2026-06-07')).toBe('day');
    expect(usageGrouping('2026-06-01', '2026-06-30')).toBe('day');
  });

  it('groups exactly 2 months by day and one day more by month', () => {
    expect(usageGrouping('2026-01-15', '2026-03-14')).toBe('day');
    expect(usageGrouping('2026-01-15', '2026-03-15')).toBe('month');
    expect(usageGrouping('2026-01-01', '2026-02-28')).toBe('day');
    expect(usageGrouping('2026-01-01', '2026-03-01')).toBe('month');
  });

  it('counts calendar months across a year end', () => {
    expect(usageGrouping('2025-11-15', '2026-01-14')).toBe('day');
    expect(usageGrouping('2025-11-15', '2026-01-15')).toBe('month');
    expect(usageGrouping('2025-12-01', '2026-01-31')).toBe('day');
    expect(usageGrouping('2025-12-01', '2026-02-01')).toBe('month');
  });

  it('ends 2 months from the 31st on the last day of the shorter month', () => {
    expect(addMonths('2025-12-31', 2)).toBe('2026-02-28');
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29');
    expect(usageGrouping('2025-12-31', '2026-02-27')).toBe('day');
    expect(usageGrouping('2025-12-31', '2026-02-28')).toBe('month');
  });

  it('groups a year by month', () => {
    expect(usageGrouping('2026-01-01', '2026-12-31')).toBe('month');
  });
});
