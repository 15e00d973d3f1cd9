import { z } from 'zod';
import { GUEST_CART_STATUSES } from '../rules/guest-cart-status';
import { email, id } from './common';
import { pagination } from './devices';
import { rideOverrunMark } from './ride-overrun';
import { PAYMENT_STATUSES } from './payments';
import { safeText } from './text';

/**
 * Rides (spec §3 Ride, §2 Rides, §2 Guest ride flow, §7 GET /rides, POST /rides/end, /rides/delete, guest
 * GET /rides/{sessionId}). A ride's id is the guest's "session".
 */

/** How a ride was unlocked. 'payment': a guest paid by card (issue #7); 'code': the cart's own 6-digit code. */
export const RIDE_TYPES = ['key', 'keypad', 'rfid', 'manual', 'booking', 'code', 'payment'] as const;
export type RideType = (typeof RIDE_TYPES)[number];

/** Operator view: active, paused (the cart is locked, the ride stays open), ended. */
export const RIDE_STATUSES = ['active', 'paused', 'ended'] as const;
export type RideStatus = (typeof RIDE_STATUSES)[number];

/**
 * Why a ride ended. 'cartLocked': a keypad/RFID ride, locked at the cart's own keypad; 'unconfirmed': the
 * cart never confirmed the unlock (a paid one is refunded); the lock jobs' reasons for the server's locks.
 */
export const RIDE_END_REASONS = [
  'guest',
  'operator',
  'autoLock',
  'roundTimeout',
  'scheduledLock',
  'cartLocked',
  'unconfirmed',
] as const;
export type RideEndReason = (typeof RIDE_END_REASONS)[number];

export const rideTag = z.object({ text: z.string(), color: z.string() });
export type RideTag = z.infer<typeof rideTag>;

const instant = z.iso.datetime({ offset: true });
const latLng = z.tuple([z.number(), z.number()]);

/** A ride as operators see it (list card, detail pane, live updates). */
export const rideView = z.object({
  _id: id,
  device: id,
  siteId: id,
  carNumber: z.string().nullable(),
  carName: z.string().nullable(),
  type: z.enum(RIDE_TYPES),
  status: z.enum(RIDE_STATUSES),
  /** the cart confirmed the unlock; an unconfirmed ride is still waiting for it */
  confirmed: z.boolean(),
  start: instant,
  end: instant.nullable(),
  /** seconds; 0 when over 36,000 (spec §9) */
  duration: z.number().int().nullable(),
  /** km, 1 decimal */
  distance: z.number().nullable(),
  startOdometer: z.number().nullable(),
  endOdometer: z.number().nullable(),
  /** minor units, in `currency` */
  amount: z.number().int().nullable(),
  currency: z.string(),
  service: z.object({ _id: id, name: z.string() }).nullable(),
  price: z.object({ _id: id, name: z.string() }).nullable(),
  booking: id.nullable(),
  /** the member (driver) whose key or code opened it: the detail's virtual-key badge */
  driver: id.nullable(),
  meta: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  /** the keypad code or RFID tag of a keypad/rfid ride */
  unlockCode: z.string().nullable(),
  /** the staff member who unlocked it (manual rides) */
  unlockedBy: z.object({ _id: id, email: z.string() }).nullable(),
  endReason: z.enum(RIDE_END_REASONS).nullable(),
  rideTags: z.array(rideTag),
  /**
   * Spec §3 trailPoints / minRideDuration: an ended ride shorter than the site's minimum, or with fewer
   * positions than its trailPoints, is kept and marked, never dropped.
   */
  marks: z.object({ tooShort: z.boolean(), fewPoints: z.boolean() }),
  /** positions received while it ran (null while it runs: counted when it ends) */
  points: z.number().int().nullable(),
  deleted: z.boolean(),
  /** an open, confirmed ride with a service duration: what the overrun marks read (issue 23); else null */
  overrun: rideOverrunMark.nullable(),
});
export type RideView = z.infer<typeof rideView>;

/** The detail pane's ride: the view plus its trail and where the map centres without one. */
export const rideDetail = rideView.extend({
  /** [lat, lng] in time order: every position with `hiRes`, else simplified for drawing */
  trail: z.array(latLng),
  hiRes: z.boolean(),
  /** the site's centre, for a ride without trail points (spec: else 0,0) */
  siteCenter: latLng,
  /** an open ride's cart's hole now (rules/course holeAt on the trail's last point); null off the course */
  hole: z.number().int().nullable(),
});
export type RideDetail = z.infer<typeof rideDetail>;

export const RIDE_PAGE_SIZE = 10;
/** Spec §2 Rides: search with a type filter (cart number, driver name, email). */
export const RIDE_SEARCH_FIELDS = ['carNumber', 'name', 'email'] as const;
export type RideSearchField = (typeof RIDE_SEARCH_FIELDS)[number];

/** GET /api/dashboard/rides: newest first, [start, end) on the ride's start. */
export const ridesQuery = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(RIDE_PAGE_SIZE),
    sort: z.literal('start:desc').default('start:desc'),
    start: instant.optional(),
    end: instant.optional(),
    device: id.optional(),
    search: safeText().trim().max(100).optional(),
    searchField: z.enum(RIDE_SEARCH_FIELDS).default('carNumber'),
  })
  .refine((query) => !query.start || !query.end || Date.parse(query.end) > Date.parse(query.start), {
    message: 'Must be after start',
    path: ['end'],
  });
export type RidesQuery = z.infer<typeof ridesQuery>;

export const ridesPage = z.object({ data: z.array(rideView), pagination });
export type RidesPage = z.infer<typeof ridesPage>;

