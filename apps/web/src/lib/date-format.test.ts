import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { describe, expect, it } from 'vitest';
import { DATE_PATTERNS, formatDate, formatDateTime, formatTime, formatTimeOfDay } from './date-format';
import { dateLocaleFor } from './date-locale';
import { SUPPORTED_LOCALES } from './locale';

// 25 Nov 2026, 09:05 UTC: London is on UTC then, Prague an hour ahead, Los Angeles on the day before.
const MOMENT = '2026-11-25T09:05:00Z';

describe('one date style per interface language', () => {
  it('writes English day first with a 24-hour clock, never the American 11/25/2026', () => {
    expect(formatDate(MOMENT, 'en', 'Europe/London')).toBe('25/11/2026');
    expect(formatDateTime(MOMENT, 'en', 'Europe/London')).toBe('25/11/2026, 09:05');
    expect(formatTime(MOMENT, 'en', 'Europe/London')).toBe('09:05');
  });

  it('writes German, Danish and Czech in their own numeric style', () => {
    expect(formatDateTime(MOMENT, 'de', 'Europe/Berlin')).toBe('25.11.2026, 10:05');
    expect(formatDateTime(MOMENT, 'da', 'Europe/Copenhagen')).toBe('25.11.2026 10.05');
    expect(formatDateTime(MOMENT, 'cs', 'Europe/Prague')).toBe('25. 11. 2026 10:05');
  });

  it("reads the site's calendar, not the browser's", () => {
    expect(formatDate(MOMENT, 'en', 'America/Los_Angeles')).toBe('25/11/2026');
    expect(formatDateTime('2026-11-25T03:00:00Z', 'en', 'America/Los_Angeles')).toBe('24/11/2026, 19:00');
  });

  it('falls back to English for another language and to the browser clock for an unknown zone', () => {
    expect(formatDate(MOMENT, 'fr', 'Europe/London')).toBe('25/11/2026');
    expect(formatDate(Date.parse(MOMENT), 'en', 'Not/AZone')).toMatch(/^2[45]\/11\/2026$/);
  });

  it('writes a time of day kept as HH:mm in the same style', () => {
    expect(formatTimeOfDay('21:30', 'en')).toBe('21:30');
    expect(formatTimeOfDay('07:05', 'da')).toBe('07.05');
    expect(formatTimeOfDay('07:05', 'cs')).toBe('7:05');
  });

  it.each(SUPPORTED_LOCALES)(
    'the date pickers (%s) show and read dates as the pages write them',
    (locale) => {
      // The pickers format and parse through their adapter with the module's patterns (PickersProvider).
      const adapter = new AdapterDateFns({ locale: dateLocaleFor(locale) });
      const date = new Date(2026, 10, 25, 9, 5);
      const { date: datePattern, dateTime } = DATE_PATTERNS[locale];
      expect(adapter.formatByString(date, datePattern)).toBe(formatDate(date, locale));
      expect(adapter.formatByString(date, dateTime)).toBe(formatDateTime(date, locale));
      expect(adapter.parse(formatDate(date, locale), datePattern)?.getDate()).toBe(25);
      // English pickers use a 24-hour clock too: the adapter's locale is British English.
      expect(adapter.is12HourCycleInCurrentLocale()).toBe(false);
    },
  );
});
