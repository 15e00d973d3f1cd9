import { describe, expect, it } from 'vitest';
import {
  autoLockDueAt,
  autoLockRemainingMinutes,
  effectiveAutoLockMinutes,
  type AutoLockCart,
  lockRefusal,
  lockToggleDisabledReason,
  planBulkLock,
} from './cart-commands';

const online = { onlineStatus: true, key: '0' as const, lockStatus: 1 as const };
const keyless = { keyless: true };

describe('lock toggle rule', () => {
  it('needs role basic or above', () => {
    expect(lockToggleDisabledReason(online, keyless, 'guest')).toBe('role');
    expect(lockToggleDisabledReason(online, keyless, null)).toBe('role');
    expect(lockToggleDisabledReason(online, keyless, 'basic')).toBeNull();
  });
  it('refuses a site that is not keyless, an offline cart and key mode, in that order', () => {
    expect(
      lockToggleDisabledReason({ ...online, onlineStatus: false, key: '1' }, { keyless: false }, 'admin'),
    ).toBe('notKeyless');
    expect(lockToggleDisabledReason({ ...online, onlineStatus: false, key: '1' }, keyless, 'admin')).toBe(
      'offline',
    );
    expect(lockToggleDisabledReason({ ...online, key: '1' }, keyless, 'admin')).toBe('keyMode');
  });
  it('names a cart already in the target state', () => {
    expect(lockRefusal(online, keyless, 'basic', 1)).toBe('alreadyLocked');
    expect(lockRefusal({ ...online, lockStatus: 0 }, keyless, 'basic', 0)).toBe('alreadyUnlocked');
    expect(lockRefusal(online, keyless, 'basic', 0)).toBeNull();
  });
});

describe('bulk lock plan', () => {
  it('acts on online keyless carts whose state differs and names every other one', () => {
    const carts = [
      { _id: 'a', carNumber: '1', ...online },
      { _id: 'b', carNumber: '2', ...online, lockStatus: 0 as const },
      { _id: 'c', carNumber: '3', ...online, onlineStatus: false },
      { _id: 'd', carNumber: '4', ...online, key: '1' as const },
    ];
    const plan = planBulkLock(carts, keyless, 'basic', 0);
    expect(plan.act.map((cart) => cart._id)).toEqual(['a']);
    expect(plan.skipped).toEqual([
      { id: 'b', carNumber: '2', reason: 'alreadyUnlocked' },
      { id: 'c', carNumber: '3', reason: 'offline' },
      { id: 'd', carNumber: '4', reason: 'keyMode' },
    ]);
  });
});

describe("auto-lock (the server job's rule, and the fleet countdown)", () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const unlocked: AutoLockCart = {
    lockStatus: 0,
    onlineStatus: true,
    key: '0',
    updates: [],
    lockUpdatedAt: '2026-11-21T11:55:00Z',
    lastMovedAt: null,
    connectedAt: '2026-11-21T08:00:00Z',
  };
  it('is due a full period after the later of unlock, last movement and reconnect', () => {
    expect(autoLockDueAt(unlocked, 10)).toBe(Date.parse('2026-11-21T12:05:00Z'));
    expect(autoLockDueAt({ ...unlocked, lastMovedAt: '2026-11-21T11:58:00Z' }, 10)).toBe(
      Date.parse('2026-11-21T12:08:00Z'),
    );
    expect(autoLockDueAt({ ...unlocked, connectedAt: '2026-11-21T11:59:00Z' }, 10)).toBe(
      Date.parse('2026-11-21T12:09:00Z'),
    );
  });
  it('never acts on a cart that is locked, unreachable, in key mode or being locked, or when off', () => {
    expect(autoLockDueAt(unlocked, 0)).toBeNull();
    expect(autoLockDueAt({ ...unlocked, lockStatus: 1 }, 10)).toBeNull();
    expect(autoLockDueAt({ ...unlocked, onlineStatus: false }, 10)).toBeNull();
    expect(autoLockDueAt({ ...unlocked, key: '1' }, 10)).toBeNull();
    expect(autoLockDueAt({ ...unlocked, updates: ['lock'] }, 10)).toBeNull();
    expect(
      autoLockDueAt({ ...unlocked, lockUpdatedAt: null, lastMovedAt: null, connectedAt: null }, 10),
    ).toBeNull();
  });
  it('counts down in whole minutes only while the cart stands, and not past the lock', () => {
    expect(autoLockRemainingMinutes(unlocked, 10, now)).toBe(5);
    // Moved 30 s ago: a full period away, as every moving cart is, so no countdown.
    expect(
      autoLockRemainingMinutes({ ...unlocked, lastMovedAt: '2026-11-21T11:59:30Z' }, 10, now),
    ).toBeNull();
    expect(autoLockRemainingMinutes({ ...unlocked, lastMovedAt: '2026-11-21T11:58:30Z' }, 10, now)).toBe(9);
    expect(autoLockRemainingMinutes(unlocked, 5, now)).toBeNull();
    expect(autoLockRemainingMinutes({ ...unlocked, key: '1' }, 10, now)).toBeNull();
  });
  it("is the site's setting on a keyless site only", () => {
    expect(effectiveAutoLockMinutes({ autoLock: '30', keyless: true })).toBe(30);
    expect(effectiveAutoLockMinutes({ autoLock: '30', keyless: false })).toBe(0);
    expect(effectiveAutoLockMinutes({ autoLock: '0', keyless: true })).toBe(0);
    expect(effectiveAutoLockMinutes({ autoLock: 'soon', keyless: true })).toBe(0);
  });
});
