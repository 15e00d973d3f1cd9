import { describe, expect, it } from 'vitest';
import {
  dateToTime,
  endAfterEndOfDay,
  firstUnusedDay,
  newTimeRow,
  timeToDate,
  weekdayNames,
} from './available-times';

describe('available times', () => {
  it('adds the first day without a row, Monday first, 06:00–19:00', () => {
    expect(newTimeRow([])).toEqual({ day: 1, start: '06:00', end: '19:00' });
    expect(newTimeRow([{ day: 1, start: '08:00', end: '10:00' }])?.day).toBe(2);
    expect(firstUnusedDay([1, 2, 3, 4, 5, 6].map((day) => ({ day })))).toBe(0);
  });

  it('adds nothing once every day has a row', () => {
    const week = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start: '06:00', end: '19:00' }));
    expect(newTimeRow(week)).toBeNull();
  });

  it('names weekdays by number, 0 being Sunday', () => {
    expect(weekdayNames('en')).toEqual([
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    expect(weekdayNames('de')[1]).toBe('Montag');
  });

  it("converts between a picker's value and HH:mm, refusing an invalid date", () => {
    expect(dateToTime(timeToDate('07:35'))).toBe('07:35');
    expect(timeToDate('24:00')).toBeNull();
    expect(timeToDate('')).toBeNull();
    expect(dateToTime(new Date(Number.NaN))).toBe('');
    expect(dateToTime(null)).toBe('');
  });

  it("gives a row an end before midnight again when 'until end of day' is switched off", () => {
    expect(endAfterEndOfDay('06:00')).toBe('19:00');
    expect(endAfterEndOfDay('20:00')).toBe('23:55');
  });
});
