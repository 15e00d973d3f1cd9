import { minutesOfDay, TIME_STEP_MINUTES } from '../schemas/common';
import type { OpeningDay } from './guest-cart-status';
import type { TimeWindow } from './price-rules';

/**
 * Booking rules (spec §3 Booking, §4 Bookings, Booking dialog, Calendar rules, Booking unlock, Display lock
 * status). Shared because the server enforces them on every create, edit and unlock, and the web calendar
 * and dialogs show the same answers (slots, ±day offsets, the unlock window) before a request is sent.
 * Times are instants (ms since epoch); a site's day and opening hours are read in the site's time zone.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export type BookingKind = 'booking' | 'cart_maintenance';
export const MAINTENANCE = 'cart_maintenance' satisfies BookingKind;

/** A time range [start, end): a booking ending at 10:00 and one starting at 10:00 do not overlap. */
export interface TimeRange {
  start: number;
  end: number;
}

export const rangesOverlap = (a: TimeRange, b: TimeRange): boolean => a.start < b.end && b.start < a.end;

/** Spec §4: a booking is current while start ≤ now < end. */
export const isBookingCurrent = (booking: TimeRange, now: number): boolean =>
  booking.start <= now && now < booking.end;

/** Spec §4 (guest form) and §9 (time pickers step 5 minutes): to the nearest 5 minutes, half up. */
export function roundToTimeStep(instant: number, stepMinutes = TIME_STEP_MINUTES): number {
  const step = stepMinutes * MINUTE;
  return Math.round(instant / step) * step;
}

// ---- the site's clock ---------------------------------------------------------------------------------

