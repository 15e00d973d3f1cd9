import type { GuestBookingView, PublicSite } from '@fairway/domain';
import { DEVICE, SERVICE_18, SITE } from '../test/fixtures';

export const BOOKING = 'cccccccc-cccc-4ccc-8ccc-000000000001';
export const BOOKING_CODE = '246810';
export const BOOKING_PAGE = `/guest/booking/${BOOKING}`;
export const BOOKING_API = `/api/guest/bookings/${BOOKING}`;

/** A paid booking of cart 7 on 1 June 2026, 10:00–14:30 in Copenhagen, seen at 09:00 that morning. */
export function makeBookingView(overrides: Partial<GuestBookingView> = {}): GuestBookingView {
  return {
    _id: BOOKING,
    siteId: SITE,
    deviceId: DEVICE,
    carNumber: '7',
    start: '2026-06-01T08:00:00.000Z',
    end: '2026-06-01T12:30:00.000Z',
    unlockFrom: '2026-06-01T08:00:00.000Z',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    note: '',
    serviceId: SERVICE_18,
    serviceName: '18 holes',
    state: 'prePaid',
    session: null,
    cartLocked: false,
    mayChangeCart: true,
    serverTime: '2026-06-01T07:00:00.000Z',
    ...overrides,
  };
}

export function makePublicSite(overrides: Partial<PublicSite> = {}): PublicSite {
  const day = { openTime: '07:00', closeTime: '20:00' };
  return {
    _id: SITE,
    name: 'Demo Golf Club',
    centerLatLong: '55.68,12.57',
    timezone: 'Europe/Copenhagen',
    currency: 'DKK',
    openingHours: [day, day, day, day, day, day, day],
    keypadEnabled: false,
    scanToRideToggle: false,
    bookingIntegration: false,
    displayName: 'Demo Golf Club',
    logoUrl: null,
    publicProfileActive: false,
    bookingAppUrl: '',
    bookingOffset: 0,
    ...overrides,
  };
}
