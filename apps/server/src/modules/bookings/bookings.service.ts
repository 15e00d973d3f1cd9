import {
  BOOKING_REFUSALS,
  MAINTENANCE,
  blockedRange,
  bookingLocked,
  bookingNeedsPayment,
  bookingTimesRefusal,
  localDate,
  localTime,
  mayDeleteBooking,
  mayEditBooking,
  roundToTimeStep,
  staffMayUnlock,
  unlockOffsetFor,
  unlockWindow,
  unlockWindowState,
  type BookingBody,
  type BookingKind,
  type BookingPatchBody,
  type BookingRefusal,
  type BookingStatus,
  type BookingView,
  type BookingsQuery,
} from '@fairway/domain';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { DomainEventBus } from '../../lib/events';
import { CODE_ATTEMPTS, insertWithCode, newBookingCode } from './booking-codes';
import type { BookingRides } from './booking-rides';
import { toBookingView } from './bookings.presenter';
import { isDeadlock } from '../../lib/pg-errors';
import {
  constraintBroken,
  type BookingListing,
  type BookingRow,
  type BookingSite,
  type BookingsRepository,
  type NewBooking,
} from './bookings.repository';

const DEFAULT_STATUSES: BookingStatus[] = ['confirmed', 'payment_pending'];

/** A refusal of spec §4/§5 as the API answers it: `field: message`, 400 for input, 409 for the cart's state. */
const refusal = (reason: BookingRefusal, status = 400, detail?: string) => {
  const { field, message } = BOOKING_REFUSALS[reason];
  return new HttpError(status, `${field}: ${detail ?? message}`, reason);
};
const STATE_REFUSALS = new Set<BookingRefusal>(['overlap', 'maintenanceOverBookings', 'outOfService']);
const refuse = (reason: BookingRefusal, detail?: string) =>
  refusal(reason, STATE_REFUSALS.has(reason) ? 409 : 400, detail);

const LOCKED_MESSAGE =
  'Bookings from the booking app, and every booking of a site with a booking integration, are managed there';

/** An API client booking through the client API, and its booking system's own id for the booking. */
export interface ClientAuthor {
  clientId: string;
  externalRef: string | null;
}

/** Who writes a new booking: desk staff, or a booking system through the client API (source 'client'). */
type BookingAuthor = Pick<NewBooking, 'source' | 'createdBy' | 'clientId' | 'externalRef'>;

/** Who unlocks a booking: staff (null: the scheduled unlock, in the system's name) or its guest. */
type BookingUnlocker = { kind: 'staff'; userId: string | null } | { kind: 'guest' };

/** A booking's fields once validated against the site: what is written. */
interface ResolvedBooking {
  deviceId: string;
  bookingType: BookingKind;
  start: Date;
  end: Date;
  blockedUntil: Date;
  memberId: string | null;
  name: string;
  email: string | null;
  note: string;
  serviceId: string | null;
  priceId: string | null;
  amount: number | null;
  prePaid: boolean;
  scheduleUnlock: boolean;
}

/**
 * Bookings and maintenance blocks as staff make them (spec §2 Bookings, §4, §5, §6, §7): every rule is
 * checked here with the spec's message, and PostgreSQL's exclusion constraint has the last word on double
 * bookings, so two desks racing for one cart get one booking and one 409.
 */
export class BookingsService {
  constructor(
    private readonly repo: BookingsRepository,
    private readonly rides: BookingRides,
    private readonly bus: DomainEventBus,
  ) {}

  async list(siteId: string, query: BookingsQuery, now = Date.now()): Promise<BookingView[]> {
    const site = await this.site(siteId);
    // Default: spec §4 "only future or current ones are listed".
    const from = query.start ? new Date(query.start) : new Date(now);
    const to = query.end ? new Date(query.end) : new Date('9999-12-31T00:00:00Z');
    if (to <= from) throw badRequest('end: End cannot precede start');
    const rows = await this.repo.list(siteId, { from, to }, query.status ?? DEFAULT_STATUSES, query.device);
    return rows.map((row) => toBookingView(row, site.currency, now));
  }

