import type { CartView } from '../schemas/devices';
import { isOverdue } from './ride-overrun';

/**
 * Which colour a cart's map marker takes (spec §2 Map): offline pinkish, online idle blue, in use amber,
 * in use but standing (speed 0.00) darker yellow. Shared so the map, the fleet list and any legend agree.
 */
export type CartMarkerState = 'offline' | 'idle' | 'inUse' | 'inUseStopped';

export const CART_MARKER_COLOURS: Record<CartMarkerState, string> = {
  offline: '#e57399',
  idle: '#1e88e5',
  inUse: '#ffb300',
  inUseStopped: '#c79100',
};

/** A cart counts as in use while it has a ride or stands unlocked. */
export const isCartInUse = (cart: Pick<CartView, 'inUse' | 'lockStatus'>): boolean =>
  cart.inUse || cart.lockStatus === 0;

/**
 * The one status a cart's line states (spec §2 Fleet status chip): offline; in use while it has a ride;
 * unlocked when it stands unlocked with no ride (not "in use": nobody's ride is behind it); else online.
 */
export type CartStatus = 'offline' | 'inUse' | 'unlocked' | 'online';

export function cartStatus(cart: Pick<CartView, 'onlineStatus' | 'inUse' | 'lockStatus'>): CartStatus {
  if (!cart.onlineStatus) return 'offline';
  if (cart.inUse) return 'inUse';
  return cart.lockStatus === 0 ? 'unlocked' : 'online';
}

export function cartMarkerState(
  cart: Pick<CartView, 'onlineStatus' | 'inUse' | 'lockStatus' | 'gpsSpeed'>,
): CartMarkerState {
  if (!cart.onlineStatus) return 'offline';
  if (!isCartInUse(cart)) return 'idle';
  return (cart.gpsSpeed ?? 0) < 0.005 ? 'inUseStopped' : 'inUse';
}

/**
 * Whether the cart's marker wears the overdue ring (issue 23): its ride ran past its service's duration and
 * the site's grace. A ring, not a state colour, so the states above stay as they are and an overdue cart
 * still shows whether it is moving.
 */
export const isCartOverdue = (cart: Pick<CartView, 'inUse' | 'overrun'>, now: number): boolean =>
  cart.inUse && isOverdue(cart.overrun, now);

/** Parses the spec's 'lat,lng' string; null when absent or malformed. */
export function parseLatLng(value: string | null | undefined): [number, number] | null {
  if (!value) return null;
  const [lat, lng] = value.split(',').map((part) => Number(part.trim()));
  if (lat === undefined || lng === undefined || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return [lat, lng];
}

export const formatLatLng = (lat: number, lng: number): string => `${lat.toFixed(6)},${lng.toFixed(6)}`;