const partFormats = new Map<string, Intl.DateTimeFormat>();
function localParts(instant: number, timeZone: string) {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, ms. */
function zoneOffset(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** 'YYYY-MM-DD' of `instant` on the site's calendar. */
export function localDate(instant: number, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** 'HH:mm' of `instant` on the site's clock. */
export function localTime(instant: number, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

/**
 * The instant the site's wall clock shows `time` on `date`. On the spring-forward night a time that does
 * not exist is read with the offset before the change (02:30 → 03:30); on the fall-back night a time that
 * exists twice is its first occurrence.
 */
export function zonedInstant(date: string, time: string, timeZone: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day) + minutesOfDay(time) * MINUTE;
  const before = wall - zoneOffset(wall - DAY / 2, timeZone);
  const after = wall - zoneOffset(wall + DAY / 2, timeZone);
  // Same offset all around (no change that day): either reading is right.
  if (before === after) return before;
  // Of the two readings, the one whose offset agrees with the clock at that instant is real.
  const candidates = [before, after].filter((instant) => instant + zoneOffset(instant, timeZone) === wall);
  return candidates.length > 0 ? Math.min(...candidates) : before;
}

/** Weekday 0 (Sunday) – 6 of a 'YYYY-MM-DD' date. */
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The calendar date `days` after `date`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/** The site's day `date` as instants [midnight, next midnight) — 23 or 25 hours on the clock-change days. */
export function siteDay(date: string, timeZone: string): TimeRange {
  return {
    start: zonedInstant(date, '00:00', timeZone),
    end: zonedInstant(addDays(date, 1), '00:00', timeZone),
  };
}

/**
 * Spec §2 calendar: an event's start or end outside the shown day carries a ±day offset ("07:00 -1", "01:00
 * +1"): the number of site days between the instant's date and the shown date.
 */
export function dayOffset(instant: number, shownDate: string, timeZone: string): number {
  const date = localDate(instant, timeZone);
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${shownDate}T00:00:00Z`)) / DAY);
}

// ---- the unlock window ----------------------------------------------------------------------------------

export type UnlockWindowState = 'before' | 'open' | 'expired';

/**
 * Spec §4 Booking unlock: the window runs from start plus the site's bookingOffset (minutes) until end;
 * expired once now reaches end. Both staff and guests unlock only inside it.
 */
export function unlockWindow(booking: TimeRange, bookingOffsetMinutes: number): TimeRange {
  return { start: booking.start + bookingOffsetMinutes * MINUTE, end: booking.end };
}

/**
 * The minutes after its start from which a booking unlocks: the club's offset, except for a booking a member
 * made on the portal with their virtual key (paid in `credits`, issue 18). That booking starts now, for a
 * member standing at the cart, so it is theirs at once: waiting out the offset would leave the cart free for
 * a walk-up guest meanwhile.
 */
export const unlockOffsetFor = (booking: { credits: number | null }, bookingOffsetMinutes: number): number =>
  booking.credits === null ? bookingOffsetMinutes : 0;

export function unlockWindowState(
  booking: TimeRange,
  bookingOffsetMinutes: number,
  now: number,
): UnlockWindowState {
  const window = unlockWindow(booking, bookingOffsetMinutes);
  if (now >= window.end) return 'expired';
  return now < window.start ? 'before' : 'open';
}

// ---- who may do what with a booking ---------------------------------------------------------------------

export type BookingStatus = 'confirmed' | 'payment_pending' | 'cancelled' | 'no_show' | 'failed';
export type BookingSource = 'app' | 'client' | 'staff';

/** Spec §4: a booking needs payment if it comes from the app and is payment_pending, or is not prepaid. */
export function bookingNeedsPayment(booking: {
  source: BookingSource;
  status: BookingStatus;
  prePaid: boolean;
}): boolean {
  return (booking.source === 'app' && booking.status === 'payment_pending') || !booking.prePaid;
}

/** Spec §4: staff cannot unlock an app-sourced payment_pending booking (the guest pays in the app first). */
export const staffMayUnlock = (booking: { source: BookingSource; status: BookingStatus }): boolean =>
  !(booking.source === 'app' && booking.status === 'payment_pending');

/** Spec §6: bookings from the consumer app's client API and every booking of an integrated site are read-only. */
export const bookingLocked = (
  booking: { source: BookingSource },
  site: { bookingIntegration: boolean },
): boolean => site.bookingIntegration || booking.source === 'client';

/** Spec §4 Calendar rules: Edit — maintenance blocks even when past, bookings only while not past. */
export function mayEditBooking(
  booking: TimeRange & { source: BookingSource; bookingType: BookingKind },
  site: { bookingIntegration: boolean },
  now: number,
): boolean {
  if (bookingLocked(booking, site)) return false;
  return booking.bookingType === MAINTENANCE || booking.end > now;
}

/** Spec §4 Calendar rules: Delete — not past. */
export function mayDeleteBooking(
  booking: TimeRange & { source: BookingSource },
  site: { bookingIntegration: boolean },
  now: number,
): boolean {
  return !bookingLocked(booking, site) && booking.end > now;
}

/** The booking or maintenance block of a cart's list (ISO times) that covers `now`, or null. */
export function currentBooking<T extends { start: string; end: string }>(
  bookings: readonly T[],
  now: number,
): T | null {
  return (
    bookings.find((booking) =>
      isBookingCurrent({ start: Date.parse(booking.start), end: Date.parse(booking.end) }, now),
    ) ?? null
  );
}

/** What the map and the fleet show of a cart's bookings of the day at `now` (issue 17). */
export interface CartBookingsState<T> {
  /** the booking or maintenance block covering now */
  current: T | null;
  /** bookings (not blocks) not yet ended: the cart is reserved while there is one */
  reserved: T[];
  /** a maintenance block covers now: the cart shows as maintenance and out of service */
  maintenance: boolean;
}

export function cartBookingsAt<T extends { start: string; end: string; bookingType: BookingKind }>(
  bookings: readonly T[],
  now: number,
): CartBookingsState<T> {
  const ahead = bookings.filter((booking) => Date.parse(booking.end) > now);
  const current = currentBooking(ahead, now);
  return {
    current,
    reserved: ahead.filter((booking) => booking.bookingType !== MAINTENANCE),
    maintenance: current?.bookingType === MAINTENANCE,
  };
}

export type DisplayLockStatus = 'unlocked' | 'maintenance' | 'booked' | 'locked';

/**
 * Spec §4 Display lock status: an unlocked cart shows unlocked; a locked one shows maintenance while a
 * maintenance block is current, booked while a booking is current, else locked.
 */
export function displayLockStatus(
  cart: { lockStatus: 0 | 1 },
  current: { bookingType: BookingKind } | null,
): DisplayLockStatus {
  if (cart.lockStatus === 0) return 'unlocked';
  if (current?.bookingType === MAINTENANCE) return 'maintenance';
  return current ? 'booked' : 'locked';
}

// ---- what a booking may be ------------------------------------------------------------------------------

/** Refusals of a booking's times, each naming the field (the API answers `field: message`). */
export const BOOKING_REFUSALS = {
  endBeforeStart: { field: 'end', message: 'End cannot precede start' },
  past: { field: 'start', message: 'Bookings cannot start in the past' },
  tooShort: { field: 'end', message: 'The booking is shorter than the service duration' },
  closed: { field: 'start', message: 'The club is closed on this day' },
  outsideHours: { field: 'start', message: 'Bookings must be within opening hours' },
  outOfService: { field: 'device', message: 'This cart is out of service' },
  overlap: { field: 'device', message: 'This cart is already booked at that time' },
  maintenanceOverBookings: {
    field: 'device',
    message: 'Bookings exist for this cart in this period. You must first cancel any existing bookings.',
  },
  notEditable: { field: 'start', message: "You can't edit past bookings" },
} as const;
export type BookingRefusal = keyof typeof BOOKING_REFUSALS;

/** A booking may start this long before now: the dialog's "now" is rounded to the nearest 5 minutes. */
export const PAST_GRACE_MINUTES = TIME_STEP_MINUTES;

export interface BookingTimesInput extends TimeRange {
  bookingType: BookingKind;
  /** minutes of the chosen service, if any */
  serviceDuration: number | null;
}

/**
 * What is wrong with a booking's times, or null. Bookings: not before the current 5-minute mark, at least
 * the service's duration, inside one opening day of the site (start and end on the day's clock, open ≤
 * start, end ≤ close). Maintenance blocks: only the order of start and end, and not before today (§2).
 */
export function bookingTimesRefusal(
  input: BookingTimesInput,
  site: { timezone: string; openingHours: readonly OpeningDay[] },
  now: number,
): BookingRefusal | null {
  if (input.end <= input.start) return 'endBeforeStart';
  if (input.bookingType === MAINTENANCE) {
    return input.start < siteDay(localDate(now, site.timezone), site.timezone).start ? 'past' : null;
  }
  // The dialog starts a booking "now" rounded to the nearest 5 minutes, which may be a little behind.
  if (input.start < now - PAST_GRACE_MINUTES * MINUTE) return 'past';
  if (input.serviceDuration !== null && input.end - input.start < input.serviceDuration * MINUTE)
    return 'tooShort';
  const date = localDate(input.start, site.timezone);
  const hours = site.openingHours[weekdayOf(date)];
  if (!hours) return 'closed';
  const opens = zonedInstant(date, hours.openTime, site.timezone);
  // '24:00' reads as the next midnight.
  const closes = zonedInstant(date, hours.closeTime, site.timezone);
  if (input.start < opens || input.end > closes) return 'outsideHours';
  return null;
}

// ---- slots and availability -------------------------------------------------------------------------------

/** Slots start every 30 minutes: the dialog's list stays short enough to scroll, like a tee sheet's blocks. */
export const SLOT_STEP_MINUTES = 30;
/** Spec (issue 17): tee-sheet fleet modules keep a cart ~20 minutes after a round for cleaning and charging. */
export const DEFAULT_TURNAROUND_MINUTES = 20;

export interface SlotTimes {
  /** 'HH:mm' on the site's clock */
  start: string;
  end: string;
}

/**
 * Spec §3 Available slot: the day's slots of a service — every SLOT_STEP_MINUTES from opening, each as long
 * as the service, ending by closing, and starting inside a window of one of the service's prices (a price
 * without windows sells all day). A closed day has none.
 */
export function serviceSlots(
  date: string,
  service: { duration: number; prices: readonly { availableTimes: readonly TimeWindow[] }[] },
  openingHours: readonly OpeningDay[],
  stepMinutes = SLOT_STEP_MINUTES,
): SlotTimes[] {
  const weekday = weekdayOf(date);
  const hours = openingHours[weekday];
  if (!hours) return [];
  const open = minutesOfDay(hours.openTime);
  const close = minutesOfDay(hours.closeTime);
  const sellable = (minute: number) =>
    service.prices.length === 0 ||
    service.prices.some(
      (price) =>
        price.availableTimes.length === 0 ||
        price.availableTimes.some(
          (w) => w.day === weekday && minutesOfDay(w.start) <= minute && minute < minutesOfDay(w.end),
        ),
    );
  const slots: SlotTimes[] = [];
  for (let start = open; start + service.duration <= close; start += stepMinutes)
    if (sellable(start)) slots.push({ start: clock(start), end: clock(start + service.duration) });
  return slots;
}

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The time a booking keeps its cart from other bookings: its own range, then the site's turnaround (cleaning
 * and charging) after a ride; a maintenance block needs none after it.
 */
export function blockedRange(
  booking: TimeRange & { bookingType: BookingKind },
  turnaroundMinutes: number,
): TimeRange {
  const after = booking.bookingType === MAINTENANCE ? 0 : turnaroundMinutes * MINUTE;
  return { start: booking.start, end: booking.end + after };
}

// ---- which cart to recommend ------------------------------------------------------------------------------

/** A cart should start a round with at least this much charge (an 18-hole round takes ~40 % of a lead-acid pack). */
export const MIN_START_CHARGE_PERCENT = 50;
/** Charge a cart gains per hour on the charger (lead-acid, from empty to full in ~8 h). */
export const CHARGE_PERCENT_PER_HOUR = 12.5;
/** Charge a cart uses per hour of a booking before the slot (a round of 4 h ≈ 40 %). */
export const USE_PERCENT_PER_HOUR = 10;

/**
 * The charge a cart is expected to have at a slot's start: now's charge (from the battery curve), plus what
 * it gains until then if it is on the charger, minus what its bookings before the slot that day use; 0–100.
 * Carts are charged overnight, so a slot on a later day than now starts from a full pack. Null when the
 * charge cannot be read (Li-Ion, no reading): such a cart is not held back.
 */
export function estimatedChargeAtStart(
  cart: { percent: number | null; charging: boolean },
  slot: { hoursUntilStart: number; bookedHoursBefore: number; laterDay: boolean },
): number | null {
  if (cart.percent === null) return null;
  const { hoursUntilStart, bookedHoursBefore, laterDay } = slot;
  const base = laterDay ? 100 : cart.percent;
  const gained =
    cart.charging && !laterDay
      ? Math.max(0, hoursUntilStart - bookedHoursBefore) * CHARGE_PERCENT_PER_HOUR
      : 0;
  const estimate = base + gained - bookedHoursBefore * USE_PERCENT_PER_HOUR;
  return Math.max(0, Math.min(100, estimate));
}

export interface CartCandidate {
  id: string;
  carNumber: string | null;
  /** km; null when never reported */
  odometer: number | null;
  estimatedCharge: number | null;
  /** out on a round now and perhaps not back by the slot's start ({@link mayStillBeOut}) */
  mayStillBeOut: boolean;
}

/** The longest an unbooked round (a walk-up 18 holes) is expected to keep a cart out. */
export const ROUND_OUT_HOURS = 5;

/**
 * A cart that is out now (unlocked or with a ride open) may still be out at a slot that starts less than
 * {@link ROUND_OUT_HOURS} from now: a walk-up round has no booked end. Such a cart stays bookable (it may be
 * back in time), but it is recommended only when no cart in the barn fits.
 */
export function mayStillBeOut(outNow: boolean, hoursUntilStart: number): boolean {
  return outNow && hoursUntilStart < ROUND_OUT_HOURS;
}

const byCarNumber = (a: { carNumber: string | null }, b: { carNumber: string | null }) =>
  (a.carNumber ?? '').localeCompare(b.carNumber ?? '', undefined, { numeric: true });

/**
 * The recommendation evens out wear (issue 17): among available carts with enough charge for the round
 * (unknown charge counts as enough), the one that has driven least (lowest odometer; a cart that never
 * reported one counts as 0), ties by cart number; a cart that may still be out on a round at the start
 * comes after every cart that will be in the barn. Null when no available cart has enough charge.
 */
export function recommendCart(candidates: readonly CartCandidate[]): string | null {
  const fit = candidates.filter(
    (cart) => cart.estimatedCharge === null || cart.estimatedCharge >= MIN_START_CHARGE_PERCENT,
  );
  fit.sort(
    (a, b) =>
      Number(a.mayStillBeOut) - Number(b.mayStillBeOut) ||
      (a.odometer ?? 0) - (b.odometer ?? 0) ||
      byCarNumber(a, b),
  );
  return fit[0]?.id ?? null;
}