  async get(siteId: string, id: string): Promise<BookingView> {
    const site = await this.site(siteId);
    return toBookingView(await this.mustFind(siteId, id), site.currency);
  }

  /** For the socket gateway: a booking's view by id, whatever its site. */
  async viewById(id: string, siteId: string): Promise<BookingView | null> {
    const [site, row] = await Promise.all([this.repo.site(siteId), this.repo.find(siteId, id)]);
    return site && row ? toBookingView(row, site.currency) : null;
  }

  async create(siteId: string, userId: string, body: BookingBody, now = Date.now()): Promise<BookingView> {
    const site = await this.site(siteId);
    if (site.bookingIntegration) throw forbidden(LOCKED_MESSAGE, 'bookingLocked');
    const resolved = await this.resolve(site, body, body.bookingType, true, now);
    const row = await this.insertWithCode(siteId, { source: 'staff', createdBy: userId }, resolved);
    return this.announced(siteId, row.id, site);
  }

  async update(siteId: string, id: string, body: BookingPatchBody, now = Date.now()): Promise<BookingView> {
    const site = await this.site(siteId);
    const existing = await this.mustFind(siteId, id);
    if (bookingLocked(existing, site)) throw forbidden(LOCKED_MESSAGE, 'bookingLocked');
    if (!this.live(existing)) throw conflict('status: This booking is no longer active', 'notActive');
    const range = { start: +existing.start, end: +existing.end };
    if (!mayEditBooking({ ...range, source: existing.source, bookingType: existing.bookingType }, site, now))
      throw refusal('notEditable', 409);
    await this.rewrite(site, existing, body, now);
    return this.announced(siteId, id, site);
  }

  /** Replaces what `body` names of `existing` and writes it, under every rule a new booking meets. */
  private async rewrite(
    site: BookingSite,
    existing: BookingListing,
    body: BookingPatchBody,
    now: number,
  ): Promise<void> {
    const { id } = existing;
    const siteId = site.id;
    const merged: BookingBody = {
      start: body.start ?? existing.start.toISOString(),
      end: body.end ?? existing.end.toISOString(),
      device: body.device ?? existing.deviceId,
      bookingType: existing.bookingType,
      name: body.name ?? existing.name,
      service: body.service === undefined ? existing.serviceId : body.service,
      price: body.price === undefined ? existing.priceId : body.price,
      driver: body.driver === undefined ? existing.memberId : body.driver,
      email: body.email === undefined ? existing.email : body.email,
      scheduleUnlock: body.scheduleUnlock ?? existing.scheduleUnlock,
      prePaid: body.prePaid ?? existing.prePaid,
      note: body.note ?? existing.note,
    };
    // A booking already under way keeps its start: only a moved start must not lie in the past.
    const startMoved = roundToTimeStep(Date.parse(merged.start)) !== roundToTimeStep(+existing.start);
    const resolved = await this.resolve(site, merged, existing.bookingType, startMoved, now, existing.id);
    // The booking keeps the amount it was made for unless its service or price changes: a new note, a later end
    // or another cart must not re-price it at today's price list. (The dashboard's dialog sends every field.)
    if (resolved.serviceId === existing.serviceId && resolved.priceId === existing.priceId)
      resolved.amount = existing.amount;
    try {
      await this.updateRetryingDeadlock(siteId, id, resolved);
    } catch (error) {
      if (constraintBroken(error) !== 'code' || existing.code === null) throw this.translated(error);
      // A later end reached a newer booking holding the same code (about one in a million): this booking
      // takes a fresh code rather than failing, as a new booking would.
      await this.updateWithNewCode(siteId, id, resolved);
    }
  }

  /** Spec §5: deleting cannot be undone. The row stays, cancelled, so its rides and reports keep it. */
  async remove(siteId: string, id: string, now = Date.now()): Promise<void> {
    const site = await this.site(siteId);
    const existing = await this.mustFind(siteId, id);
    if (bookingLocked(existing, site)) throw forbidden(LOCKED_MESSAGE, 'bookingLocked');
    if (!this.live(existing)) throw notFound('Booking not found');
    if (!mayDeleteBooking({ start: +existing.start, end: +existing.end, source: existing.source }, site, now))
      throw conflict("start: You can't delete past bookings", 'notEditable');
    await this.cancel(siteId, id);
  }

