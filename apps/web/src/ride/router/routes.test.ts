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
    `/guest/site/${ID}`,
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
    expect(ridePaths.session(ID, RIDE)).toBe(`/ride/${ID}/session/${RIDE}`);
    expect(ridePaths.pending(ID, 'cs_1')).toBe(`/ride/${ID}/session/pending?payment=cs_1`);
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
});
