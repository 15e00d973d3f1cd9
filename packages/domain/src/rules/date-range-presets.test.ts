import { describe, expect, it } from 'vitest';
import { addDays } from './bookings';
import {
  ALL_TIME_FROM,
  calendarMonthOf,
  dayRangeInstants,
  DEFAULT_DATE_RANGE_PRESET,
  parseDay,
  presetDays,
  presetInstants,
  presetOfDays,
  todayIn,
  withDay,
  type DateRangePreset,
} from './date-range-presets';

const iso = (range: { from: Date; to: Date }) => ({
  from: range.from.toISOString(),
  to: range.to.toISOString(),
});

describe('calendar days', () => {
  it('reads only real days', () => {
    expect(parseDay('2026-11-30')).toBe('2026-11-30');
    expect(parseDay('2026-02-29')).toBeNull();
    expect(parseDay('2028-02-29')).toBe('2028-02-29');
    expect(parseDay('2026-1-5')).toBeNull();
    expect(parseDay(undefined)).toBeNull();
  });

  it('counts days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });

  it("takes today from the zone's clock, not UTC", () => {
    // 23:30 UTC on 30 Nov is already 1 Dec in Copenhagen, still 30 Nov in New York.
    const late = new Date('2026-11-30T23:30:00Z');
    expect(todayIn(late, 'Europe/Copenhagen')).toBe('2026-12-01');
    expect(todayIn(late, 'America/New_York')).toBe('2026-11-30');
  });

  it('gives the whole calendar month of a day', () => {
    expect(calendarMonthOf('2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(calendarMonthOf('2028-02-29')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(calendarMonthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('moving one edge of a period', () => {
  it('keeps the first day on or before the last when one edge moves past the other', () => {
    const range = { from: '2026-11-10', to: '2026-11-20' };
    expect(withDay(range, 'from', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(withDay(range, 'to', '2026-11-05')).toEqual({ from: '2026-11-05', to: '2026-11-05' });
    expect(withDay(range, 'from', '2026-11-01')).toEqual({ from: '2026-11-01', to: '2026-11-20' });
    expect(withDay(range, 'to', '2026-11-20')).toEqual(range);
  });
});

describe('midnight in a zone across summer time', () => {
  it('counts the short and the long day whole', () => {
    // Europe/Prague springs forward on 29 Mar 2026 (23 h) and falls back on 25 Oct 2026 (25 h).
    const spring = dayRangeInstants({ from: '2026-03-29', to: '2026-03-29' }, 'Europe/Prague');
    expect(iso(spring)).toEqual({ from: '2026-03-28T23:00:00.000Z', to: '2026-03-29T22:00:00.000Z' });
    expect(spring.to.getTime() - spring.from.getTime()).toBe(23 * 3_600_000);
    const autumn = dayRangeInstants({ from: '2026-10-25', to: '2026-10-25' }, 'Europe/Prague');
    expect(iso(autumn)).toEqual({ from: '2026-10-24T22:00:00.000Z', to: '2026-10-25T23:00:00.000Z' });
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * 3_600_000);
  });

  it('begins a day whose midnight falls in a DST gap when it exists', () => {
    // America/Santiago skipped midnight on 6 Sep 2026: clocks went from 23:59:59 (UTC-4) to 01:00 (UTC-3).
    const gap = dayRangeInstants({ from: '2026-09-05', to: '2026-09-07' }, 'America/Santiago');
    expect(iso(gap)).toEqual({ from: '2026-09-05T04:00:00.000Z', to: '2026-09-08T03:00:00.000Z' });
    const day = dayRangeInstants({ from: '2026-09-06', to: '2026-09-06' }, 'America/Santiago');
    expect(iso(day)).toEqual({ from: '2026-09-06T04:00:00.000Z', to: '2026-09-07T03:00:00.000Z' });
    // Asia/Beirut (east of UTC) skipped midnight on 29 Mar 2026: 23:59:59 (UTC+2) to 01:00 (UTC+3).
    const east = dayRangeInstants({ from: '2026-03-29', to: '2026-03-29' }, 'Asia/Beirut');
    expect(iso(east)).toEqual({ from: '2026-03-28T22:00:00.000Z', to: '2026-03-29T21:00:00.000Z' });
  });

  it('knows zones ahead of UTC by more than a day part (Kiritimati, +14)', () => {
    expect(iso(dayRangeInstants({ from: '2026-01-01', to: '2026-01-01' }, 'Pacific/Kiritimati'))).toEqual({
      from: '2025-12-31T10:00:00.000Z',
      to: '2026-01-01T10:00:00.000Z',
    });
  });
});

describe('dashboard presets', () => {
  const today = '2026-11-15';

  it('opens on today', () => {
    expect(DEFAULT_DATE_RANGE_PRESET).toBe('today');
    expect(presetDays('today', today)).toEqual({ from: today, to: today });
  });

  it('counts the rolling presets with today included: 7, 28, 90 and 365 days', () => {
    const span = (preset: DateRangePreset) => {
      const days = presetDays(preset, today);
      expect(days.to).toBe(today);
      return (Date.parse(days.to) - Date.parse(days.from)) / 86_400_000 + 1;
    };
    expect(span('last7Days')).toBe(7);
    expect(presetDays('last7Days', today).from).toBe('2026-11-09');
    expect(span('last4Weeks')).toBe(28);
    expect(span('last3Months')).toBe(90);
    expect(span('last12Months')).toBe(365);
    // Across a leap day the rolling presets stay days, not calendar months.
    expect(presetDays('last12Months', '2028-03-01').from).toBe('2027-03-03');
  });

  it('starts the "to date" presets on the first day of the month, quarter and year', () => {
    expect(presetDays('monthToDate', today)).toEqual({ from: '2026-11-01', to: today });
    expect(presetDays('quarterToDate', today)).toEqual({ from: '2026-10-01', to: today });
    expect(presetDays('yearToDate', today)).toEqual({ from: '2026-01-01', to: today });
  });

  it('finds the quarter at each edge of it', () => {
    const quarterOf = (day: string) => presetDays('quarterToDate', day).from;
    expect(quarterOf('2026-01-01')).toBe('2026-01-01');
    expect(quarterOf('2026-03-31')).toBe('2026-01-01');
    expect(quarterOf('2026-04-01')).toBe('2026-04-01');
    expect(quarterOf('2026-06-30')).toBe('2026-04-01');
    expect(quarterOf('2026-07-01')).toBe('2026-07-01');
    expect(quarterOf('2026-12-31')).toBe('2026-10-01');
  });

  it('on the first of a month, quarter or year the "to date" period is that one day', () => {
    expect(presetDays('monthToDate', '2026-11-01')).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    expect(presetDays('yearToDate', '2027-01-01')).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  });

  it('reaches back to 1 January 2020 for all time', () => {
    expect(ALL_TIME_FROM).toBe('2020-01-01');
    expect(presetDays('allTime', today)).toEqual({ from: '2020-01-01', to: today });
    // A clock wrongly set before 2020 still gives a period that ends after it starts.
    expect(presetDays('allTime', '2019-06-01')).toEqual({ from: '2019-06-01', to: '2019-06-01' });
  });

  it('names the preset a period is, the first that matches, or null for a custom one', () => {
    expect(presetOfDays({ from: '2026-11-09', to: today }, today)).toBe('last7Days');
    expect(presetOfDays({ from: '2020-01-01', to: today }, today)).toBe('allTime');
    // On the first of the month "today" and "month to date" are the same days: today is named.
    expect(presetOfDays({ from: '2026-11-01', to: '2026-11-01' }, '2026-11-01')).toBe('today');
    expect(presetOfDays({ from: '2026-11-02', to: today }, today)).toBeNull();
    expect(presetOfDays({ from: '2026-11-09', to: '2026-11-14' }, today)).toBeNull();
  });

  it("gives half-open instants on the zone's days, the last day whole", () => {
    // 23:30 UTC on 14 Nov is already 15 Nov in Prague (UTC+1): today is Prague's 15 Nov.
    const now = new Date('2026-11-14T23:30:00Z');
    expect(iso(presetInstants('today', now, 'Europe/Prague'))).toEqual({
      from: '2026-11-14T23:00:00.000Z',
      to: '2026-11-15T23:00:00.000Z',
    });
    expect(iso(presetInstants('today', now, 'UTC'))).toEqual({
      from: '2026-11-14T00:00:00.000Z',
      to: '2026-11-15T00:00:00.000Z',
    });
  });

  it('keeps each end on local midnight when the period spans a change of summer time', () => {
    // Last 7 days on 29 Oct 2026 in Prague: 23 Oct (UTC+2) to 29 Oct (UTC+1), 7 days and one hour.
    const week = presetInstants('last7Days', new Date('2026-10-29T12:00:00Z'), 'Europe/Prague');
    expect(iso(week)).toEqual({ from: '2026-10-22T22:00:00.000Z', to: '2026-10-29T23:00:00.000Z' });
    expect(week.to.getTime() - week.from.getTime()).toBe((7 * 24 + 1) * 3_600_000);
    // Year to date in New York: 1 Jan (UTC-5), ending at the midnight after today in summer (UTC-4).
    const year = presetInstants('yearToDate', new Date('2026-07-04T15:00:00Z'), 'America/New_York');
    expect(iso(year)).toEqual({ from: '2026-01-01T05:00:00.000Z', to: '2026-07-05T04:00:00.000Z' });
  });
});
