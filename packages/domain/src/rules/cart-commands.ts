import { hasRole, type Role } from '../roles';
import type { CartView } from '../schemas/devices';

/**
 * Who may lock or unlock which cart (spec §4 Cart, §6). The server refuses with these reasons and the web
 * app disables its buttons with the same function, so the two never disagree.
 */
export type LockRefusal = 'role' | 'notKeyless' | 'offline' | 'keyMode' | 'alreadyLocked' | 'alreadyUnlocked';

/** English messages the server answers with; the web app shows its own translation by reason. */
export const LOCK_REFUSAL_MESSAGES: Record<LockRefusal, string> = {
  role: 'Your role may not lock or unlock carts',
  notKeyless: 'This site does not use keyless carts',
  offline: 'Cart is offline',
  keyMode: 'Cart is in key mode',
  alreadyLocked: 'Cart is already locked',
  alreadyUnlocked: 'Cart is already unlocked',
};

export type LockTarget = 0 | 1;
export type LockableCart = Pick<CartView, 'onlineStatus' | 'key' | 'lockStatus'>;

/** Why the lock toggle is disabled for this cart, ignoring its current state (null: enabled). */
export function lockToggleDisabledReason(
  cart: Pick<CartView, 'onlineStatus' | 'key'>,
  site: { keyless: boolean },
  role: Role | null | undefined,
): Exclude<LockRefusal, 'alreadyLocked' | 'alreadyUnlocked'> | null {
  if (!hasRole(role, 'basic')) return 'role';
  if (!site.keyless) return 'notKeyless';
  if (!cart.onlineStatus) return 'offline';
  if (cart.key === '1') return 'keyMode';
  return null;
}

/** Why the cart cannot be set to `target` now (null: send the command). */
export function lockRefusal(
  cart: LockableCart,
  site: { keyless: boolean },
  role: Role | null | undefined,
  target: LockTarget,
): LockRefusal | null {
  const disabled = lockToggleDisabledReason(cart, site, role);
  if (disabled) return disabled;
  if (cart.lockStatus === target) return target === 1 ? 'alreadyLocked' : 'alreadyUnlocked';
  return null;
}

export interface SkippedCart {
  id: string;
  carNumber: string | null;
  reason: LockRefusal | 'notFound';
}

/**
 * Bulk lock/unlock acts only on online keyless carts whose state differs (spec §4); every other selected
 * cart is named with its reason, so the operator learns what was left alone and why.
 */
export function planBulkLock<C extends LockableCart & Pick<CartView, '_id' | 'carNumber'>>(
  carts: C[],
  site: { keyless: boolean },
  role: Role | null | undefined,
  target: LockTarget,
): { act: C[]; skipped: SkippedCart[] } {
  const act: C[] = [];
  const skipped: SkippedCart[] = [];
  for (const cart of carts) {
    const reason = lockRefusal(cart, site, role, target);
    if (reason) skipped.push({ id: cart._id, carNumber: cart.carNumber, reason });
    else act.push(cart);
  }
  return { act, skipped };
}

/** A warning shows in the fleet's bulk menu when any selected cart is in key mode (spec §4). */
export const anyInKeyMode = (carts: Array<Pick<CartView, 'key'>>): boolean =>
  carts.some((cart) => cart.key === '1');

/**
 * Minutes until the site's auto-lock locks this cart: counted from the later of its unlock and its last
 * movement, shown only for unlocked carts that are not in use and while 0 < remaining < autoLock (§2 Fleet).
 */
export function autoLockRemainingMinutes(
  cart: Pick<CartView, 'lockStatus' | 'inUse' | 'onlineStatus' | 'key'> & {
    lockUpdatedAt: string | null;
    lastMovedAt: string | null;
  },
  autoLockMinutes: number,
  now: number,
): number | null {
  if (autoLockMinutes <= 0 || cart.lockStatus !== 0 || cart.inUse || !cart.onlineStatus || cart.key === '1')
    return null;
  const since = Math.max(
    cart.lockUpdatedAt ? Date.parse(cart.lockUpdatedAt) : 0,
    cart.lastMovedAt ? Date.parse(cart.lastMovedAt) : 0,
  );
  if (since === 0) return null;
  const remaining = autoLockMinutes - (now - since) / 60_000;
  return remaining > 0 && remaining < autoLockMinutes ? Math.ceil(remaining) : null;
}
