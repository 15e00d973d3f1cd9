import type {
  GuestKeyCarts,
  GuestKeyServices,
  GuestKeyView,
  GuestMasterCart,
  PublicSite,
} from '@fairway/domain';
import { SITE } from '../test/fixtures';

/** Test data of the site portal's answers (domain contract shapes), with overridable fields. */
export const KEY_ID = 'cccccccc-cccc-4ccc-8ccc-000000000001';
export const MASTER_ID = 'cccccccc-cccc-4ccc-8ccc-000000000099';
export const GROUP_MEMBERS = '11111111-1111-4111-8111-000000000001';
export const GROUP_OTHER = '11111111-1111-4111-8111-000000000002';
export const BOOKING = '22222222-2222-4222-8222-000000000001';

const always = { openTime: '00:00', closeTime: '24:00' };

export function makePublicSite(overrides: Partial<PublicSite> = {}): PublicSite {
  return {
    _id: SITE,
    name: 'Demo Golf',
    centerLatLong: '55.000000, 12.000000',
    timezone: 'Europe/Copenhagen',
    currency: 'EUR',
    openingHours: [always, always, always, always, always, always, always],
    keypadEnabled: false,
    scanToRideToggle: false,
    bookingIntegration: false,
    displayName: 'Fairway Demo Golf',
    logoUrl: '/logo.png',
    publicProfileActive: false,
    bookingAppUrl: '',
    bookingOffset: 0,
    ...overrides,
  };
}

export function makeKeyView(overrides: Partial<GuestKeyView> = {}): GuestKeyView {
  return {
    _id: KEY_ID,
    master: false,
    driverName: 'Anna Müller',
    email: 'anna@example.com',
    userGroupName: 'Members',
    credits: 5,
    allDevices: true,
    devices: [],
    enabled: true,
    expires: null,
    ...overrides,
  };
}

export const SERVICE_A = 'eeeeeeee-eeee-4eee-8eee-00000000000a';
export const SERVICE_B = 'eeeeeeee-eeee-4eee-8eee-00000000000b';
export const SERVICE_C = 'eeeeeeee-eeee-4eee-8eee-00000000000c';
const price = (id: string, name: string, userGroup: string | null, credits: number | null) => ({
  _id: `bbbbbbbb-bbbb-4bbb-8bbb-${id.padStart(12, '0')}`,
  name,
  userGroup,
  credits,
  availableTimes: [],
});

/**
 * Three services for a member of GROUP_MEMBERS with `credits`: 18 holes (2 credits for members, 4 for
 * guests: the members' price applies), 9 holes (only a price for another group: hidden) and a day pass
 * (10 credits).
 */
export function makeKeyServices(credits = 3): GuestKeyServices {
  return {
    holder: { userGroup: GROUP_MEMBERS, credits },
    timezone: 'Europe/Copenhagen',
    serverTime: '2026-11-26T09:00:00.000Z',
    services: [
      {
        _id: SERVICE_A,
        name: '18 holes',
        duration: 270,
        prices: [price('1', 'Guest', null, 4), price('2', 'Member 18', GROUP_MEMBERS, 2)],
      },
      { _id: SERVICE_B, name: '9 holes', duration: 135, prices: [price('3', 'Other club', GROUP_OTHER, 1)] },
      { _id: SERVICE_C, name: 'Day pass', duration: 600, prices: [price('4', 'Day', null, 10)] },
    ],
  };
}

export const CART_1 = 'dddddddd-dddd-4ddd-8ddd-000000000011';
export const CART_2 = 'dddddddd-dddd-4ddd-8ddd-000000000012';
export const CART_10 = 'dddddddd-dddd-4ddd-8ddd-000000000020';

export function makeKeyCarts(carts?: GuestKeyCarts['carts']): GuestKeyCarts {
  return {
    start: '2026-11-26T09:00:00.000Z',
    end: '2026-11-26T13:30:00.000Z',
    carts: carts ?? [
      { _id: CART_2, carNumber: '2', recommended: false },
      { _id: CART_10, carNumber: '10', recommended: true },
      { _id: CART_1, carNumber: '1', recommended: false },
    ],
  };
}

export function makeMasterCart(overrides: Partial<GuestMasterCart> & { _id: string }): GuestMasterCart {
  return {
    carNumber: '1',
    online: true,
    locked: true,
    keyMode: false,
    displayLockStatus: 'locked',
    ...overrides,
  };
}
