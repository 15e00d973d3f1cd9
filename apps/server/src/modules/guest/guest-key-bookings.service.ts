import {
  BOOKING_REFUSALS,
  TIME_STEP_MINUTES,
  GUEST_CART_REFUSALS,
  VIRTUAL_KEY_REFUSALS,
  applicablePrice,
  blockedRange,
  clockAt,
  isUnlimited,
  keyCoversCart,
  keyUnusable,
  siteOpenAt,
  type GuestBookingBody,
  type GuestBookingCreated,
  type GuestKeyCarts,
  type GuestKeyServices,
  type VirtualKeyRefusal,
} from '@fairway/domain';
import { HttpError, conflict, forbidden, notFound } from '../../lib/errors';
import type { DomainEventBus } from '../../lib/events';
import type { BookingAvailabilityService } from '../bookings/booking-availability.service';
import { insertWithCode } from '../bookings/booking-codes';
import { constraintBroken, type BookingSite, type BookingsRepository } from '../bookings/bookings.repository';
import type { GuestKeysRepository, StoredGuestKey } from './guest-keys.repository';

const MINUTE = 60_000;
/**
 * A key booking starts now: the phone's start and end may be this far from the server's (its clock, and
 * the form left open a little), and the server's own values are stored. Further off, the form is stale.
 */
export const CLIENT_TIME_TOLERANCE_MS = 5 * MINUTE;

const keyRefusal = (reason: VirtualKeyRefusal) =>
  new HttpError(reason === 'keyNotFound' ? 404 : 403, VIRTUAL_KEY_REFUSALS[reason], reason);
const bookingRefusal = (reason: 'overlap' | 'outOfService') => {
  const { field, message } = BOOKING_REFUSALS[reason];
  return conflict(`${field}: ${message}`, reason);
};
const LOCKED_MESSAGE = 'Bookings of this club are managed in its booking system';

const STEP = TIME_STEP_MINUTES * MINUTE;

/**
 * [start, end) of a booking made now for `durationMinutes`, on the 5-minute grid (spec §4 Booking dialog,
 * guest form). Rounded down, not to the nearest step: a start up to 2.5 minutes ahead would leave the cart
 * unbooked (a walk-up guest could take it) and the booking's own unlock window shut just after 'book now'.
 */
export function keyBookingRange(now: number, durationMinutes: number): { start: number; end: number } {
  const start = Math.floor(now / STEP) * STEP;
  return { start, end: start + durationMinutes * MINUTE };
}

/**
 * The virtual-key booking form of the site portal (spec §2 Virtual key page, §4 Service applicability,
 * issue 18): what the key's holder may book, on which carts, and 'book now'. The code is the only secret,
 * so every call finds the key by it; the booking re-decides everything on the key's locked rows and takes
 * the price's credits in the transaction that stores the booking, so a repeat (the cart is then booked:
 * 409 overlap) or a race for the last credits charges once.
 */
export class GuestKeyBookingsService {
  constructor(
    private readonly keys: GuestKeysRepository,
    private readonly bookings: BookingsRepository,
    private readonly availability: Pick<BookingAvailabilityService, 'carts'>,
    private readonly bus: DomainEventBus,
  ) {}

  async services(siteId: string, code: string, now = Date.now()): Promise<GuestKeyServices> {
    const { key, site } = await this.usableKey(siteId, code, now);
    const services = await this.keys.keyBookableServices(siteId, key.userGroupId);
    return {
      holder: { userGroup: key.userGroupId, credits: key.credits },
      timezone: site.timezone,
      services: services.map((service) => ({
        _id: service.id,
        name: service.name,
        duration: service.duration,
        prices: service.prices.map((price) => ({
          _id: price.id,
          name: price.name,
          userGroup: price.userGroupId,
          credits: price.credits,
          availableTimes: price.availableTimes,
        })),
      })),
      serverTime: new Date(now).toISOString(),
    };
  }

  /**
   * The carts the key may book the service on now: the key's, in service, free for the booking with the
   * club's turnaround after it, and not out on a round at this moment (the booking starts now); the
   * recommended one first, then by car number.
   */
  async carts(
    siteId: string,
    query: { code: string; serviceId: string },
    now = Date.now(),
  ): Promise<GuestKeyCarts> {
    const { key } = await this.usableKey(siteId, query.code, now);
    const service = await this.service(siteId, query.serviceId);
    const range = keyBookingRange(now, service.duration);
    const [free, carts] = await Promise.all([
      this.availability.carts(
        siteId,
        { start: new Date(range.start).toISOString(), end: new Date(range.end).toISOString() },
        now,
      ),
      this.bookings.carts(siteId),
    ]);
    const byId = new Map(carts.map((cart) => [cart.id, cart]));
    const offered = free.available
      .map((id) => byId.get(id)!)
      .filter((cart) => !cart.outNow && keyCoversCart(key, cart.carNumber))
      .map((cart) => ({
        _id: cart.id,
        carNumber: cart.carNumber,
        recommended: cart.id === free.recommended,
      }));
    // `available` is by car number already: a stable sort keeps that order behind the recommended cart.
    offered.sort((a, b) => Number(b.recommended) - Number(a.recommended));
    return {
      start: new Date(range.start).toISOString(),
      end: new Date(range.end).toISOString(),
      carts: offered,
    };
  }

