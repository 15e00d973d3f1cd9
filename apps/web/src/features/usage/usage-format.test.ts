import { describe, expect, it } from 'vitest';
import { formatDuration, formatPeriod, hourNames, weekdayNames } from './usage-format';

/** Intl writes no-break spaces between number and unit; plain spaces read the same in a test. */
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('formatDuration', () => {
  it.each([
    ['en', '1 hr 02 min 05 sec'],
    ['de', '1 Std. 02 Min. 05 Sek.'],
    ['da', '1 t. 02 min. 05 sek.'],
    ['cs', '1 h 02 min 05 s'],
  ])('writes hours, minutes and seconds in %s', (locale, expected) => {
    expect(plain(formatDuration(3725, locale))).toBe(expected);
  });

  it('leaves out leading zero units and pads the units after a larger one', () => {
    expect(plain(formatDuration(45, 'en'))).toBe('45 sec');
    expect(plain(formatDuration(65, 'en'))).toBe('1 min 05 sec');
    expect(plain(formatDuration(2520, 'en'))).toBe('42 min 00 sec');
    expect(plain(formatDuration(36_000, 'en'))).toBe('10 hr 00 min 00 sec');
    expect(plain(formatDuration(0, 'en'))).toBe('0 sec');
  });
});

describe('chart labels', () => {
  it('names days British-style in English and months with their year', () => {
    expect(formatPeriod('2026-11-03', 'day', 'en')).toBe('3 Nov');
    expect(formatPeriod('2026-11', 'month', 'en')).toBe('Nov 2026');
    expect(formatPeriod('2026-11', 'month', 'de')).toBe('Nov. 2026');
  });

  it('starts the week on Monday in every language', () => {
    expect(weekdayNames('en')[0]).toBe('Mon');
    expect(weekdayNames('da', 'long')[6]).toBe('søndag');
    expect(weekdayNames('cs')).toEqual(['po', 'út', 'st', 'čt', 'pá', 'so', 'ne']);
  });

  it("writes the hours in the language's time style", () => {
    expect(hourNames('en')[9]).toBe('09:00');
    expect(hourNames('da')[9]).toBe('09.00');
    expect(hourNames('cs')[9]).toBe('9:00');
    expect(hourNames('de')).toHaveLength(24);
  });
});
