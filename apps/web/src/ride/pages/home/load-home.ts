import type { GuestCartView } from '@fairway/domain';
import { guestApi } from '../../api/guest-api';
import { isNotFound } from '../../api/errors';
import { clearSavedSession, readSavedSession } from '../../lib/ride-storage';
import { loadCart } from './cart-cache';

export interface HomeData {
  cart: GuestCartView;
  /** the guest's own open ride on this cart: the page goes straight to it */
  resumeSessionId: string | null;
}

/**
 * Spec §4 Guest cart status: a saved session for this cart leads to the session page when the cart is in use
 * (or the saved ride is still open, e.g. paused on a cart that went offline); a saved session for another
 * cart, or an ended or unknown ride, is dropped. A network failure while checking keeps it for next time.
 */
export async function loadHome(deviceId: string, signal: AbortSignal): Promise<HomeData> {
  const cart = await loadCart(deviceId, signal, { fresh: true });
  const saved = readSavedSession();
  if (!saved) return { cart, resumeSessionId: null };
  if (saved.deviceId !== deviceId) {
    clearSavedSession(saved.sessionId);
    return { cart, resumeSessionId: null };
  }
  if (cart.status === 'IN_USE') return { cart, resumeSessionId: saved.sessionId };
  try {
    const ride = await guestApi.ride(saved.sessionId, signal);
    if (ride.status === 1 && ride.stage !== 'ended' && ride.deviceId === deviceId)
      return { cart, resumeSessionId: saved.sessionId };
    clearSavedSession(saved.sessionId);
  } catch (error) {
    if (signal.aborted) throw error;
    if (isNotFound(error)) clearSavedSession(saved.sessionId);
  }
  return { cart, resumeSessionId: null };
}