/** GET /api/dashboard/rides/:id?hiRes=true */
export const rideDetailQuery = z.object({
  hiRes: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** Spec §7: POST /rides/end {session}, POST /rides/delete {sessionID}; resume mirrors end. */
export const endRideBody = z.object({ session: id });
export const resumeRideBody = z.object({ session: id });
export const deleteRideBody = z.object({ sessionID: id });

/* ──────────────────────────────── Guest side ──────────────────────────────── */

/**
 * Spec §4 Ride (guest): awaiting confirmation → active → ended; paused while the guest has locked the cart
 * during the ride. 'status' is the spec's guest number (1 active or pending, 0 ended).
 */
export const GUEST_RIDE_STAGES = ['awaiting', 'active', 'paused', 'ended'] as const;
export type GuestRideStage = (typeof GUEST_RIDE_STAGES)[number];

export const guestRideView = z.object({
  _id: id,
  deviceId: id,
  siteId: id,
  carNumber: z.string().nullable(),
  status: z.union([z.literal(1), z.literal(0)]),
  stage: z.enum(GUEST_RIDE_STAGES),
  confirmed: z.boolean(),
  type: z.enum(RIDE_TYPES),
  start: instant,
  end: instant.nullable(),
  duration: z.number().int().nullable(),
  distance: z.number().nullable(),
  meta: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
  rideTags: z.array(rideTag),
  service: z.object({ name: z.string(), duration: z.number().int() }).nullable(),
  price: z.object({ name: z.string(), amount: z.number().int(), currency: z.string() }).nullable(),
  endReason: z.enum(RIDE_END_REASONS).nullable(),
  /** when the current unlock attempt cycle began: the 20 s wait runs from here (server clock) */
  unlockRequestedAt: instant.nullable(),
  /** unlock commands sent in the current cycle: 1 unlocking, 2 trying again, 3 trying one last time */
  unlockAttempts: z.number().int(),
  /** the guest's own retries left (spec: one) */
  retriesLeft: z.number().int(),
  /** a paid ride's payment: refunded when the cart never confirmed */
  payment: z
    .object({
      status: z.enum(PAYMENT_STATUSES),
      refunded: z.boolean(),
      total: z.number().int(),
      currency: z.string(),
    })
    .nullable(),
  /** the server's clock when this view was made, so the page's timers do not trust the phone's */
  serverTime: instant,
  /**
   * When an open ride's service time is up, pauses so far included (issue 23): the page's gentle reminder
   * shows from then on. Null without a service duration, before the cart confirmed, and once ended.
   */
  dueAt: instant.nullable(),
});
export type GuestRideView = z.infer<typeof guestRideView>;

/** GET /api/guest/devices/:id — what the cart page shows, and the §4 status the server enforces. */
export const guestCartView = z.object({
  _id: id,
  carNumber: z.string().nullable(),
  carName: z.string().nullable(),
  siteId: id,
  /** the site's public name (public profile), else its name */
  siteName: z.string(),
  siteLogoUrl: z.string().nullable(),
  termsAndConditions: z.string(),
  currency: z.string(),
  /** percent, null when the battery type shows none (Li-Ion, unknown) */
  battery: z.number().int().nullable(),
  charging: z.boolean(),
  status: z.enum(GUEST_CART_STATUSES),
  /** online payments are set up (the club's provider account is active) */
  paymentsActive: z.boolean(),
  /** services with at least one guest price, for the service selector */
  services: z.array(z.object({ _id: id, name: z.string(), duration: z.number().int() })),
});
export type GuestCartView = z.infer<typeof guestCartView>;

/**
 * Spec §3 Rate: a guest price of the site. `range.enabled` separates special rates (limited to some days and
 * hours) from daily ones; `availableNow` says whether it can be bought at this moment.
 */
export const rateView = z.object({
  _id: id,
  name: z.string(),
  desc: z.string(),
  /** minor units, the price only (the site's unlock fee is added at checkout) */
  amount: z.number().int(),
  currency: z.string(),
  serviceId: id,
  serviceName: z.string(),
  /** minutes */
  duration: z.number().int(),
  range: z.object({
    enabled: z.boolean(),
    availableTimes: z.array(z.object({ day: z.number().int(), start: z.string(), end: z.string() })),
  }),
  availableNow: z.boolean(),
});
export type RateView = z.infer<typeof rateView>;

export const ratesAnswer = z.object({ rates: z.array(rateView), unlockFee: z.number().int() });
export type RatesAnswer = z.infer<typeof ratesAnswer>;

/** POST /api/guest/devices/:deviceId/unlock — the cart's own 6-digit code (spec §7 Guest, type 'code'). */
export const guestCodeUnlockBody = z.object({
  rideData: z.object({
    type: z.literal('code'),
    code: z.string().regex(/^\d{6}$/, { message: 'Code must be 6 digits' }),
    name: safeText().trim().max(100).optional(),
    email: email.optional(),
  }),
});
export type GuestCodeUnlockBody = z.infer<typeof guestCodeUnlockBody>;
export const guestUnlockAnswer = z.object({ session: id });

/** Spec §8 texts for the guest's ride refusals (the code is the key). */
export const GUEST_RIDE_REFUSALS = {
  invalidCode: 'Invalid code',
  sessionNotFound: 'Session not found or ended',
  rideEnded: 'This ride has ended',
  noRetryLeft: 'Failed to unlock, please contact the reception',
  notPaused: 'The ride is not paused',
  notActive: 'The ride is not active',
  cartDidNotAnswer: 'The cart did not answer, please try again',
} as const;
export type GuestRideRefusal = keyof typeof GUEST_RIDE_REFUSALS;
