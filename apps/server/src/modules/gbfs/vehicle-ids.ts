import { createHmac } from 'node:crypto';

/** What a cart's public id is made from. */
export interface VehicleIdInput {
  id: string;
  lastRideId: string | null;
  lastMovedAt: Date | null;
}

/**
 * The id a cart has in the open feed. GBFS requires vehicle ids to rotate after every trip, so nobody can
 * follow one cart (and whoever drove it) from ride to ride: it is an HMAC, under a server secret, of the
 * cart, its latest ride and when it last moved. It stays the same while the cart stands, and changes with
 * each new ride and with a drive that opened none (a cart driven on its physical key, staff moving it).
 * The secret makes it impossible to recompute from the cart's id.
 */
export function rotatingVehicleId(secret: string, cart: VehicleIdInput): string {
  return createHmac('sha256', secret)
    .update(`${cart.id}|${cart.lastRideId ?? ''}|${cart.lastMovedAt?.toISOString() ?? ''}`)
    .digest('base64url')
    .slice(0, 22);
}
