import { describe, expect, it } from 'vitest';
import { cartBookingsAt, currentBooking, displayLockStatus } from './bookings';

/** Issue 17 item 6: what the map and fleet read of a cart's bookings of the day as the clock moves. */
const at = (time: string) => Date.parse(`2026-11-25T${time}:00Z`);
const booking = (start: string, end: string, bookingType: 'booking' | 'cart_maintenance' = 'booking') => ({
  start: new Date(at(start)).toISOString(),
  end: new Date(at(end)).toISOString(),
  bookingType,
});

describe('cartBookingsAt', () => {
  const morning = booking('08:00', '12:00');
  const afternoon = booking('13:00', '17:30');
  const day = [morning, afternoon];

  it('is current from the start instant up to, not including, the end instant', () => {
    expect(currentBooking(day, at('07:59'))).toBeNull();
    expect(currentBooking(day, at('08:00'))).toBe(morning);
    expect(currentBooking(day, at('11:59'))).toBe(morning);
    expect(currentBooking(day, at('12:00'))).toBeNull();
  });

  it('keeps the cart reserved while a booking of the day has not ended', () => {
    expect(cartBookingsAt(day, at('07:00')).reserved).toEqual(day);
    expect(cartBookingsAt(day, at('12:30')).reserved).toEqual([afternoon]);
    expect(cartBookingsAt(day, at('17:30')).reserved).toEqual([]);
  });

  it('a maintenance block is not a reservation; while current it shows as maintenance', () => {
    const block = booking('09:00', '10:00', 'cart_maintenance');
    expect(cartBookingsAt([block], at('08:00'))).toMatchObject({ reserved: [], maintenance: false });
    const now = cartBookingsAt([block], at('09:30'));
    expect(now).toMatchObject({ current: block, maintenance: true });
    expect(displayLockStatus({ lockStatus: 1 }, now.current)).toBe('maintenance');
    expect(displayLockStatus({ lockStatus: 0 }, now.current)).toBe('unlocked');
    expect(displayLockStatus({ lockStatus: 1 }, cartBookingsAt(day, at('09:00')).current)).toBe('booked');
    expect(displayLockStatus({ lockStatus: 1 }, cartBookingsAt(day, at('12:00')).current)).toBe('locked');
  });
});
