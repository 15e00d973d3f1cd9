import type { BookingView, SlotView } from '@fairway/domain';
import { SITE_A } from '../../../test/carts';

let counter = 0;

/** A complete, valid BookingView (domain `bookingView`) of SITE_A: staff, confirmed, 18 holes at €25.00. */
export function makeBooking(overrides: Partial<BookingView> = {}): BookingView {
  counter += 1;
  return {
    _id: `bbbbbbbb-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    device: 'cccccccc-cccc-4ccc-8ccc-000000000001',
    carNumber: '1',
    site: SITE_A,
    bookingType: 'booking',
    status: 'confirmed',
    source: 'staff',
    start: '2030-06-10T07:00:00.000Z',
    end: '2030-06-10T11:00:00.000Z',
    name: 'Alice Green',
    email: 'alice@example.com',
    note: '',
    driver: null,
    service: null,
    price: null,
    serviceName: '18 holes',
    priceName: 'Guest',
    amount: 2500,
    currency: 'EUR',
    code: '123456',
    prePaid: false,
    scheduleUnlock: false,
    isBookingNow: false,
    session: null,
    ...overrides,
  };
}

/** A slot of 10 June 2030 in Prague (UTC+2 in summer). */
export function makeSlot(start: string, end: string, overrides: Partial<SlotView> = {}): SlotView {
  const instant = (time: string) => new Date(`2030-06-10T${time}:00+02:00`).toISOString();
  return { start, end, startAt: instant(start), endAt: instant(end), available: 2, total: 3, ...overrides };
}
