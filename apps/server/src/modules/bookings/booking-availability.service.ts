import {
  PAST_GRACE_MINUTES,
  batteryPercent,
  blockedRange,
  estimatedChargeAtStart,
  localDate,
  mayStillBeOut,
  rangesOverlap,
  recommendCart,
  serviceSlots,
  siteDay,
  zonedInstant,
  type AvailableCartsView,
  type SlotView,
  type TimeRange,
} from '@fairway/domain';
import { badRequest, notFound } from '../../lib/errors';
import type { BookableCart, BookingsRepository, CartHold, BookingSite } from './bookings.repository';

const HOUR = 3_600_000;

const byCarNumber = (a: BookableCart, b: BookableCart) =>
  (a.carNumber ?? '').localeCompare(b.carNumber ?? '', undefined, { numeric: true });

/** What a candidate booking [start, end) needs free: its range plus the site's turnaround after it. */
const needed = (range: TimeRange, site: BookingSite) =>
  blockedRange({ ...range, bookingType: 'booking' }, site.bookingTurnaround);

/** A cart is free for `range` when none of its holds (a hold ends at its blocked_until) meets what it needs. */
function freeFor(cart: BookableCart, holds: CartHold[], range: TimeRange, site: BookingSite): boolean {
  if (!cart.inService) return false;
  const want = needed(range, site);
  return !holds.some(
    (hold) =>
      hold.deviceId === cart.id && rangesOverlap(want, { start: +hold.start, end: +hold.blockedUntil }),
  );
}

/**
 * Spec §3 Available slot / Available devices, §7 /bookings/availability: which carts are free for a time, the
 * recommended one, and a service's slots of a day with their free carts. One query for the carts and one for
 * the holds around the asked time, whatever the number of stored bookings (bench/bookings).
 */
export class BookingAvailabilityService {
  constructor(private readonly repo: BookingsRepository) {}

  async carts(
    siteId: string,
    query: { start: string; end: string; excludedBookingId?: string },
    now = Date.now(),
  ): Promise<AvailableCartsView> {
    const site = await this.site(siteId);
    const range = { start: Date.parse(query.start), end: Date.parse(query.end) };
    if (range.end <= range.start) throw badRequest('end: End cannot precede start');
    const want = needed(range, site);
    // Holds from the slot's day on too: that day's earlier bookings drain the battery the recommendation estimates.
    const from = Math.min(
      Math.max(now, siteDay(localDate(range.start, site.timezone), site.timezone).start),
      range.start,
    );
    const [carts, holds] = await Promise.all([
      this.repo.carts(siteId),
      this.repo.holds(siteId, { from: new Date(from), to: new Date(want.end) }, query.excludedBookingId),
    ]);
    const available = carts.filter((cart) => freeFor(cart, holds, range, site)).sort(byCarNumber);
    const recommended = recommendCart(
      available.map((cart) => ({
        id: cart.id,
        carNumber: cart.carNumber,
        odometer: cart.odometer,
        estimatedCharge: this.chargeAtStart(cart, holds, range.start, now, site),
        mayStillBeOut: mayStillBeOut(cart.outNow, (range.start - now) / HOUR),
      })),
    );
    return { available: available.map((cart) => cart.id), recommended };
  }

  async slots(
    siteId: string,
    query: { serviceId: string; dateString: string },
    now = Date.now(),
  ): Promise<SlotView[]> {
    const [site, service] = await Promise.all([
      this.site(siteId),
      this.repo.service(siteId, query.serviceId),
    ]);
    if (!service) throw badRequest('serviceId: Service not found');
    const times = serviceSlots(query.dateString, service, site.openingHours).map((slot) => ({
      ...slot,
      range: {
        start: zonedInstant(query.dateString, slot.start, site.timezone),
        end: zonedInstant(query.dateString, slot.end, site.timezone),
      },
    }));
    const day = siteDay(query.dateString, site.timezone);
    const [carts, holds] = await Promise.all([
      this.repo.carts(siteId),
      this.repo.holds(siteId, {
        from: new Date(day.start),
        to: new Date(day.end + site.bookingTurnaround * 60_000),
      }),
    ]);
    const total = carts.filter((cart) => cart.inService).length;
    return times
      .filter((slot) => slot.range.start >= now - PAST_GRACE_MINUTES * 60_000)
      .map((slot) => ({
        start: slot.start,
        end: slot.end,
        startAt: new Date(slot.range.start).toISOString(),
        endAt: new Date(slot.range.end).toISOString(),
        available: carts.filter((cart) => freeFor(cart, holds, slot.range, site)).length,
        total,
      }));
  }

  /**
   * The battery a cart will have at `start`: its curve's reading now (or full, on a later day: carts charge
   * overnight), the charger, and its bookings earlier that day.
   */
  private chargeAtStart(
    cart: BookableCart,
    holds: CartHold[],
    start: number,
    now: number,
    site: BookingSite,
  ): number | null {
    const power = cart.vehicleInfo?.power;
    const percent =
      cart.battVoltage === null || !power || power === 'Unknown' || power === 'Li-Ion'
        ? null
        : batteryPercent(cart.battVoltage, power);
    const dayStart = siteDay(localDate(start, site.timezone), site.timezone).start;
    const from = Math.max(now, dayStart);
    const bookedHours = holds
      .filter((hold) => hold.deviceId === cart.id && hold.bookingType === 'booking')
      .reduce(
        (sum, hold) => sum + Math.max(0, Math.min(+hold.end, start) - Math.max(+hold.start, from)) / HOUR,
        0,
      );
    return estimatedChargeAtStart(
      { percent, charging: cart.battCharge },
      {
        hoursUntilStart: Math.max(0, (start - now) / HOUR),
        bookedHoursBefore: bookedHours,
        laterDay: dayStart > now,
      },
    );
  }

  private async site(siteId: string): Promise<BookingSite> {
    const site = await this.repo.site(siteId);
    if (!site) throw notFound('Site not found');
    return site;
  }
}
