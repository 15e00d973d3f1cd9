import { describe, expect, it } from 'vitest';
import { cartMarkerState, cartStatus, formatLatLng, parseLatLng } from './cart-marker';

const cart = { onlineStatus: true, inUse: false, lockStatus: 1 as 0 | 1, gpsSpeed: 0 };

describe('cartMarkerState', () => {
  it('is offline whenever the cart is offline, whatever else', () => {
    expect(cartMarkerState({ ...cart, onlineStatus: false, inUse: true, gpsSpeed: 12 })).toBe('offline');
  });

  it('is idle for an online, locked cart without a ride', () => {
    expect(cartMarkerState(cart)).toBe('idle');
  });

  it('is in use when unlocked or riding, darker when standing at 0.00', () => {
    expect(cartMarkerState({ ...cart, lockStatus: 0, gpsSpeed: 8 })).toBe('inUse');
    expect(cartMarkerState({ ...cart, inUse: true, gpsSpeed: 0.01 })).toBe('inUse');
    expect(cartMarkerState({ ...cart, inUse: true, gpsSpeed: 0.004 })).toBe('inUseStopped');
    expect(cartMarkerState({ ...cart, lockStatus: 0, gpsSpeed: null })).toBe('inUseStopped');
  });
});

describe('lat/lng strings', () => {
  it('parses the spec format and refuses junk', () => {
    expect(parseLatLng('56.3433,-2.8036')).toEqual([56.3433, -2.8036]);
    expect(parseLatLng(' 56.3433 , -2.8036 ')).toEqual([56.3433, -2.8036]);
    expect(parseLatLng('nope')).toBeNull();
    expect(parseLatLng(null)).toBeNull();
  });

  it('formats with six decimals', () => {
    expect(formatLatLng(56.34330001, -2.8)).toBe('56.343300,-2.800000');
  });
});

describe('cartStatus', () => {
  const cart = { onlineStatus: true, inUse: false, lockStatus: 1 as const };
  it('says in use only while the cart has a ride, and unlocked for an unlocked cart without one', () => {
    expect(cartStatus({ ...cart, inUse: true, lockStatus: 0 })).toBe('inUse');
    expect(cartStatus({ ...cart, inUse: true, lockStatus: 1 })).toBe('inUse');
    expect(cartStatus({ ...cart, lockStatus: 0 })).toBe('unlocked');
    expect(cartStatus(cart)).toBe('online');
    expect(cartStatus({ ...cart, onlineStatus: false, inUse: true, lockStatus: 0 })).toBe('offline');
  });
});
