import { describe, expect, it } from 'vitest';
import {
  blockedRange,
  bookingNeedsPayment,
  bookingTimesRefusal,
  dayOffset,
  displayLockStatus,
  estimatedChargeAtStart,
  isBookingCurrent,
  localDate,
  localTime,
  mayDeleteBooking,
  mayEditBooking,
  mayStillBeOut,
  MIN_START_CHARGE_PERCENT,
  rangesOverlap,
  recommendCart,
  ROUND_OUT_HOURS,
  roundToTimeStep,
  serviceSlots,
  siteDay,
  staffMayUnlock,
  unlockOffsetFor,
  unlockWindowState,
  zonedInstant,
} from './bookings';

const MIN = 60_000;
const at = (iso: string) => Date.parse(iso);
const TZ = 'Europe/Copenhagen';
// Every day 07:00–19:00 (index = weekday).
const hours = Array.from({ length: 7 }, () => ({ openTime: '07:00', closeTime: '19:00' }));
const site = { timezone: TZ, openingHours: hours };

describe('ranges', () => {
  it('two bookings touching at the exact end instant do not overlap; one minute more does', () => {
    const a = { start: at('2026-06-01T08:00:00Z'), end: at('2026-06-01T10:00:00Z') };
    expect(rangesOverlap(a, { start: a.end, end: a.end + 60 * MIN })).toBe(false);
    expect(rangesOverlap(a, { start: a.end - MIN, end: a.end + 60 * MIN })).toBe(true);
    expect(rangesOverlap({ start: a.start - 60 * MIN, end: a.start }, a)).toBe(false);
  });

  it('a booking is current from its start up to, not including, its end', () => {
    const b = { start: 1000, end: 2000 };
    expect([999, 1000, 1999, 2000].map((now) => isBookingCurrent(b, now))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('the turnaround extends a booking, not a maintenance block', () => {
    const b = { start: 0, end: 60 * MIN };
    expect(blockedRange({ ...b, bookingType: 'booking' }, 20)).toEqual({ start: 0, end: 80 * MIN });
    expect(blockedRange({ ...b, bookingType: 'cart_maintenance' }, 20)).toEqual(b);
  });
});

describe('rounding to 5 minutes', () => {
  it('rounds to the nearest mark, half up', () => {
    const base = at('2026-06-01T10:00:00Z');
    expect(roundToTimeStep(base + 2 * MIN + 29_999)).toBe(base);
    expect(roundToTimeStep(base + 2 * MIN + 30_000)).toBe(base + 5 * MIN);
    expect(roundToTimeStep(base + 7 * MIN + 29_999)).toBe(base + 5 * MIN);
    expect(roundToTimeStep(base)).toBe(base);
  });
});

describe("the site's clock", () => {
  it('reads a wall time in the site zone, summer and winter', () => {
    expect(zonedInstant('2026-06-01', '08:00', TZ)).toBe(at('2026-06-01T06:00:00Z'));
    expect(zonedInstant('2026-12-01', '08:00', TZ)).toBe(at('2026-12-01T07:00:00Z'));
    expect(zonedInstant('2026-12-01', '24:00', TZ)).toBe(at('2026-12-01T23:00:00Z'));
    expect(localTime(at('2026-06-01T06:00:00Z'), TZ)).toBe('08:00');
    expect(localDate(at('2026-06-01T22:30:00Z'), TZ)).toBe('2026-06-02');
  });

  it('spring-forward and fall-back days are 23 and 25 hours long', () => {
    const spring = siteDay('2026-03-29', TZ);
    const autumn = siteDay('2026-10-25', TZ);
    expect((spring.end - spring.start) / 3_600_000).toBe(23);
    expect((autumn.end - autumn.start) / 3_600_000).toBe(25);
    // A time the clock skips reads an hour later; a time it shows twice is its first occurrence.
    expect(localTime(zonedInstant('2026-03-29', '02:30', TZ), TZ)).toBe('03:30');
    expect(zonedInstant('2026-10-25', '02:30', TZ)).toBe(at('2026-10-25T00:30:00Z'));
  });

  it('gives the ±day offset of an event shown on another day', () => {
    expect(dayOffset(at('2026-06-01T21:59:00Z'), '2026-06-01', TZ)).toBe(0);
    expect(dayOffset(at('2026-06-01T22:00:00Z'), '2026-06-01', TZ)).toBe(1);
    expect(dayOffset(at('2026-05-31T21:59:00Z'), '2026-06-01', TZ)).toBe(-1);
    // Across the 23-hour day the offset still counts calendar days.
    expect(dayOffset(at('2026-03-29T22:00:00Z'), '2026-03-28', TZ)).toBe(2);
  });
});

describe('the unlock window (start + bookingOffset … end)', () => {
  const booking = { start: at('2026-06-01T08:00:00Z'), end: at('2026-06-01T12:00:00Z') };
  it('opens at start plus the offset and expires at end', () => {
    expect(unlockWindowState(booking, 15, booking.start + 15 * MIN - 1)).toBe('before');
    expect(unlockWindowState(booking, 15, booking.start + 15 * MIN)).toBe('open');
    expect(unlockWindowState(booking, 0, booking.start)).toBe('open');
    expect(unlockWindowState(booking, 0, booking.end - 1)).toBe('open');
    expect(unlockWindowState(booking, 0, booking.end)).toBe('expired');
  });

  it("a member's key booking (paid in credits, 0 included) opens at its start; any other waits the offset", () => {
    expect(unlockOffsetFor({ credits: 2 }, 15)).toBe(0);
    expect(unlockOffsetFor({ credits: 0 }, 15)).toBe(0);
    expect(unlockOffsetFor({ credits: null }, 15)).toBe(15);
    expect(unlockOffsetFor({ credits: null }, 0)).toBe(0);
  });
});

describe('who may unlock, edit and delete', () => {
  it('staff may not unlock an app booking awaiting payment', () => {
    expect(staffMayUnlock({ source: 'app', status: 'payment_pending' })).toBe(false);
    expect(staffMayUnlock({ source: 'app', status: 'confirmed' })).toBe(true);
    expect(staffMayUnlock({ source: 'staff', status: 'payment_pending' })).toBe(true);
  });

  it('a booking needs payment from the app while pending, or when not prepaid', () => {
    expect(bookingNeedsPayment({ source: 'app', status: 'payment_pending', prePaid: true })).toBe(true);
    expect(bookingNeedsPayment({ source: 'staff', status: 'confirmed', prePaid: false })).toBe(true);
    expect(bookingNeedsPayment({ source: 'staff', status: 'confirmed', prePaid: true })).toBe(false);
  });

  it('past bookings are read-only, past maintenance blocks stay editable; client and integrated never', () => {
    const now = at('2026-06-01T12:00:00Z');
    const past = { start: now - 120 * MIN, end: now, source: 'staff' as const };
    const open = { bookingIntegration: false };
    expect(mayEditBooking({ ...past, bookingType: 'booking' }, open, now)).toBe(false);
    expect(mayEditBooking({ ...past, end: now + 1, bookingType: 'booking' }, open, now)).toBe(true);
    expect(mayEditBooking({ ...past, bookingType: 'cart_maintenance' }, open, now)).toBe(true);
    expect(mayDeleteBooking(past, open, now)).toBe(false);
    expect(mayDeleteBooking({ ...past, end: now + 1 }, open, now)).toBe(true);
    expect(mayDeleteBooking({ ...past, end: now + 1, source: 'client' }, open, now)).toBe(false);
    expect(
      mayEditBooking({ ...past, end: now + 1, bookingType: 'booking' }, { bookingIntegration: true }, now),
    ).toBe(false);
  });

  it('display lock status: unlocked, maintenance, booked, locked', () => {
    expect(displayLockStatus({ lockStatus: 0 }, { bookingType: 'cart_maintenance' })).toBe('unlocked');
    expect(displayLockStatus({ lockStatus: 1 }, { bookingType: 'cart_maintenance' })).toBe('maintenance');
    expect(displayLockStatus({ lockStatus: 1 }, { bookingType: 'booking' })).toBe('booked');
    expect(displayLockStatus({ lockStatus: 1 }, null)).toBe('locked');
  });
});

describe('what a booking may be', () => {
  const now = at('2026-06-01T06:00:00Z'); // 08:00 in Copenhagen, a Monday
  const booking = (startLocal: string, endLocal: string, date = '2026-06-01') => ({
    start: zonedInstant(date, startLocal, TZ),
    end: zonedInstant(date, endLocal, TZ),
    bookingType: 'booking' as const,
    serviceDuration: 60,
  });

  it('accepts a booking inside opening hours exactly as long as the service', () => {
    expect(bookingTimesRefusal(booking('07:00', '08:00', '2026-06-02'), site, now)).toBeNull();
    expect(bookingTimesRefusal(booking('18:00', '19:00'), site, now)).toBeNull();
  });

  it('refuses outside hours at the edges', () => {
    expect(bookingTimesRefusal(booking('06:55', '08:00', '2026-06-02'), site, now)).toBe('outsideHours');
    expect(bookingTimesRefusal(booking('18:05', '19:05'), site, now)).toBe('outsideHours');
  });

  it('refuses a closed day, a short booking and a reversed one', () => {
    const closedMonday = { timezone: TZ, openingHours: hours.map((h, day) => (day === 1 ? null : h)) };
    expect(bookingTimesRefusal(booking('10:00', '11:00'), closedMonday, now)).toBe('closed');
    expect(bookingTimesRefusal(booking('10:00', '10:55'), site, now)).toBe('tooShort');
    expect(bookingTimesRefusal(booking('10:00', '10:00'), site, now)).toBe('endBeforeStart');
  });

  it('refuses the past beyond the 5-minute grace of a rounded "now"', () => {
    expect(bookingTimesRefusal({ ...booking('07:55', '08:55') }, site, now)).toBeNull();
    expect(bookingTimesRefusal({ ...booking('07:55', '08:55'), start: now - 5 * MIN - 1 }, site, now)).toBe(
      'past',
    );
  });

  it('maintenance blocks ignore hours and duration but not the order or days before today', () => {
    const block = { ...booking('22:00', '23:00'), bookingType: 'cart_maintenance' as const };
    expect(bookingTimesRefusal(block, site, now)).toBeNull();
    expect(
      bookingTimesRefusal({ ...block, start: zonedInstant('2026-06-01', '00:00', TZ) }, site, now),
    ).toBeNull();
    expect(
      bookingTimesRefusal({ ...block, start: zonedInstant('2026-06-01', '00:00', TZ) - 1 }, site, now),
    ).toBe('past');
  });
});

describe('slots', () => {
  it('fills the opening hours with the service duration in 30-minute steps', () => {
    const slots = serviceSlots('2026-06-01', { duration: 240, prices: [] }, hours);
    expect(slots[0]).toEqual({ start: '07:00', end: '11:00' });
    expect(slots.at(-1)).toEqual({ start: '15:00', end: '19:00' });
    expect(slots).toHaveLength(17);
  });

  it("keeps only starts inside a price's windows for that weekday; a daily price sells all day", () => {
    const morning = { availableTimes: [{ day: 1, start: '08:00', end: '10:00' }] };
    expect(
      serviceSlots('2026-06-01', { duration: 60, prices: [morning] }, hours).map((s) => s.start),
    ).toEqual(['08:00', '08:30', '09:00', '09:30']);
    expect(serviceSlots('2026-06-02', { duration: 60, prices: [morning] }, hours)).toEqual([]);
    expect(
      serviceSlots('2026-06-02', { duration: 60, prices: [morning, { availableTimes: [] }] }, hours),
    ).toHaveLength(23);
  });

  it('a closed day has no slots', () => {
    expect(
      serviceSlots(
        '2026-06-01',
        { duration: 60, prices: [] },
        hours.map(() => null),
      ),
    ).toEqual([]);
  });
});

describe('the recommendation', () => {
  it('estimates charge at start from the charger and earlier bookings, within 0–100', () => {
    const slot = (hoursUntilStart: number, bookedHoursBefore: number, laterDay = false) => ({
      hoursUntilStart,
      bookedHoursBefore,
      laterDay,
    });
    expect(estimatedChargeAtStart({ percent: 40, charging: true }, slot(2, 0))).toBe(65);
    expect(estimatedChargeAtStart({ percent: 90, charging: true }, slot(4, 0))).toBe(100);
    expect(estimatedChargeAtStart({ percent: 60, charging: false }, slot(5, 4))).toBe(20);
    expect(estimatedChargeAtStart({ percent: null, charging: false }, slot(1, 0))).toBeNull();
    // Charged overnight: a later day starts full, less that day's earlier bookings.
    expect(estimatedChargeAtStart({ percent: 5, charging: false }, slot(30, 2, true))).toBe(80);
  });

  it('picks the lowest odometer among carts with enough charge, ties by cart number', () => {
    const cart = (
      id: string,
      carNumber: string,
      odometer: number | null,
      estimatedCharge: number | null,
      mayStillBeOut = false,
    ) => ({
      id,
      carNumber,
      odometer,
      estimatedCharge,
      mayStillBeOut,
    });
    expect(
      recommendCart([
        cart('a', '1', 500, 90),
        cart('b', '2', 100, MIN_START_CHARGE_PERCENT - 1),
        cart('c', '3', 200, MIN_START_CHARGE_PERCENT),
      ]),
    ).toBe('c');
    expect(recommendCart([cart('a', '10', 100, null), cart('b', '9', 100, 80)])).toBe('b');
    expect(recommendCart([cart('a', '1', 100, 10)])).toBeNull();
    expect(recommendCart([])).toBeNull();
    // A cart out on a round comes after every cart in the barn, however little it has driven …
    expect(recommendCart([cart('a', '1', 10, 90, true), cart('b', '2', 900, 90)])).toBe('b');
    // … and is still recommended when it is the only one that fits.
    expect(recommendCart([cart('a', '1', 10, 90, true), cart('b', '2', 900, 20)])).toBe('a');
  });

  it('a cart out now may still be out at a start less than a long round away, not at one further off', () => {
    expect(mayStillBeOut(true, 0)).toBe(true);
    expect(mayStillBeOut(true, ROUND_OUT_HOURS - 0.01)).toBe(true);
    expect(mayStillBeOut(true, ROUND_OUT_HOURS)).toBe(false);
    expect(mayStillBeOut(false, 0)).toBe(false);
  });
});
