import { z } from 'zod';
import { id } from './common';

/**
 * The guest site portal's calls (spec §2 Guest site portal and booking page, §4, §7 Guest; issue 18): a
 * phone with no login acts only through a secret it holds — a member's virtual-key code, a master code, or a
 * booking's code — and only on what that secret names. Codes travel in the body or the query, never in the
 * path, and every call that checks one is rate limited per address and per site (429 rateLimited with
 * `retryAfter`). Refusals answer `{ message, code }`; the page turns the code into its own language's text.
 */

const instant = z.iso.datetime({ offset: true });
/** Every code a guest types: 6 digits (spec §5). */
export const guestCode = z.string().regex(/^\d{6}$/, { message: 'Code must be 6 digits' });

/* ───────────── Virtual key: the booking form (GET key-services, GET key-carts, POST bookings) ───────────── */

/** GET /api/guest/sites/:siteId/key-services?code= — what the key's holder may book, with every price. */
export const guestKeyServicesQuery = z.object({ code: guestCode });

export const guestKeyPrice = z.object({
  _id: id,
  name: z.string(),
  /** null: the guest price; else a user group's */
  userGroup: id.nullable(),
  /** what a booking with a key costs; null or 0 = not bookable with credits */
  credits: z.number().int().nullable(),
  /** weekday 0 = Sunday, 'HH:mm' on the club's clock; empty = always */
  availableTimes: z.array(z.object({ day: z.number().int(), start: z.string(), end: z.string() })),
});
export type GuestKeyPrice = z.infer<typeof guestKeyPrice>;

/**
 * The page runs the domain's `applicablePrice(service.prices, holder, clockAt(now, timezone))` on this, as
 * the server does when booking: a service with no qualifying price is hidden, one the credits do not cover
 * is shown disabled (spec §4 Service applicability).
 */
export const guestKeyServices = z.object({
  holder: z.object({ userGroup: id.nullable(), credits: z.number().int() }),
  timezone: z.string(),
  services: z.array(
    z.object({
      _id: id,
      name: z.string(),
      /** minutes */
      duration: z.number().int(),
      prices: z.array(guestKeyPrice),
    }),
  ),
  serverTime: instant,
});
export type GuestKeyServices = z.infer<typeof guestKeyServices>;

/**
 * GET /api/guest/sites/:siteId/key-carts?code=&serviceId= — the carts the key may book for the service now:
 * the booking starts now rounded to the nearest 5 minutes and lasts the service's duration (spec §4 Booking
 * dialog, guest form); only carts the key is for, in service and free for that range; recommended first.
 */
export const guestKeyCartsQuery = z.object({ code: guestCode, serviceId: id });
export const guestKeyCarts = z.object({
  start: instant,
  end: instant,
  carts: z.array(z.object({ _id: id, carNumber: z.string().nullable(), recommended: z.boolean() })),
});
export type GuestKeyCarts = z.infer<typeof guestKeyCarts>;

/**
 * POST /api/guest/bookings — 'book now' with a virtual key (spec §7 body {serviceId, priceId, deviceId,
 * start, end}; the key's code names the driver instead of a driverId a phone could forge). The server
 * decides the applicable price again, takes its credits from the member in the transaction that stores the
 * booking (a repeat finds the cart booked: 409 overlap, no second charge), and answers the booking with
 * its code, which the page passes on to unlock it.
 * Refusals: 403 keyDisabled/keyExpired/notAllowedForCart/insufficientCredits, bookingLocked (a booking
 * integration takes the club's bookings), 404 keyNotFound/serviceNotFound/cartNotFound, 409
 * priceNotApplicable (the price is no longer the applicable one: reload), timesChanged (start/end more than
 * 5 minutes from the server's now-rounded range: reload; within it the server's values are stored), overlap,
 * outOfService, IN_USE (the cart is out on a round now), SITE_CLOSED.
 */
export const guestBookingBody = z.object({
  siteId: id,
  code: guestCode,
  serviceId: id,
  priceId: id,
  deviceId: id,
  start: instant,
  end: instant,
});
export type GuestBookingBody = z.infer<typeof guestBookingBody>;
export const guestBookingCreated = z.object({
  bookingId: id,
  deviceId: id,
  /** the booking's code: unlocks it at /ride/{deviceId}/booking/{bookingId}?reservationCode= */
  code: z.string(),
  /** the member's credits after the booking (negative = unlimited) */
  credits: z.number().int(),
});
export type GuestBookingCreated = z.infer<typeof guestBookingCreated>;

/* ───────────── Booking code: the portal card, the booking page, its unlock, lock and change of cart ───────────── */