  private async cancel(siteId: string, id: string): Promise<void> {
    await this.repo.update(siteId, id, { status: 'cancelled' });
    this.bus.emit('booking.updated', id, siteId);
  }

  // ---- the client API (issue 21): a booking system's bookings, under the same rules -----------------------
  // Staff may not edit or delete them (bookingLocked); only the client that made one may, while not past.
  // The client module checks that the site is one of the client's and shapes the rows (externalRef).

  /** The client's own live bookings at the site overlapping [start, end) (default: from now on). */
  async listOfClient(
    siteId: string,
    clientId: string,
    query: { start?: string; end?: string },
    now = Date.now(),
  ): Promise<BookingListing[]> {
    await this.site(siteId);
    const from = query.start ? new Date(query.start) : new Date(now);
    const to = query.end ? new Date(query.end) : new Date('9999-12-31T00:00:00Z');
    if (to <= from) throw badRequest('end: End cannot precede start');
    return this.repo.list(siteId, { from, to }, DEFAULT_STATUSES, undefined, clientId);
  }

  /** One of the client's bookings, whatever its status; another's (or none) is not found. */
  async ofClient(clientId: string, id: string): Promise<BookingListing> {
    const row = await this.repo.findOfClient(clientId, id);
    if (!row) throw new HttpError(404, 'Booking not found', 'bookingNotFound');
    return row;
  }

  /**
   * A booking system's booking (source 'client'): every rule of a staff booking. A site with a booking
   * integration takes it: the booking system is that integration.
   */
  async createForClient(
    siteId: string,
    author: ClientAuthor,
    body: Omit<BookingBody, 'bookingType' | 'driver' | 'scheduleUnlock'>,
    now = Date.now(),
  ): Promise<BookingListing> {
    const site = await this.site(siteId);
    const full: BookingBody = { ...body, bookingType: 'booking', driver: null, scheduleUnlock: false };
    const resolved = await this.resolve(site, full, 'booking', true, now);
    const row = await this.insertWithCode(siteId, { source: 'client', createdBy: null, ...author }, resolved);
    this.bus.emit('booking.updated', row.id, siteId);
    return this.mustFind(siteId, row.id);
  }

  async updateForClient(
    clientId: string,
    id: string,
    body: BookingPatchBody,
    now = Date.now(),
  ): Promise<BookingListing> {
    const existing = await this.ownLive(clientId, id, now);
    const site = await this.site(existing.siteId);
    await this.rewrite(site, existing, body, now);
    this.bus.emit('booking.updated', id, site.id);
    return this.mustFind(site.id, id);
  }

  async cancelForClient(clientId: string, id: string, now = Date.now()): Promise<void> {
    const existing = await this.ownLive(clientId, id, now);
    await this.cancel(existing.siteId, id);
  }

  /** The client's booking, live and not yet ended: what it may still change or cancel. */
  private async ownLive(clientId: string, id: string, now: number): Promise<BookingListing> {
    const existing = await this.ofClient(clientId, id);
    if (!this.live(existing)) throw conflict('status: This booking is no longer active', 'notActive');
    if (+existing.end <= now) throw refusal('notEditable', 409);
    return existing;
  }

  /**
   * Staff unlock a booking's cart (spec §4 Booking unlock): inside the window (start + bookingOffset … end),
   * never an app booking still awaiting payment; the ride opens as type 'booking' and is confirmed by the
   * cart like every ride. Answers the ride (session) id.
   */
  async unlock(
    siteId: string,
    id: string,
    userId: string | null,
    now = Date.now(),
  ): Promise<{ session: string }> {
    const site = await this.site(siteId);
    const booking = await this.mustFind(siteId, id);
    const ride = await this.openRide(site, booking, { kind: 'staff', userId }, now);
    return { session: ride.id };
  }

