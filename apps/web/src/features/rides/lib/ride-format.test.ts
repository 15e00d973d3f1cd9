import { describe, expect, it } from 'vitest';
import {
  formatDistanceKm,
  formatRideDate,
  formatRideMoment,
  formatRideTime,
  rideElapsedSeconds,
} from './ride-format';

/** Intl writes no-break and narrow spaces; plain spaces read the same in a test. */
const plain = (text: string) => text.replace(/\s/g, ' ');

// 23:30 UTC on 9 November is already 10 November in Prague (UTC+1).
const LATE_EVENING_UTC = '2026-11-09T23:30:00.000Z';

describe('ride formats', () => {
  it("writes the date day first, on the site's calendar, in each language", () => {
    expect(formatRideDate(LATE_EVENING_UTC, 'en', 'Europe/Prague')).toBe('10/11/2026');
    expect(formatRideDate(LATE_EVENING_UTC, 'de', 'Europe/Prague')).toBe('10.11.2026');
    expect(formatRideDate(LATE_EVENING_UTC, 'da', 'Europe/Prague')).toBe('10.11.2026');
    expect(plain(formatRideDate(LATE_EVENING_UTC, 'cs', 'Europe/Prague'))).toBe('10. 11. 2026');
    expect(formatRideDate(LATE_EVENING_UTC, 'en', 'UTC')).toBe('09/11/2026');
  });

  it('writes the time on a 24-hour clock in the site zone', () => {
    expect(formatRideTime(LATE_EVENING_UTC, 'en', 'Europe/Prague')).toBe('00:30');
    expect(formatRideTime('2026-11-10T14:05:00.000Z', 'de', 'Europe/Prague')).toBe('15:05');
    expect(plain(formatRideMoment('2026-11-10T14:05:00.000Z', 'en', 'Europe/Prague'))).toBe(
      '10/11/2026, 15:05',
    );
  });

  it('writes distances with one decimal in the interface language', () => {
    expect(formatDistanceKm(2.5, 'en')).toBe('2.5 km');
    expect(plain(formatDistanceKm(1234.5, 'de'))).toBe('1.234,5 km');
    expect(formatDistanceKm(3, 'en')).toBe('3.0 km');
  });
});

describe('rideElapsedSeconds', () => {
  const start = '2026-11-10T10:00:00.000Z';
  const now = Date.parse('2026-11-10T10:02:03.900Z');

  it('counts an open ride from its start to now, paused or not', () => {
    expect(rideElapsedSeconds({ status: 'active', start, end: null, duration: null }, now)).toBe(123);
    expect(rideElapsedSeconds({ status: 'paused', start, end: null, duration: null }, now)).toBe(123);
    // A cart clock ahead of the browser's never shows a negative time.
    expect(
      rideElapsedSeconds({ status: 'active', start, end: null, duration: null }, Date.parse(start) - 5000),
    ).toBe(0);
  });

  it("takes an ended ride's own duration, else end minus start, capped at 10 hours as 0", () => {
    const end = '2026-11-10T10:30:00.000Z';
    expect(rideElapsedSeconds({ status: 'ended', start, end, duration: 1500 }, now)).toBe(1500);
    expect(rideElapsedSeconds({ status: 'ended', start, end, duration: null }, now)).toBe(1800);
    expect(
      rideElapsedSeconds({ status: 'ended', start, end: '2026-11-10T21:00:00.000Z', duration: null }, now),
    ).toBe(0);
  });
});
