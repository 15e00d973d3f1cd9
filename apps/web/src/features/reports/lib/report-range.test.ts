import { describe, expect, it } from 'vitest';
import {
  addDays,
  formatDayRange,
  parseDay,
  presetOf,
  presetRange,
  rangeFromParams,
  rangeInstants,
  resolveTimeZone,
  todayIn,
  withDay,
} from './report-range';

describe('report range', () => {
  it('reads only real days', () => {
    expect(parseDay('2026-11-30')).toBe('2026-11-30');
    expect(parseDay('2026-02-29')).toBeNull();
    expect(parseDay('2028-02-29')).toBe('2028-02-29');
    expect(parseDay('2026-1-5')).toBeNull();
    expect(parseDay(null)).toBeNull();
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it("takes today from the site's clock, not UTC", () => {
    // 23:30 UTC on 30 Nov is already 1 Dec in Copenhagen, still 30 Nov in New York.
    const late = new Date('2026-11-30T23:30:00Z');
    expect(todayIn(late, 'Europe/Copenhagen')).toBe('2026-12-01');
    expect(todayIn(late, 'America/New_York')).toBe('2026-11-30');
  });

  it('makes the presets from today: the day, the week back to six days before, the whole month', () => {
    expect(presetRange('today', '2026-11-15')).toEqual({ from: '2026-11-15', to: '2026-11-15' });
    expect(presetRange('week', '2026-11-03')).toEqual({ from: '2026-10-28', to: '2026-11-03' });
    expect(presetRange('month', '2026-02-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('names the preset a range is, or custom', () => {
    expect(presetOf({ from: '2026-11-01', to: '2026-11-30' }, '2026-11-15')).toBe('month');
    expect(presetOf({ from: '2026-11-09', to: '2026-11-15' }, '2026-11-15')).toBe('week');
    expect(presetOf({ from: '2026-11-15', to: '2026-11-15' }, '2026-11-15')).toBe('today');
    expect(presetOf({ from: '2026-11-02', to: '2026-11-15' }, '2026-11-15')).toBe('custom');
  });

  it('reads the range from the address, else the current month', () => {
    const today = '2026-11-15';
    const read = (search: string) => rangeFromParams(new URLSearchParams(search), today);
    expect(read('start=2026-10-01&end=2026-10-31')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    const month = { from: '2026-11-01', to: '2026-11-30' };
    expect(read('')).toEqual(month);
    expect(read('start=2026-10-31&end=2026-10-01')).toEqual(month);
    expect(read('start=2026-02-30&end=2026-03-01')).toEqual(month);
    expect(read('start=2026-10-01')).toEqual(month);
  });

  it("asks for whole days from the site's midnight, across a change of summer time", () => {
    // Copenhagen: UTC+2 until 25 Oct 2026, UTC+1 after.
    expect(rangeInstants({ from: '2026-10-01', to: '2026-10-31' }, 'Europe/Copenhagen')).toEqual({
      start: '2026-09-30T22:00:00.000Z',
      end: '2026-10-31T23:00:00.000Z',
    });
    expect(rangeInstants({ from: '2026-11-15', to: '2026-11-15' }, 'America/New_York')).toEqual({
      start: '2026-11-15T05:00:00.000Z',
      end: '2026-11-16T05:00:00.000Z',
    });
  });

  it('keeps the first day on or before the last when one edge moves past the other', () => {
    const range = { from: '2026-11-10', to: '2026-11-20' };
    expect(withDay(range, 'from', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(withDay(range, 'to', '2026-11-05')).toEqual({ from: '2026-11-05', to: '2026-11-05' });
    expect(withDay(range, 'from', '2026-11-01')).toEqual({ from: '2026-11-01', to: '2026-11-20' });
  });

  it("falls back to the browser's zone for a zone it does not know", () => {
    expect(resolveTimeZone('Europe/Prague')).toBe('Europe/Prague');
    expect(resolveTimeZone('Mars/Olympus')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('writes the period in the interface language', () => {
    // Intl puts thin and no-break spaces around the dash; plain ones read the same here.
    const plain = (text: string) => text.replace(/\s/g, ' ');
    expect(plain(formatDayRange({ from: '2026-11-01', to: '2026-11-30' }, 'en'))).toBe(
      '01/11/2026 – 30/11/2026',
    );
    expect(plain(formatDayRange({ from: '2026-11-01', to: '2026-11-01' }, 'de'))).toBe('01.11.2026');
  });
});
