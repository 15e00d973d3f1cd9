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
 * The auto-lock minutes a site's carts are really held to: its `autoLock` setting (spec §3: minutes as
 * text, '0' = off) on a keyless site, else 0 — the server's auto-lock job locks only keyless sites' carts.
 */
export function effectiveAutoLockMinutes(site: { autoLock: string; keyless: boolean }): number {
  if (!site.keyless || !/^[0-9]+$/.test(site.autoLock)) return 0;
  return Number(site.autoLock);
}

export type AutoLockCart = Pick<CartView, 'lockStatus' | 'onlineStatus' | 'key' | 'updates'> & {
  lockUpdatedAt: string | null;
  lastMovedAt: string | null;
  connectedAt: string | null;
};

/**
 * When the server's auto-lock job (jobs/lock-candidates.ts) locks this cart, in epoch ms, or null when it
 * never will as the cart stands: the same rule, so the fleet's countdown shows what will happen. A cart is
 * locked once it is unlocked, reachable, keyless, without a lock on its way, and idle — not unlocked, moved
 * or reconnected — for the site's minutes; in use or not (a cart left standing mid-ride is locked too, and
 * its ride ends 'autoLock').
 */
export function autoLockDueAt(cart: AutoLockCart, autoLockMinutes: number): number | null {
  if (autoLockMinutes <= 0 || cart.lockStatus !== 0 || !cart.onlineStatus || cart.key === '1') return null;
  if (cart.updates.includes('lock')) return null;
  const idleSince = Math.max(
    ...[cart.lockUpdatedAt, cart.lastMovedAt, cart.connectedAt].map((at) => (at ? Date.parse(at) : 0)),
  );
  return idleSince === 0 ? null : idleSince + autoLockMinutes * 60_000;
}

/**
 * The fleet's auto-lock countdown (spec §2 Fleet): whole minutes until `autoLockDueAt`, shown while above 0
 * and below the site's value — so a cart that is moving (always a full period away) shows none, and one
 * left standing counts down.
 */
export function autoLockRemainingMinutes(
  cart: AutoLockCart,
  autoLockMinutes: number,
  now: number,
): number | null {
  const due = autoLockDueAt(cart, autoLockMinutes);
  if (due === null || due <= now) return null;
  const minutes = Math.ceil((due - now) / 60_000);
  return minutes < autoLockMinutes ? minutes : null;
}
