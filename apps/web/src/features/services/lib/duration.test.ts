import { describe, expect, it } from 'vitest';
import {
  durationProblem,
  formatDuration,
  formatHoursMinutes,
  maskDuration,
  normaliseDuration,
  parseDuration,
} from './duration';

describe('maskDuration', () => {
  it.each([
    ['1', '1'],
    ['13', '13'],
    ['133', '13:3'],
    ['1330', '13:30'],
    ['13305', '13:30'],
    ['0130', '01:30'],
    ['1:30', '1:30'],
    ['20:', '20:'],
    ['ab12cd', '12'],
    ['12:3x0', '12:30'],
    ['', ''],
  ])('masks %j as %j', (typed, masked) => {
    expect(maskDuration(typed)).toBe(masked);
  });
});

describe('parseDuration and formatDuration', () => {
  it.each([
    ['06:00', 360],
    ['6:00', 360],
    ['00:30', 30],
    ['24:00', 1440],
    ['01:05', 65],
  ])('reads %s as %d minutes', (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes);
  });

  it.each(['', '6', '06:0', '06:60', '6h', '123:00'])('reads %j as no duration', (text) => {
    expect(parseDuration(text)).toBeNull();
  });

  it('formats minutes as HH:mm for the field and h:mm for the table', () => {
    expect(formatDuration(360)).toBe('06:00');
    expect(formatDuration(1440)).toBe('24:00');
    expect(formatDuration(95)).toBe('01:35');
    expect(formatHoursMinutes(240)).toBe('4:00');
    expect(formatHoursMinutes(30)).toBe('0:30');
    expect(formatHoursMinutes(605)).toBe('10:05');
  });

  it('pads a readable duration when the field is left and leaves anything else as typed', () => {
    expect(normaliseDuration('1:30')).toBe('01:30');
    expect(normaliseDuration('13:3')).toBe('13:3');
  });
});

describe('durationProblem', () => {
  it.each([
    ['', 'required'],
    ['13:3', 'durationFormat'],
    ['00:25', 'durationMin'],
    ['24:05', 'durationMax'],
    ['00:30', null],
    ['24:00', null],
  ])('%j → %s', (text, problem) => {
    expect(durationProblem(text)).toBe(problem);
  });
});
