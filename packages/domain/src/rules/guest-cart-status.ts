import { clockAt, type ClockReading } from './club-clock';

/**
 * Spec §4 Guest cart status: what a guest scanning a cart's QR code is told, and what the server checks
 * before it takes a payment for or unlocks the cart. One rule for the guest page and the server.
 */
export const GUEST_CART_STATUSES = [
  'AVAILABLE',
  'IN_USE',
  'KEYMODE',
  'OFFLINE',
  'OUT_OF_SERVICE',
  'BOOKED',
  'SITE_CLOSED',
] as const;
export type GuestCartStatus = (typeof GUEST_CART_STATUSES)[number];

export interface GuestCartState {
  onlineStatus: boolean;
  /** 1 locked, 0 unlocked */
  lockStatus: 0 | 1;
  /** a ride (session) is open on the cart */
  inUse: boolean;
  /** '1' the physical key drives it (key mode) */
  key: '0' | '1';
  inService: boolean;
}

/** A day of the week's opening hours (null = closed all day); close may be '24:00'. */
export type OpeningDay = { openTime: string; closeTime: string } | null;

/** Spec §4 Site open check: today's entry exists and open ≤ now < close, in the site's local time. */
export function siteOpenAt(openingHours: readonly OpeningDay[], now: ClockReading): boolean {
  const today = openingHours[now.day];
  return !!today && today.openTime <= now.time && now.time < today.closeTime;
}

/**
 * Spec §4: not online → OFFLINE; a session or an unlocked cart → IN_USE; site closed now → SITE_CLOSED;
 * a booking in its window → BOOKED; else AVAILABLE. The spec names KEYMODE and OUT_OF_SERVICE without
 * saying when they apply: an operator's out-of-service flag and a cart driven by its physical key both
 * make it unusable for a guest whatever else holds, so they rank right after OFFLINE.
 */
export function guestCartStatus(
  cart: GuestCartState,
  site: { openNow: boolean },
  bookedNow: boolean,
): GuestCartStatus {
  if (!cart.onlineStatus) return 'OFFLINE';
  if (!cart.inService) return 'OUT_OF_SERVICE';
  if (cart.key === '1') return 'KEYMODE';
  if (cart.inUse || cart.lockStatus === 0) return 'IN_USE';
  if (!site.openNow) return 'SITE_CLOSED';
  if (bookedNow) return 'BOOKED';
  return 'AVAILABLE';
}

/** A cart's live bookings at an instant (issue 17): a booking, or a maintenance block, covering it. */
export interface CartBookingsNow {
  bookedNow: boolean;
  maintenanceNow: boolean;
}
export const NO_BOOKING_NOW: CartBookingsNow = { bookedNow: false, maintenanceNow: false };

/**
 * The status the server enforces at `now`: a ride still waiting for the cart's confirmation is a session
 * already (the cart is not marked in use until it confirms), the club's hours are read on its own clock, a
 * booking covering now makes the cart BOOKED, and a current maintenance block takes it out of service (spec
 * §4: "while current, the cart shows as maintenance"). One reading for the cart page, checkout and the
 * unlock, so they never disagree.
 */
export function guestCartStatusAt(
  cart: GuestCartState,
  openRide: boolean,
  site: { openingHours: readonly OpeningDay[]; timezone: string },
  now: number,
  bookings: CartBookingsNow = NO_BOOKING_NOW,
): GuestCartStatus {
  return guestCartStatus(
    { ...cart, inUse: cart.inUse || openRide, inService: cart.inService && !bookings.maintenanceNow },
    { openNow: siteOpenAt(site.openingHours, clockAt(now, site.timezone)) },
    bookings.bookedNow,
  );
}

/** Spec §8 user-facing texts for a cart a guest cannot take; the code is the status. */
export const GUEST_CART_REFUSALS: Record<Exclude<GuestCartStatus, 'AVAILABLE'>, string> = {
  OFFLINE: 'This cart is offline',
  IN_USE: 'This cart is in use by another guest',
  KEYMODE: 'This cart requires a key',
  OUT_OF_SERVICE: 'This cart is out of service',
  BOOKED: 'This cart is booked',
  SITE_CLOSED: 'The club is closed',
};