  /** 'Book now' (spec §7 POST /bookings, with the key's code naming the driver). */
  async book(body: GuestBookingBody, now = Date.now()): Promise<GuestBookingCreated> {
    const { key: found, site } = await this.usableKey(body.siteId, body.code, now);
    if (site.bookingIntegration) throw forbidden(LOCKED_MESSAGE, 'bookingLocked');
    const service = await this.service(site.id, body.serviceId);
    const cart = (await this.bookings.carts(site.id)).find((candidate) => candidate.id === body.deviceId);
    if (!cart) throw new HttpError(404, 'device: Cart not found', 'cartNotFound');
    const range = keyBookingRange(now, service.duration);
    const off = Math.max(
      Math.abs(Date.parse(body.start) - range.start),
      Math.abs(Date.parse(body.end) - range.end),
    );
    if (off > CLIENT_TIME_TOLERANCE_MS)
      throw conflict('start: A booking with a key starts now; reload the form', 'timesChanged');

    const created = await this.keys.transaction(async (tx) => {
      const keys = this.keys.in(tx);
      // The key's code and member rows stay locked until the booking is stored: credits change here.
      const key = await keys.locked(found.id);
      if (!key) throw keyRefusal('keyNotFound');
      const unusable = keyUnusable(stateOf(key), now);
      if (unusable) throw keyRefusal(unusable);
      if (!keyCoversCart(key, cart.carNumber)) throw keyRefusal('notAllowedForCart');
      if (!siteOpenAt(site.openingHours, clockAt(now, site.timezone)))
        throw conflict(GUEST_CART_REFUSALS.SITE_CLOSED, 'SITE_CLOSED');
      if (!cart.inService) throw bookingRefusal('outOfService');
      if (cart.outNow) throw conflict(GUEST_CART_REFUSALS.IN_USE, 'IN_USE');

      const choice = applicablePrice(
        service.prices.map((price) => ({ ...price, userGroup: price.userGroupId })),
        { userGroup: key.userGroupId, credits: key.credits },
        clockAt(now, site.timezone),
      );
      if (!choice || choice.price.id !== body.priceId)
        throw conflict('priceId: This price no longer applies; reload the services', 'priceNotApplicable');
      if (!choice.affordable) throw keyRefusal('insufficientCredits');
      const cost = choice.price.credits!;
      const after = await keys.takeCredits(key.memberId, cost);
      if (after === null) throw keyRefusal('insufficientCredits');

      try {
        const row = await insertWithCode(this.bookings.in(tx), {
          siteId: site.id,
          deviceId: cart.id,
          bookingType: 'booking',
          status: 'confirmed',
          source: 'app',
          start: new Date(range.start),
          end: new Date(range.end),
          blockedUntil: new Date(
            blockedRange({ ...range, bookingType: 'booking' }, site.bookingTurnaround).end,
          ),
          memberId: key.memberId,
          name: key.driverName,
          email: key.email || null,
          serviceId: service.id,
          priceId: choice.price.id,
          // Paid with credits, not money: no amount for the revenue reports.
          amount: null,
          credits: isUnlimited(key.credits) ? 0 : cost,
          prePaid: true,
        });
        return { row, credits: after };
      } catch (error) {
        // The transaction rolls back with the error: the credits stay with the member.
        throw constraintBroken(error) === 'overlap' ? bookingRefusal('overlap') : error;
      }
    });
    this.bus.emit('booking.updated', created.row.id, site.id);
    return {
      bookingId: created.row.id,
      deviceId: created.row.deviceId,
      code: created.row.code!,
      credits: created.credits,
    };
  }

  /** The site's key with `code`, enabled and not expired, with the site's booking settings. */
  private async usableKey(
    siteId: string,
    code: string,
    now: number,
  ): Promise<{ key: StoredGuestKey; site: BookingSite }> {
    const [club, site] = await Promise.all([this.keys.site(siteId), this.bookings.site(siteId)]);
    if (!club || !site) throw notFound('Site not found');
    const key = await this.keys.byCode(siteId, code);
    if (!key) throw keyRefusal('keyNotFound');
    const unusable = keyUnusable(stateOf(key), now);
    if (unusable) throw keyRefusal(unusable);
    return { key, site };
  }

  private async service(siteId: string, serviceId: string) {
    const service = await this.bookings.service(siteId, serviceId);
    if (!service) throw new HttpError(404, 'serviceId: Service not found', 'serviceNotFound');
    return service;
  }
}

const stateOf = (key: StoredGuestKey) => ({
  enabled: key.enabled,
  expires: key.expires?.getTime() ?? null,
});
