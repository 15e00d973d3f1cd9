/**
 * The port through which a booking's unlock opens its ride (type 'booking'). The bookings module owns it and
 * the composition root (services.ts) wires the rides module's lifecycle in, so bookings never imports rides
 * and rides (or the guest module) may import bookings without a cycle.
 */
export interface BookingRideRequest {
  deviceId: string;
  siteId: string;
  type: 'booking';
  bookingId: string;
  serviceId: string | null;
  priceId: string | null;
  memberId: string | null;
  /** the staff member who unlocked it; null for the scheduled unlock */
  unlockedBy: string | null;
  meta: { name: string | null; email: string | null };
  /** minor units */
  amount: number | null;
}

export interface BookingRides {
  /**
   * Opens an unconfirmed ride and sends the cart its unlock; the cart's acknowledgement confirms it. Refuses
   * (HttpError 409) a cart that cannot be taken: offline, out of service, in use, key mode, site closed.
   */
  openByUnlock(request: BookingRideRequest): Promise<{ id: string }>;
}
