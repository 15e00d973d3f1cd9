import {
  bookingLocked,
  bookingNeedsPayment,
  unlockOffsetFor,
  unlockWindow,
  type GuestAvailableCarts,
  type GuestBookingRef,
  type GuestBookingState,
  type GuestBookingView,
  type GuestLockStatus,
} from '@fairway/domain';
import { HttpError, conflict, forbidden } from '../../lib/errors';
import { codeMatches } from '../../lib/tokens';
import type { BookingAvailabilityService } from '../bookings/booking-availability.service';
import type { BookingsService } from '../bookings/bookings.service';
import { toCartView } from '../devices/devices.presenter';
import type { RideActor, RideLifecycleService } from '../rides/ride-lifecycle.service';
import type { GuestBooking, GuestBookingsRepository } from './guest-bookings.repository';

const GUEST: RideActor = { kind: 'guest' };

/**
 * One answer for an unknown booking and a wrong code, so a phone cannot find out which booking ids exist
 * by trying them (the code is the only secret; the id is in the page's address).
 */
const bookingNotFound = () => new HttpError(404, 'Booking not found', 'bookingNotFound');

/** Statuses the guest no longer sees: a deleted (cancelled) or failed booking is gone for its guest. */
const GONE = new Set(['cancelled', 'failed']);

/**
 * The guest booking page (spec §2 Booking page, §4 Booking unlock, §7 Guest bookings; issue 18): a phone
 * holding a booking's code sees it, unlocks it in its window once paid, locks and unlocks its ride, and
 * moves it to another cart before it is ridden. The booking rules stay in the bookings module (its unlock
 * and edit serve staff and guests alike); this service checks the code and says what the page shows.
 */
export class GuestBookingsService {
  constructor(
    private readonly repo: GuestBookingsRepository,
    private readonly bookings: Pick<BookingsService, 'guestUnlock' | 'update'>,
    private readonly availability: Pick<BookingAvailabilityService, 'carts'>,
    private readonly lifecycle: Pick<RideLifecycleService, 'pause' | 'resume'>,
  ) {}

  /** The portal's booking-code card: which booking of the club the code names. */
  async retrieve(siteId: string, code: string, now = Date.now()): Promise<GuestBookingRef> {
    const found = await this.repo.idByCode(siteId, code, new Date(now));
    if (!found) throw bookingNotFound();
    return { bookingId: found.id, deviceId: found.deviceId };
  }

  async view(id: string, code: string, now = Date.now()): Promise<GuestBookingView> {
    const held = await this.held(id, code);
    if (GONE.has(held.booking.status)) throw bookingNotFound();
    return toGuestBookingView(held, now);
  }

  /**
   * Opens the booking's ride (the bookings module's unlock: window, payment, cart). A booking whose ride is
   * open answers that ride, resumed if it was paused, so a repeated or concurrent unlock never opens two.
   */
  async unlock(id: string, code: string, now = Date.now()): Promise<{ session: string }> {
    const held = await this.held(id, code);
    if (held.openRide && !GONE.has(held.booking.status)) return this.openSession(held.openRide);
    try {
      return await this.bookings.guestUnlock(held.booking.siteId, id, now);
    } catch (error) {
      // Another request for this booking opened the ride first (the cart was locked for it meanwhile).
      if (error instanceof HttpError && (error.code === 'IN_USE' || error.code === 'alreadyUnlocked')) {
        const again = await this.repo.find(id);
        if (again?.openRide) return this.openSession(again.openRide);
      }
      throw error;
    }
  }

  /** The lock button: 'locked' pauses the booking's ride (the cart locks), 'unlocked' resumes it. */
  async toggleLock(
    id: string,
    code: string,
    lockStatus: GuestLockStatus,
    now = Date.now(),
  ): Promise<GuestBookingView> {
    const held = await this.held(id, code);
    const ride = held.openRide;
    if (!ride) throw conflict('session: This booking has no open ride; unlock it first', 'notActive');
    if (lockStatus === 'locked') {
      if (ride.status === 'paused') throw conflict('Cart is already locked', 'alreadyLocked');
      await this.lifecycle.pause(ride.id, GUEST);
    } else {
      if (ride.status === 'active') throw conflict('Cart is already unlocked', 'alreadyUnlocked');
      await this.lifecycle.resume(ride.id, GUEST);
    }
    return this.view(id, code, now);
  }

