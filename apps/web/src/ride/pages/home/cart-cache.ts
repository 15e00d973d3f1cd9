import type { GuestCartView } from '@fairway/domain';
import { guestApi } from '../../api/guest-api';

/**
 * The cart the guest just looked at, so the prices page (which needs its site, currency and terms) does not
 * wait for it again. The cart page always asks afresh; its answer is reused for a minute.
 */
const CART_REUSE_MS = 60_000;
const recent = new Map<string, { cart: GuestCartView; at: number }>();

export async function loadCart(deviceId: string, signal: AbortSignal, { fresh = false } = {}) {
  const hit = recent.get(deviceId);
  if (!fresh && hit && Date.now() - hit.at < CART_REUSE_MS) return hit.cart;
  const cart = await guestApi.cart(deviceId, signal);
  recent.set(deviceId, { cart, at: Date.now() });
  return cart;
}

/** Tests start from an empty cache. */
export const forgetCarts = (): void => recent.clear();
