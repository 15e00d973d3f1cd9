import type { RideEndReason, Role } from '@fairway/domain';
import type { RideRow } from './rides.repository';

/**
 * Who acts on a ride. A guest acts by holding the ride's id (the session); an operator by role on the
 * ride's site; the server by its own reason (a lock job, the cart locking at its keypad, an unlock the cart
 * never confirmed).
 */
export type RideActor =
  { kind: 'guest' } | { kind: 'operator'; userId: string; role: Role } | { kind: 'system' };

/** What a guest (or the payment webhook) asks for when a ride is to be opened by an unlock. */
export interface OpenRideRequest {
  deviceId: string;
  type: 'code' | 'payment' | 'booking' | 'key' | 'manual';
  paymentId?: string | null;
  serviceId?: string | null;
  priceId?: string | null;
  bookingId?: string | null;
  memberId?: string | null;
  codeId?: string | null;
  unlockedBy?: string | null;
  meta: { name: string | null; email: string | null };
  /** minor units */
  amount?: number | null;
}

const NOT_IMPLEMENTED = 'NOT_IMPLEMENTED';

/**
 * The ride lifecycle (issue #6), its write side: the one place rides open, confirm, pause, resume and end.
 * Every state change emits `ride.updated` (ride id, site id) on the domain bus; the read side
 * (`ride-views.service.ts`) presents rides and the realtime gateway pushes them to the site's operators and
 * to the ride's updates room.
 *
 * CONTRACT (the lead wrote these signatures; implementations replace the bodies):
 */
export class RideLifecycleService {
  /**
   * Opens an unconfirmed ride on a cart whose §4 guest status is AVAILABLE (else HttpError 409 with the
   * status as code and GUEST_CART_REFUSALS text) and sends its unlock (attempt 1 of a cycle). The cart's
   * acknowledgement confirms it (start = then, cart in use); an unanswered command is re-sent (attempts 2
   * and 3) while the 20 s wait lasts.
   */
  openByUnlock(request: OpenRideRequest): Promise<RideRow> {
    void request;
    return Promise.reject(new Error(NOT_IMPLEMENTED));
  }

  /** The guest's one retry of an unconfirmed ride: a new attempt cycle (409 noRetryLeft / rideEnded). */
  retryUnlock(rideId: string): Promise<RideRow> {
    void rideId;
    return Promise.reject(new Error(NOT_IMPLEMENTED));
  }

  /** Locks the cart and marks the ride paused (409 notActive unless active and confirmed). */
  pause(rideId: string, actor: RideActor): Promise<RideRow> {
    void rideId;
    void actor;
    return Promise.reject(new Error(NOT_IMPLEMENTED));
  }

  /** Unlocks the cart and makes the ride active again (409 notPaused unless paused). */
  resume(rideId: string, actor: RideActor): Promise<RideRow> {
    void rideId;
    void actor;
    return Promise.reject(new Error(NOT_IMPLEMENTED));
  }

  /**
   * Ends an open ride: locks the cart (when it is unlocked and can be), end = now, duration, end odometer,
   * distance, points and marks; the cart is no longer in use. 409 rideEnded when already ended.
   */
  end(rideId: string, actor: RideActor, reason: RideEndReason): Promise<RideRow> {
    void rideId;
    void actor;
    void reason;
    return Promise.reject(new Error(NOT_IMPLEMENTED));
  }
}