  /**
   * The guest's unlock from the booking page (issue 18), after the guest module has checked the booking's
   * code: the staff rules, except that the guest must have paid (spec §4 "Unpaid booking directs to the
   * prices page"), where staff may unlock any booking but an app booking awaiting payment.
   */
  async guestUnlock(siteId: string, id: string, now = Date.now()): Promise<{ session: string }> {
    const site = await this.site(siteId);
    const booking = await this.mustFind(siteId, id);
    const ride = await this.openRide(site, booking, { kind: 'guest' }, now);
    return { session: ride.id };
  }

  /** The scheduled unlock (booking-jobs.ts): the same checks as staff, in the system's name. */
  async scheduledUnlock(booking: BookingRow, now = Date.now()): Promise<{ id: string }> {
    const site = await this.site(booking.siteId);
    const listing = await this.mustFind(booking.siteId, booking.id);
    return this.openRide(site, listing, { kind: 'staff', userId: null }, now);
  }

  /** The one place a booking's ride opens, for staff, the scheduled unlock and the guest alike. */
  private async openRide(site: BookingSite, booking: BookingListing, unlocker: BookingUnlocker, now: number) {
    if (booking.bookingType === MAINTENANCE)
      throw badRequest('bookingType: A maintenance block has no ride; unlock the cart itself');
    if (!this.live(booking)) throw conflict('status: This booking is no longer active', 'notActive');
    if (unlocker.kind === 'staff' && !staffMayUnlock(booking))
      throw conflict('status: This booking requires payment in the app', 'paymentRequired');
    if (unlocker.kind === 'guest' && bookingNeedsPayment(booking))
      throw conflict('status: This booking requires payment', 'paymentRequired');
    const range = { start: +booking.start, end: +booking.end };
    const offset = unlockOffsetFor(booking, site.bookingOffset);
    const state = unlockWindowState(range, offset, now);
    if (state === 'expired') throw conflict('end: This booking has expired', 'bookingExpired');
    if (state === 'before') {
      const opens = unlockWindow(range, offset).start;
      throw conflict(
        `start: This booking can be unlocked from ${localTime(opens, site.timezone)}`,
        'bookingNotYet',
      );
    }
    if (booking.rideId) throw conflict('session: This booking is already unlocked', 'alreadyUnlocked');
    const ride = await this.rides.openByUnlock({
      deviceId: booking.deviceId,
      siteId: site.id,
      type: 'booking',
      bookingId: booking.id,
      serviceId: booking.serviceId,
      priceId: booking.priceId,
      memberId: booking.memberId,
      unlockedBy: unlocker.kind === 'staff' ? unlocker.userId : null,
      meta: { name: booking.name || null, email: booking.email },
      amount: booking.amount,
    });
    this.bus.emit('booking.updated', booking.id, site.id);
    return ride;
  }

  /** Checks a booking against the site, its cart, service, price and member; answers what to write. */
  private async resolve(
    site: BookingSite,
    body: BookingBody,
    bookingType: BookingKind,
    checkPast: boolean,
    now: number,
    excludedId?: string,
  ): Promise<ResolvedBooking> {
    const start = roundToTimeStep(Date.parse(body.start));
    const end = roundToTimeStep(Date.parse(body.end));
    const carts = await this.repo.carts(site.id);
    const cart = carts.find((candidate) => candidate.id === body.device);
    if (!cart) throw new HttpError(404, 'device: Cart not found', 'cartNotFound');

    const maintenance = bookingType === MAINTENANCE;
    const service = !maintenance && body.service ? await this.repo.service(site.id, body.service) : null;
    if (!maintenance && body.service && !service) throw badRequest('service: Service not found');
    const price = body.price ? service?.prices.find((candidate) => candidate.id === body.price) : null;
    if (!maintenance && body.price && !price)
      throw badRequest(
        service ? 'price: Price not found for this service' : 'service: Choose the service first',
      );

    const times = { start, end, bookingType, serviceDuration: service?.duration ?? null };
    // A start left as it was is not judged against the clock (the booking may be under way).
    const reason = bookingTimesRefusal(times, site, checkPast ? now : Math.min(now, start));
    if (reason) throw refuse(reason);
    if (!maintenance && !cart.inService) throw refuse('outOfService');

    const member = !maintenance && body.driver ? await this.repo.member(site.id, body.driver) : null;
    if (!maintenance && body.driver && !member) throw badRequest('driver: Member not found');
    const name = body.name || member?.name || '';
    if (!maintenance && !name) throw badRequest('name: The driver is required');

    const blocked = blockedRange({ start, end, bookingType }, site.bookingTurnaround);
    if (maintenance) await this.refuseMaintenanceOverBookings(site, body.device, blocked, excludedId);
    return {
      deviceId: body.device,
      bookingType,
      start: new Date(start),
      end: new Date(end),
      blockedUntil: new Date(blocked.end),
      memberId: member?.id ?? null,
      name,
      email: maintenance ? null : (body.email ?? member?.email ?? null),
      note: body.note,
      serviceId: service?.id ?? null,
      priceId: price?.id ?? null,
      amount: price?.amount ?? null,
      prePaid: !maintenance && body.prePaid,
      scheduleUnlock: !maintenance && body.scheduleUnlock,
    };
  }

