import { isUnlimited } from './credit-balance';
import type { GuestCartStatus } from './guest-cart-status';

/**
 * Spec §4 Virtual key unlock allowed, and the master key: which carts a guest holding a key may lock and
 * unlock from the site portal. One rule for the portal's pages and the server that enforces it (issue 18).
 */

/** A virtual key as the rule reads it (a code of type virtualKey, or the site's master code). */
export interface VirtualKeyState {
  enabled: boolean;
  /** epoch ms; null = never */
  expires: number | null;
  /** a master key opens any cart, booked or not, open or closed */
  master: boolean;
  allDevices: boolean;
  /** car numbers the key is for, when not allDevices */
  devices: readonly string[];
  /** the member's credits; negative = unlimited */
  credits: number;
}

/** Spec §8 texts of a key's refusals (the code is the key; the guest page shows its own language's text). */
export const VIRTUAL_KEY_REFUSALS = {
  keyNotFound: 'Key not found',
  keyDisabled: 'This virtual key is disabled',
  keyExpired: 'This virtual key has expired',
  insufficientCredits: 'Insufficient credits',
  notAllowedForCart: 'This code is not allowed for this cart',
  bookedWithoutMaster: 'This cart is booked; only a master key can open it',
  closedWithoutMaster: 'The club is closed; only a master key can open a cart',
} as const;
export type VirtualKeyRefusal = keyof typeof VIRTUAL_KEY_REFUSALS;

/** Why the key itself cannot be used at `now` (disabled, expired), whatever the cart; null when it can. */
export function keyUnusable(key: Pick<VirtualKeyState, 'enabled' | 'expires'>, now: number) {
  if (!key.enabled) return 'keyDisabled' as const;
  if (key.expires !== null && key.expires <= now) return 'keyExpired' as const;
  return null;
}

/** Whether the key is for the cart: a master key and an all-carts key are for every cart, else the listed numbers. */
export function keyCoversCart(
  key: Pick<VirtualKeyState, 'master' | 'allDevices' | 'devices'>,
  carNumber: string | null,
): boolean {
  return key.master || key.allDevices || (carNumber !== null && key.devices.includes(carNumber));
}

/**
 * Why `key` may not unlock a cart with `carNumber` whose guest status is `status`, or null when it may.
 * The key must be enabled and not expired; a master key then opens any cart that can take a command (not
 * offline, not in use, not driven by its key), booked or not, the club open or closed. Any other key needs
 * credits (unlimited, or above 0), must be for this cart (all carts, or its number listed), and leaves
 * booked carts and a closed club alone. A cart a guest cannot take for another reason (offline, in use, key
 * mode, out of service) answers its status.
 */
export function virtualKeyUnlockRefusal(
  key: VirtualKeyState,
  carNumber: string | null,
  status: GuestCartStatus,
  now: number,
): VirtualKeyRefusal | Exclude<GuestCartStatus, 'AVAILABLE' | 'BOOKED' | 'SITE_CLOSED'> | null {
  const unusable = keyUnusable(key, now);
  if (unusable) return unusable;
  if (status === 'OFFLINE' || status === 'IN_USE' || status === 'KEYMODE') return status;
  if (key.master) return null;
  if (status === 'OUT_OF_SERVICE') return status;
  if (!isUnlimited(key.credits) && key.credits <= 0) return 'insufficientCredits';
  if (!keyCoversCart(key, carNumber)) return 'notAllowedForCart';
  if (status === 'BOOKED') return 'bookedWithoutMaster';
  if (status === 'SITE_CLOSED') return 'closedWithoutMaster';
  return null;
}
