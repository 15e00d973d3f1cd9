import { describe, expect, it } from 'vitest';
import { checkoutReturnUrls, matchRoute, ridePaths } from './routes';

const ID = '8d0c5c1e-8b5e-4a43-9d51-6f2d7f1c2b3a';
const RIDE = '0f0e0d0c-8b5e-4a43-9d51-6f2d7f1c2b3a';

describe('matchRoute', () => {
  it.each([
    [`/ride/${ID}`, { name: 'home', deviceId: ID }],
    [`/ride/${ID}/`, { name: 'home', deviceId: ID }],
    [`/ride/${ID}/prices`, { name: 'prices', deviceId: ID }],
    [`/ride/${ID}/session/${RIDE}`, { name: 'session', deviceId: ID, sessionId: RIDE }],
    [`/ride/${ID}/session/pending`, { name: 'pending', deviceId: ID }],
    [`/unlock/${ID}`, { name: 'unlock', deviceId: ID }],
    ['/ride/cart%2007', { name: 'home', deviceId: 'cart 07' }],
    [`/ride/${ID}/virtual-key/135790`, { name: 'rideKey', deviceId: ID, code: '135790' }],
    [`/ride/${ID}/booking/${RIDE}`, { name: 'rideBooking', deviceId: ID, bookingId: RIDE }],
    [`/guest/site/${ID}`, { name: 'portalHome', siteId: ID }],
    [`/guest/site/${ID}/`, { name: 'portalHome', siteId: ID }],
    [`/guest/site/${ID}/virtual-key/${RIDE}`, { name: 'portalKey', siteId: ID, virtualKeyId: RIDE }],
    [`/guest/site/${ID}/master-key/${RIDE}`, { name: 'portalMaster', siteId: ID, virtualKeyId: RIDE }],
    [`/guest/booking/${RIDE}`, { name: 'guestBooking', bookingId: RIDE }],
  ])('%s', (path, route) => {
    expect(matchRoute(path)).toEqual(route);
  });

  it.each([
    '/',
    '/ride',
    '/ride/',
    `/ride/${ID}/unknown`,
    `/ride/${ID}/prices/extra`,
    `/ride/${ID}/session`,
    `/ride/${ID}/session/${RIDE}/more`,
    `/unlock/${ID}/prices`,
    `/ride/${ID}/virtual-key`,
    `/ride/${ID}/booking`,
    `/ride/${ID}/booking/${RIDE}/more`,
    '/guest',
    '/guest/site',
    `/guest/site/${ID}/virtual-key`,
    `/guest/site/${ID}/other/${RIDE}`,
    `/guest/site/${ID}/virtual-key/${RIDE}/more`,
    `/guest/booking/${RIDE}/more`,
    `/guest/other/${ID}`,
    `//ride/${ID}`,
    `/ride//prices`,
    '/ride/%E0%A4%A',
    '/ride/a%2Fb',
  ])('%s is not a guest page', (path) => {
    expect(matchRoute(path)).toEqual({ name: 'notFound' });
  });
});

describe('ridePaths', () => {
  it('builds the pages and their queries', () => {
    expect(ridePaths.home(ID)).toBe(`/ride/${ID}`);
    expect(ridePaths.prices(ID)).toBe(`/ride/${ID}/prices`);
    expect(ridePaths.prices(ID, { serviceId: 's1', rate: 'r1', cancelled: true })).toBe(
      `/ride/${ID}/prices?serviceId=s1&rate=r1&cancelled=1`,
    );
    expect(ridePaths.prices(ID, { bookingId: RIDE, reservationCode: '123456', rate: 'r1' })).toBe(
      `/ride/${ID}/prices?bookingId=${RIDE}&reservationCode=123456&rate=r1`,
    );
    expect(ridePaths.session(ID, RIDE)).toBe(`/ride/${ID}/session/${RIDE}`);
    expect(ridePaths.pending(ID, 'cs_1')).toBe(`/ride/${ID}/session/pending?payment=cs_1`);
    expect(ridePaths.rideBooking(ID, RIDE, '123456')).toBe(
      `/ride/${ID}/booking/${RIDE}?reservationCode=123456`,
    );
    expect(ridePaths.portalMaster(ID, RIDE)).toBe(`/guest/site/${ID}/master-key/${RIDE}`);
  });

  it('round-trips through matchRoute', () => {
    expect(matchRoute(ridePaths.home('a b'))).toEqual({ name: 'home', deviceId: 'a b' });
    expect(matchRoute(ridePaths.session(ID, RIDE))).toEqual({
      name: 'session',
      deviceId: ID,
      sessionId: RIDE,
    });
  });
});

describe('checkoutReturnUrls', () => {
  it("keeps the provider's placeholder literal and returns to the prices page on cancel", () => {
    expect(checkoutReturnUrls('https://golf.example', ID, 's1')).toEqual({
      success_url: `https://golf.example/ride/${ID}/session/pending?payment={CHECKOUT_SESSION_ID}`,
      cancel_url: `https://golf.example/ride/${ID}/prices?serviceId=s1&cancelled=1`,
    });
  });

  it("returns a booking's payment to the booking page, and its cancel to the booking's prices (no code)", () => {
    expect(checkoutReturnUrls('https://golf.example', ID, 's1', RIDE)).toEqual({
      success_url: `https://golf.example/guest/booking/${RIDE}?payment={CHECKOUT_SESSION_ID}`,
      cancel_url: `https://golf.example/ride/${ID}/prices?serviceId=s1&bookingId=${RIDE}&cancelled=1`,
    });
  });
});