  /** Spec §2 Maintenance dialog: 'Bookings exist for this cart between {start} and {end}. …' */
  private async refuseMaintenanceOverBookings(
    site: BookingSite,
    deviceId: string,
    block: { start: number; end: number },
    excludedId?: string,
  ): Promise<void> {
    const holds = (
      await this.repo.holds(site.id, { from: new Date(block.start), to: new Date(block.end) }, excludedId)
    ).filter((hold) => hold.deviceId === deviceId);
    if (holds.length === 0) return;
    const first = Math.min(...holds.map((hold) => +hold.start));
    const last = Math.max(...holds.map((hold) => +hold.end));
    const shown = (instant: number) =>
      `${localDate(instant, site.timezone)} ${localTime(instant, site.timezone)}`;
    throw refuse(
      'maintenanceOverBookings',
      `Bookings exist for this cart between ${shown(first)} and ${shown(last)}. You must first cancel any existing bookings.`,
    );
  }

  /** Inserts with a fresh code (booking-codes.ts); an overlap is the API's 409. */
  private async insertWithCode(
    siteId: string,
    author: BookingAuthor,
    resolved: ResolvedBooking,
  ): Promise<BookingRow> {
    const values: NewBooking = { ...resolved, ...author, siteId, status: 'confirmed' };
    try {
      return await insertWithCode(this.repo, values);
    } catch (error) {
      throw this.translated(error);
    }
  }

  /** A move that PostgreSQL failed to break a deadlock with an overlapping write is tried once more. */
  private async updateRetryingDeadlock(siteId: string, id: string, resolved: ResolvedBooking): Promise<void> {
    try {
      await this.repo.update(siteId, id, resolved);
    } catch (error) {
      if (!isDeadlock(error)) throw error;
      await this.repo.update(siteId, id, resolved);
    }
  }

  private async updateWithNewCode(siteId: string, id: string, resolved: ResolvedBooking): Promise<void> {
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      try {
        await this.repo.update(siteId, id, { ...resolved, code: newBookingCode() });
        return;
      } catch (error) {
        if (constraintBroken(error) !== 'code' && !isDeadlock(error)) throw this.translated(error);
      }
    }
    throw new Error('no free booking code after several attempts');
  }

  private translated(error: unknown): unknown {
    return constraintBroken(error) === 'overlap' ? refuse('overlap') : error;
  }

  private async announced(siteId: string, id: string, site: BookingSite): Promise<BookingView> {
    this.bus.emit('booking.updated', id, siteId);
    return toBookingView(await this.mustFind(siteId, id), site.currency);
  }

  private live(booking: { status: BookingStatus }): boolean {
    return booking.status === 'confirmed' || booking.status === 'payment_pending';
  }

  private async site(siteId: string): Promise<BookingSite> {
    const site = await this.repo.site(siteId);
    if (!site) throw notFound('Site not found');
    return site;
  }

  private async mustFind(siteId: string, id: string): Promise<BookingListing> {
    const row = await this.repo.find(siteId, id);
    if (!row) throw new HttpError(404, 'Booking not found', 'bookingNotFound');
    return row;
  }
}