/** GET /api/guest/bookings/retrieve?siteId=&code= — the portal's booking-code card: which booking it is. */
export const guestBookingRetrieveQuery = z.object({ siteId: id, code: guestCode });
export const guestBookingRef = z.object({ bookingId: id, deviceId: id });
export type GuestBookingRef = z.infer<typeof guestBookingRef>;

/** The booking's code, which every call on /api/guest/bookings/:id carries (query for GET, body otherwise). */
export const guestBookingCodeQuery = z.object({ code: guestCode });

/**
 * What the booking page shows (spec §2 Booking page): which of its states applies is decided on the server
 * (`state`), with the instants the page counts down to.
 * - expired: now is past the end.
 * - active: the booking's ride is open (`session`); `cartLocked` says whether the lock button locks or
 *   unlocks (a paused ride).
 * - prePaid: may unlock from `unlockFrom` (start + the club's booking offset) until the end.
 * - paymentRequired: pay first (the prices page with the booking's id, then checkout).
 */
export const GUEST_BOOKING_STATES = ['expired', 'active', 'prePaid', 'paymentRequired'] as const;
export type GuestBookingState = (typeof GUEST_BOOKING_STATES)[number];
export const guestBookingView = z.object({
  _id: id,
  siteId: id,
  deviceId: id,
  carNumber: z.string().nullable(),
  start: instant,
  end: instant,
  unlockFrom: instant,
  name: z.string(),
  email: z.string().nullable(),
  /** the operator's note to the guest */
  note: z.string(),
  serviceId: id.nullable(),
  serviceName: z.string().nullable(),
  state: z.enum(GUEST_BOOKING_STATES),
  /** the open ride of this booking (the session page's id), if any */
  session: id.nullable(),
  cartLocked: z.boolean(),
  /** 'Problem with cart?' is offered (no booking integration, no ride yet, not expired) */
  mayChangeCart: z.boolean(),
  serverTime: instant,
});
export type GuestBookingView = z.infer<typeof guestBookingView>;

/** POST /api/guest/bookings/:id/unlock {code} → {session}: opens (or resumes) the booking's ride. */
export const guestBookingUnlockBody = z.object({ code: guestCode });

/** POST /api/guest/bookings/:id/toggle-lock {code, lockStatus}: lock pauses the booking's ride, unlock resumes it. */
export const guestLockStatus = z.enum(['locked', 'unlocked']);
export type GuestLockStatus = z.infer<typeof guestLockStatus>;
export const guestBookingToggleBody = z.object({ code: guestCode, lockStatus: guestLockStatus });

/** GET /api/guest/bookings/:id/available-carts?code= — carts free for the booking's range, except its own. */
export const guestAvailableCarts = z.object({
  availableCarts: z.array(z.object({ _id: id, carNumber: z.string().nullable(), keyMode: z.boolean() })),
});
export type GuestAvailableCarts = z.infer<typeof guestAvailableCarts>;

/** PATCH /api/guest/bookings/:id {code, device} → the booking on its new cart. */
export const guestBookingMoveBody = z.object({ code: guestCode, device: id });

/* ───────────── Master key: the carts, and lock or unlock any of them ───────────── */

/** GET /api/guest/sites/:siteId/master-carts?code= — every cart of the club, by number, for a master code. */
export const guestMasterCartsQuery = z.object({ code: guestCode });
export const guestMasterCart = z.object({
  _id: id,
  carNumber: z.string().nullable(),
  online: z.boolean(),
  locked: z.boolean(),
  keyMode: z.boolean(),
  /** 'booked' or 'maintenance' now, for the list's chip */
  displayLockStatus: z.enum(['unlocked', 'maintenance', 'booked', 'locked']),
});
export type GuestMasterCart = z.infer<typeof guestMasterCart>;
export const guestMasterCarts = z.object({ carts: z.array(guestMasterCart) });
export type GuestMasterCarts = z.infer<typeof guestMasterCarts>;

/**
 * POST /api/guest/devices/:id/toggle-lock {lockStatus, code} — a master code locks or unlocks the cart
 * (booked or not, the club open or closed); the command goes through the cart's durable queue and the page
 * polls GET master-carts until the cart reports the state (spec §4 Lock toggle: 10 tries at 1 s).
 * `virtualKeyId` is accepted for older pages but the code decides: an id alone is not a secret.
 * 409 alreadyLocked/alreadyUnlocked ('Cart is already locked/unlocked'), OFFLINE, KEYMODE, IN_USE (a ride
 * is open on the cart: a master key neither pauses nor resumes a guest's round).
 */
export const guestToggleLockBody = z.object({
  lockStatus: guestLockStatus,
  code: guestCode,
  virtualKeyId: id.optional(),
});
export type GuestToggleLockBody = z.infer<typeof guestToggleLockBody>;
export const guestToggleLockAnswer = z.object({ commandId: id });
