import { describe, expect, it } from 'vitest';
import {
  autoLockRemainingMinutes,
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

describe('auto-lock countdown', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  const unlocked = {
    lockStatus: 0 as const,
    inUse: false,
    onlineStatus: true,
    key: '0' as const,
    lockUpdatedAt: '2026-11-21T11:55:00Z',
    lastMovedAt: null,
  };
  it('counts from the later of unlock and last movement, rounding up', () => {
    expect(autoLockRemainingMinutes(unlocked, 10, now)).toBe(5);
    expect(autoLockRemainingMinutes({ ...unlocked, lastMovedAt: '2026-11-21T11:59:30Z' }, 10, now)).toBe(10);
  });
  it('shows nothing when off, elapsed, locked, in use or in key mode', () => {
    expect(autoLockRemainingMinutes(unlocked, 0, now)).toBeNull();
    expect(autoLockRemainingMinutes(unlocked, 5, now)).toBeNull();
    expect(autoLockRemainingMinutes({ ...unlocked, lockStatus: 1 }, 10, now)).toBeNull();
    expect(autoLockRemainingMinutes({ ...unlocked, inUse: true }, 10, now)).toBeNull();
    expect(autoLockRemainingMinutes({ ...unlocked, key: '1' }, 10, now)).toBeNull();
  });
});
