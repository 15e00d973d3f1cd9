import { describe, expect, it } from 'vitest';
import { GUEST_CART_STATUSES } from './guest-cart-status';
import { keyCoversCart, keyUnusable, virtualKeyUnlockRefusal, type VirtualKeyState } from './virtual-keys';

const NOW = Date.parse('2026-06-01T10:00:00Z');
const key = (over: Partial<VirtualKeyState> = {}): VirtualKeyState => ({
  enabled: true,
  expires: null,
  master: false,
  allDevices: true,
  devices: [],
  credits: 3,
  ...over,
});

describe('a key itself', () => {
  it('is unusable when disabled, or from the instant it expires on', () => {
    expect(keyUnusable(key(), NOW)).toBeNull();
    expect(keyUnusable(key({ enabled: false }), NOW)).toBe('keyDisabled');
    expect(keyUnusable(key({ expires: NOW + 1 }), NOW)).toBeNull();
    expect(keyUnusable(key({ expires: NOW }), NOW)).toBe('keyExpired');
    // Disabled is said first: re-enabling is what the member must ask for.
    expect(keyUnusable(key({ enabled: false, expires: NOW - 1 }), NOW)).toBe('keyDisabled');
  });
});

describe('virtual key unlock allowed (spec §4)', () => {
  it('needs credits: unlimited (-1) or above 0; 0 is refused', () => {
    expect(virtualKeyUnlockRefusal(key({ credits: 1 }), '4', 'AVAILABLE', NOW)).toBeNull();
    expect(virtualKeyUnlockRefusal(key({ credits: -1 }), '4', 'AVAILABLE', NOW)).toBeNull();
    expect(virtualKeyUnlockRefusal(key({ credits: 0 }), '4', 'AVAILABLE', NOW)).toBe('insufficientCredits');
  });

  it('must be for the cart: all carts, or its number listed', () => {
    const some = key({ allDevices: false, devices: ['4', '12'] });
    expect(virtualKeyUnlockRefusal(some, '12', 'AVAILABLE', NOW)).toBeNull();
    expect(virtualKeyUnlockRefusal(some, '1', 'AVAILABLE', NOW)).toBe('notAllowedForCart');
    // Not a prefix match: cart 1 is not cart 12.
    expect(virtualKeyUnlockRefusal(key({ allDevices: false, devices: ['12'] }), '1', 'AVAILABLE', NOW)).toBe(
      'notAllowedForCart',
    );
    expect(virtualKeyUnlockRefusal(some, null, 'AVAILABLE', NOW)).toBe('notAllowedForCart');
  });

  it('is for every cart when master or all carts, else for the listed numbers only (booking form, issue 18)', () => {
    expect(keyCoversCart(key({ allDevices: false, devices: ['4'], master: true }), '9')).toBe(true);
    expect(keyCoversCart(key(), null)).toBe(true);
    expect(keyCoversCart(key({ allDevices: false, devices: ['4', '12'] }), '12')).toBe(true);
    expect(keyCoversCart(key({ allDevices: false, devices: ['12'] }), '1')).toBe(false);
    expect(keyCoversCart(key({ allDevices: false, devices: [] }), null)).toBe(false);
  });

  it('leaves booked carts and a closed club to master keys', () => {
    expect(virtualKeyUnlockRefusal(key(), '4', 'BOOKED', NOW)).toBe('bookedWithoutMaster');
    expect(virtualKeyUnlockRefusal(key(), '4', 'SITE_CLOSED', NOW)).toBe('closedWithoutMaster');
    const master = key({ master: true, credits: 0, allDevices: false, devices: [] });
    expect(virtualKeyUnlockRefusal(master, '4', 'BOOKED', NOW)).toBeNull();
    expect(virtualKeyUnlockRefusal(master, '4', 'SITE_CLOSED', NOW)).toBeNull();
    // A mechanic's master key moves a cart that is out of service; a member's key does not.
    expect(virtualKeyUnlockRefusal(master, '4', 'OUT_OF_SERVICE', NOW)).toBeNull();
    expect(virtualKeyUnlockRefusal(key(), '4', 'OUT_OF_SERVICE', NOW)).toBe('OUT_OF_SERVICE');
  });

  it('no key opens a cart that cannot take it: offline, in use, driven by its key', () => {
    for (const master of [false, true]) {
      expect(virtualKeyUnlockRefusal(key({ master }), '4', 'OFFLINE', NOW)).toBe('OFFLINE');
      expect(virtualKeyUnlockRefusal(key({ master }), '4', 'IN_USE', NOW)).toBe('IN_USE');
      expect(virtualKeyUnlockRefusal(key({ master }), '4', 'KEYMODE', NOW)).toBe('KEYMODE');
    }
  });

  it('a disabled or expired key opens nothing, master or not, whatever the cart', () => {
    for (const status of GUEST_CART_STATUSES) {
      expect(virtualKeyUnlockRefusal(key({ master: true, enabled: false }), '4', status, NOW)).toBe(
        'keyDisabled',
      );
      expect(virtualKeyUnlockRefusal(key({ expires: NOW }), '4', status, NOW)).toBe('keyExpired');
    }
  });
});
