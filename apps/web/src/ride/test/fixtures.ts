import type { GuestCartView, GuestPaymentView, GuestRideView, RateView } from '@fairway/domain';

export const DEVICE = 'dddddddd-dddd-4ddd-8ddd-000000000001';
export const OTHER_DEVICE = 'dddddddd-dddd-4ddd-8ddd-000000000002';
export const SITE = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
export const SERVICE_18 = 'eeeeeeee-eeee-4eee-8eee-000000000018';
export const SERVICE_9 = 'eeeeeeee-eeee-4eee-8eee-000000000009';
export const SESSION = 'ffffffff-ffff-4fff-8fff-000000000001';
export const PAYMENT = '99999999-9999-4999-8999-000000000001';

/** A complete GuestCartView (domain `guestCartView`), AVAILABLE, with overridable fields. */
export function makeGuestCart(overrides: Partial<GuestCartView> = {}): GuestCartView {
  return {
    _id: DEVICE,
    carNumber: '7',
    carName: 'Tempo',
    siteId: SITE,
    siteName: 'Demo Golf Club',
    siteLogoUrl: null,
    termsAndConditions: 'Drive on the paths only.\nThe driver must be 16 or older.',
    currency: 'EUR',
    battery: 82,
    charging: false,
    status: 'AVAILABLE',
    paymentsActive: true,
    services: [
      { _id: SERVICE_18, name: '18 holes', duration: 270 },
      { _id: SERVICE_9, name: '9 holes', duration: 135 },
    ],
    ...overrides,
  };
}

let rateCounter = 0;

export function makeRate(overrides: Partial<RateView> = {}): RateView {
  rateCounter += 1;
  return {
    _id: `bbbbbbbb-bbbb-4bbb-8bbb-${String(rateCounter).padStart(12, '0')}`,
    name: `Rate ${rateCounter}`,
    desc: '',
    amount: 2500,
    currency: 'EUR',
    serviceId: SERVICE_18,
    serviceName: '18 holes',
    duration: 270,
    range: { enabled: false, availableTimes: [] },
    availableNow: true,
    ...overrides,
  };
}

/** A complete GuestRideView, active since `start`, seen by the server at `serverTime`. */
export function makeRide(overrides: Partial<GuestRideView> = {}): GuestRideView {
  return {
    _id: SESSION,
    deviceId: DEVICE,
    siteId: SITE,
    carNumber: '7',
    status: 1,
    stage: 'active',
    confirmed: true,
    type: 'payment',
    start: '2026-06-01T10:00:00.000Z',
    end: null,
    duration: null,
    distance: null,
    meta: { name: 'Ada Lovelace', email: 'ada@example.com' },
    rideTags: [],
    service: { name: '18 holes', duration: 270 },
    price: { name: 'Green fee guest', amount: 2500, currency: 'EUR' },
    endReason: null,
    unlockRequestedAt: '2026-06-01T10:00:00.000Z',
    unlockAttempts: 1,
    retriesLeft: 1,
    payment: null,
    serverTime: '2026-06-01T10:00:00.000Z',
    dueAt: null,
    ...overrides,
  };
}

export function makePayment(overrides: Partial<GuestPaymentView> = {}): GuestPaymentView {
  return {
    _id: PAYMENT,
    status: 'pending',
    refunded: false,
    refundReason: null,
    total: 2700,
    currency: 'EUR',
    deviceId: DEVICE,
    rideId: null,
    ...overrides,
  };
}
