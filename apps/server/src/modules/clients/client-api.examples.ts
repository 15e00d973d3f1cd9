/**
 * Examples for the client API's document (issue 21 item 8: the OpenAPI document is fit for partners). One
 * club, one service, one cart and one booking, consistent across calls.
 */
const SITE = '3f1c2a9e-6b7d-4c51-9a0e-2d8f4b6c1e07';
const SERVICE = '8a4e1f62-0c3b-4d9a-b7e5-1f2c3d4e5a6b';
const PRICE = 'c2d9e8f7-5a4b-4c3d-8e1f-0a9b8c7d6e5f';
const CART = '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e';
const BOOKING = 'e7f8a9b0-c1d2-4e3f-9a4b-5c6d7e8f9a0b';

export const CLIENT_API_EXAMPLES = {
  sites: [{ _id: SITE, name: 'Demo Golf Club', timezone: 'Europe/Copenhagen', currency: 'DKK' }],
  services: [
    {
      _id: SERVICE,
      name: '18 holes',
      duration: 240,
      prices: [{ _id: PRICE, name: 'Guest', amount: 25000, userGroup: null }],
    },
  ],
  carts: [{ _id: CART, carNumber: '7', carName: 'Blue', bookableOnline: true, inService: true }],
  slots: [
    {
      start: '09:00',
      end: '13:00',
      startAt: '2026-06-01T07:00:00.000Z',
      endAt: '2026-06-01T11:00:00.000Z',
      available: 4,
      total: 6,
    },
  ],
  availableCarts: { available: [CART], recommended: CART },
  bookingBody: {
    start: '2026-06-01T07:00:00.000Z',
    end: '2026-06-01T11:00:00.000Z',
    service: SERVICE,
    price: PRICE,
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    note: '',
    prePaid: true,
    externalRef: 'BK-10442',
  },
  bookingPatch: { start: '2026-06-01T08:00:00.000Z', end: '2026-06-01T12:00:00.000Z' },
  booking: {
    _id: BOOKING,
    site: SITE,
    device: CART,
    carNumber: '7',
    status: 'confirmed',
    start: '2026-06-01T07:00:00.000Z',
    end: '2026-06-01T11:00:00.000Z',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    note: '',
    service: SERVICE,
    price: PRICE,
    prePaid: true,
    code: '482913',
    externalRef: 'BK-10442',
  },
  error: { message: 'Site not found', code: 'siteNotFound' },
} as const;