  /**
   * 'Problem with cart?': the club's carts in service and free for the booking's whole range (its turnaround
   * included, as the move will be checked), except its own; once the booking has started the guest needs
   * one now, so carts offline or out on a ride are left out too.
   */
  async availableCarts(id: string, code: string, now = Date.now()): Promise<GuestAvailableCarts> {
    const held = await this.held(id, code);
    refuseMove(held, now);
    const { booking } = held;
    const [free, carts] = await Promise.all([
      this.availability.carts(
        booking.siteId,
        { start: booking.start.toISOString(), end: booking.end.toISOString(), excludedBookingId: id },
        now,
      ),
      this.repo.carts(booking.siteId),
    ]);
    const started = +booking.start <= now;
    const byId = new Map(carts.map((cart) => [cart.device.id, cart]));
    const availableCarts = free.available
      .filter((cartId) => cartId !== booking.deviceId)
      .map((cartId) => byId.get(cartId)!)
      .filter((cart) => !started || (toCartView(cart.device, now).onlineStatus && !cart.openRide))
      .map(({ device }) => ({ _id: device.id, carNumber: device.carNumber, keyMode: device.key === '1' }));
    return { availableCarts };
  }

  /** Moves the booking to another cart of its club, as a staff edit does (the same checks, `booking.updated`). */
  async move(id: string, code: string, device: string, now = Date.now()): Promise<GuestBookingView> {
    const held = await this.held(id, code);
    refuseMove(held, now);
    await this.bookings.update(held.booking.siteId, id, { device }, now);
    return this.view(id, code, now);
  }

  private async held(id: string, code: string): Promise<GuestBooking> {
    const found = await this.repo.find(id);
    if (!found || !codeMatches(code, found.booking.code)) throw bookingNotFound();
    return found;
  }

  private async openSession(ride: { id: string; status: 'active' | 'paused' }): Promise<{ session: string }> {
    if (ride.status === 'paused') await this.lifecycle.resume(ride.id, GUEST);
    return { session: ride.id };
  }
}

/** Spec §2: 'Problem with cart?' is for a booking not managed elsewhere, not yet ridden and not expired. */
function refuseMove(held: GuestBooking, now: number): void {
  const { booking, site } = held;
  if (GONE.has(booking.status)) throw bookingNotFound();
  if (bookingLocked(booking, site))
    throw forbidden('Bookings of this club are managed by its booking system', 'bookingLocked');
  if (held.ridden) throw conflict('session: This booking is already unlocked', 'alreadyUnlocked');
  if (expired(held, now)) throw conflict('end: This booking has expired', 'bookingExpired');
}

const expired = ({ booking }: GuestBooking, now: number) =>
  now >= booking.end.getTime() || booking.status === 'no_show';

/**
 * Which of the page's states applies: an open ride is 'active' even past the booking's end (the guest is
 * still out and must be able to lock the cart), then expired, then whether it still needs paying.
 */
function stateOf(held: GuestBooking, now: number): GuestBookingState {
  if (held.openRide) return 'active';
  if (expired(held, now)) return 'expired';
  return bookingNeedsPayment(held.booking) ? 'paymentRequired' : 'prePaid';
}

export function toGuestBookingView(held: GuestBooking, now: number): GuestBookingView {
  const { booking, site } = held;
  const range = { start: +booking.start, end: +booking.end };
  const window = unlockWindow(range, unlockOffsetFor(booking, site.bookingOffset));
  return {
    _id: booking.id,
    siteId: booking.siteId,
    deviceId: booking.deviceId,
    carNumber: held.carNumber,
    start: booking.start.toISOString(),
    end: booking.end.toISOString(),
    unlockFrom: new Date(window.start).toISOString(),
    name: booking.name,
    email: booking.email,
    note: booking.note,
    serviceId: booking.serviceId,
    serviceName: held.serviceName,
    state: stateOf(held, now),
    session: held.openRide?.id ?? null,
    cartLocked: held.openRide?.status === 'paused',
    mayChangeCart: !bookingLocked(booking, site) && !held.ridden && !expired(held, now),
    serverTime: new Date(now).toISOString(),
  };
}
