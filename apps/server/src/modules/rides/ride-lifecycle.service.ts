import { sql } from 'drizzle-orm';
import {
  GUEST_CART_REFUSALS,
  GUEST_RIDE_REFUSALS,
  GUEST_UNLOCK_RETRIES,
  LOCK_REFUSAL_MESSAGES,
  UNLOCK_ATTEMPTS_PER_CYCLE,
  UNLOCK_CONFIRM_WAIT_MS,
  guestCartStatusAt,
  lockRefusal,
  type CommandOutcome,
  type CommandSource,
  type GuestCartStatus,
  type LockTarget,
  type ManualUnlockBody,
  type RideEndReason,
  type Role,
} from '@fairway/domain';
import type { Logger } from 'pino';
import { HttpError, conflict } from '../../lib/errors';
import type { DomainEventBus, RideNames } from '../../lib/events';
import { NO_ANSWER } from '../commands/commands.repository';
import type { CommandsService, Requester } from '../commands/commands.service';
import { toCartView } from '../devices/devices.presenter';
import type { CommandRow } from '../../db/tables/commands';
import type { DbExecutor } from '../../db/client';
import type { DeviceRow } from '../../db/tables/devices';
import type { RefundsService } from '../payments/refunds.service';
import {
  manualRideDetails,
  openManualRide,
  type AcknowledgedUnlock,
  type ManualRideDetails,
} from './ride-lifecycle.manual';
import {
  odometerOf,
  rideEnded,
  type EndedRide,
  type RideLifecycleRepository,
} from './ride-lifecycle.repository';
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
  /** the site the guest found the cart at: a cart that moved to another site since is not found */
  siteId?: string | null;
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
  /**
   * Decides, inside the ride's transaction and with the cart locked, whether the cart may be taken at its
   * §4 guest status, and does what must commit with the ride (a key's credit); throws an HttpError to
   * refuse. Without it only an AVAILABLE cart is taken (a booking's own unlock aside).
   */
  admit?: (context: RideAdmission) => Promise<void>;
}

/** What an `admit` decides on: the transaction, the cart's guest status and number, the clock. */
export interface RideAdmission {
  tx: DbExecutor;
  status: GuestCartStatus;
  carNumber: string | null;
  now: number;
}

/** Each attempt of a cycle gets an equal share of the guest's 20 s wait, so all three fit into it. */
export const UNLOCK_ATTEMPT_WINDOW_MS = Math.floor(UNLOCK_CONFIRM_WAIT_MS / UNLOCK_ATTEMPTS_PER_CYCLE);

/** The server's own locks end the ride on the cart, with the job's reason. */
export const SYSTEM_LOCK_REASONS: Partial<Record<CommandSource, RideEndReason>> = {
  'auto-lock': 'autoLock',
  'round-timeout': 'roundTimeout',
  'scheduled-lock': 'scheduledLock',
};

const inUse = () => conflict(GUEST_CART_REFUSALS.IN_USE, 'IN_USE');
const waitRunning = (ride: RideRow, now = Date.now()) =>
  ride.unlockRequestedAt !== null && now - ride.unlockRequestedAt.getTime() < UNLOCK_CONFIRM_WAIT_MS;

/** Who a lock or unlock is asked by: an operator with their role, else the ride itself (its session). */
function requesterOf(actor: RideActor): Requester {
  if (actor.kind === 'operator') return { userId: actor.userId, role: actor.role, source: 'dashboard' };
  return { userId: null, role: 'superadmin', source: actor.kind === 'guest' ? 'guest' : 'dashboard' };
}

/** The source of the lock that goes with an end: the job's own, an operator's, else the ride's (guest). */
function lockSourceOf(actor: RideActor, reason: RideEndReason): CommandSource {
  const job = Object.entries(SYSTEM_LOCK_REASONS).find(([, value]) => value === reason)?.[0];
  if (job) return job as CommandSource;
  return actor.kind === 'operator' ? 'dashboard' : 'guest';
}

/** How long `cartAfter` remembers a cart: longer than any command's window. */
const CART_AFTER_MEMORY_MS = 60_000;

/**
 * The ride lifecycle (issue #6), its write side: the one place rides open, confirm, pause, resume and end.
 * Every state change emits `ride.updated` (ride id, site id) on the domain bus; the read side
 * (`ride-views.service.ts`) presents rides and the realtime gateway pushes them to the site's operators and
 * to the ride's updates room. The cart's own reports and answers reach it through `ride-lifecycle.reactions`.
 */
export class RideLifecycleService {
  /**
   * The carts as this instance's reaction to an operator's command left them, by command: a manual ride opened
   * by the unlock (in use), or ended by the lock (not in use). When, and the cart.
   */
  private readonly cartsAfter = new Map<string, { at: number; cart: DeviceRow }>();

  constructor(
    private readonly repo: RideLifecycleRepository,
    private readonly commands: CommandsService,
    private readonly refunds: Pick<RefundsService, 'refund'>,
    private readonly bus: DomainEventBus,
    private readonly log: Logger,
  ) {}

  /**
   * Opens an unconfirmed ride on a cart whose §4 guest status is AVAILABLE (else HttpError 409 with the
   * status as code and GUEST_CART_REFUSALS text) and sends its unlock (attempt 1 of a cycle). The cart's
   * acknowledgement confirms it (start = then, cart in use); an unanswered command is re-sent (attempts 2
   * and 3) while the 20 s wait lasts. Staff ('manual') skip the guest status, not the cart's lock rules.
   */
  async openByUnlock(request: OpenRideRequest): Promise<RideRow> {
    const now = Date.now();
    const opened = await this.repo.transaction(async (tx) => {
      const cart = await this.repo.lockCart(tx, request.deviceId);
      if (!cart || (request.siteId && cart.device.siteId !== request.siteId))
        throw new HttpError(404, 'Cart not found', 'cartNotFound');
      const { device, site } = cart;
      const open = await this.repo.openRideOf(device.id, tx);
      const view = toCartView(device, now);
      if (request.type !== 'manual') {
        // A booking's own unlock is not refused as BOOKED by itself, nor as SITE_CLOSED: the booking was
        // made within opening hours and the window check (bookings module) said it may ride now.
        const own = request.type === 'booking' ? (request.bookingId ?? null) : null;
        const bookingsNow = await this.repo.bookingsNow(device.id, new Date(now), own, tx);
        const status = guestCartStatusAt(view, open !== null, site, now, bookingsNow);
        if (request.admit) await request.admit({ tx, status, carNumber: device.carNumber, now });
        else if (status !== 'AVAILABLE' && !(own && status === 'SITE_CLOSED'))
          throw conflict(GUEST_CART_REFUSALS[status], status);
      } else if (open) throw inUse();
      const refusal = lockRefusal(view, { keyless: site.keyless }, 'superadmin', 0);
      if (refusal) throw conflict(LOCK_REFUSAL_MESSAGES[refusal], refusal);
      const ride = await this.repo.insert(tx, {
        siteId: site.id,
        deviceId: device.id,
        carNumber: device.carNumber,
        type: request.type,
        status: 'active',
        confirmed: false,
        serviceId: request.serviceId ?? null,
        priceId: request.priceId ?? null,
        bookingId: request.bookingId ?? null,
        memberId: request.memberId ?? null,
        codeId: request.codeId ?? null,
        paymentId: request.paymentId ?? null,
        unlockedBy: request.unlockedBy ?? null,
        meta: request.meta,
        amount: request.amount ?? null,
        rideTags: await this.repo.tagsFor(site.id, request.serviceId, request.priceId, tx),
        start: sql`now()`,
        startOdometer: odometerOf(device),
        unlockRequestedAt: sql`now()`,
        unlockAttempts: 1,
      });
      if (!ride) throw inUse();
      return { ride, device, keyless: site.keyless };
    });
    await this.sendUnlock(opened.ride, opened.device, opened.keyless);
    const ride = (await this.repo.find(opened.ride.id)) ?? opened.ride;
    this.announce(ride);
    return ride;
  }

  /**
   * The guest's one retry of an unconfirmed ride whose wait has passed: a new attempt cycle. A ride still
   * waiting, or confirmed meanwhile, is answered as it is (a double click changes nothing). A cart that
   * reports unlocked by now is the guest's: the ride is confirmed.
   */
  async retryUnlock(rideId: string): Promise<RideRow> {
    const ride = await this.repo.mustFind(rideId);
    if (ride.status === 'ended') throw rideEnded();
    if (ride.confirmed) return ride;
    if (ride.guestRetries >= GUEST_UNLOCK_RETRIES)
      throw conflict(GUEST_RIDE_REFUSALS.noRetryLeft, 'noRetryLeft');
    if (waitRunning(ride)) return ride;
    const cart = await this.repo.cartWithSite(ride.deviceId);
    if (!cart) throw new HttpError(404, GUEST_RIDE_REFUSALS.sessionNotFound, 'sessionNotFound');
    const refusal = lockRefusal(toCartView(cart.device), { keyless: cart.site.keyless }, 'superadmin', 0);
    if (refusal === 'alreadyUnlocked') return (await this.confirm(ride.id)) ?? this.repo.mustFind(rideId);
    // The retry is not used up on a cart that cannot take the command now (offline, key mode).
    if (refusal) throw conflict(LOCK_REFUSAL_MESSAGES[refusal], refusal);
    const cycle = await this.repo.newCycle(ride.id);
    if (!cycle) return this.repo.mustFind(rideId);
    await this.sendUnlock(cycle, cart.device, cart.site.keyless);
    const retried = (await this.repo.find(rideId)) ?? cycle;
    this.announce(retried);
    return retried;
  }

  /** Locks the cart and marks the ride paused (409 notActive unless active and confirmed). */
  async pause(rideId: string, actor: RideActor): Promise<RideRow> {
    const ride = await this.repo.mustFind(rideId);
    if (ride.status === 'ended') throw rideEnded();
    if (ride.status !== 'active' || !ride.confirmed)
      throw conflict(GUEST_RIDE_REFUSALS.notActive, 'notActive');
    await this.setCartLock(ride, 1, actor);
    // The cart's acknowledgement may have paused it already (ride-lifecycle.reactions): same result.
    return (await this.markPaused(ride.id)) ?? this.repo.mustFind(rideId);
  }

  /** Unlocks the cart and makes the ride active again (409 notPaused unless paused). */
  async resume(rideId: string, actor: RideActor): Promise<RideRow> {
    const ride = await this.repo.mustFind(rideId);
    if (ride.status === 'ended') throw rideEnded();
    if (ride.status !== 'paused') throw conflict(GUEST_RIDE_REFUSALS.notPaused, 'notPaused');
    await this.setCartLock(ride, 0, actor);
    return (await this.markActive(ride.id)) ?? this.repo.mustFind(rideId);
  }

  /**
   * Ends an open ride: locks the cart (when it is unlocked and can be), end = now, duration, end odometer,
   * distance, points and marks; the cart is no longer in use. 409 rideEnded when already ended. A paid ride
   * the cart never confirmed is refunded when a guest or an operator ends it (the sweep refunds its own).
   */
  async end(rideId: string, actor: RideActor, reason: RideEndReason): Promise<RideRow> {
    return (await this.endRide(rideId, actor, reason)).ride;
  }

  private async endRide(rideId: string, actor: RideActor, reason: RideEndReason): Promise<EndedRide> {
    const ended = (await this.repo.end(rideId, reason, new Date()))!;
    await this.afterEnd(ended, actor, reason);
    return ended;
  }

  /** Ends the ride only while the cart has not confirmed it (null otherwise, or when it had ended). */
  async endIfUnconfirmed(rideId: string): Promise<RideRow | null> {
    const ended = await this.repo.end(rideId, 'unconfirmed', new Date(), true).catch((error: unknown) => {
      if (error instanceof HttpError && error.code === 'rideEnded') return null;
      throw error;
    });
    if (!ended) return null;
    await this.afterEnd(ended, { kind: 'system' }, 'unconfirmed');
    return ended.ride;
  }

  /**
   * The server ends a ride for its own reason; one that ended meanwhile is left as it is. `byCommand`: the
   * operator's acknowledged lock that ended it, whose request answers with the cart as the end left it.
   */
  async endBySystem(rideId: string, reason: RideEndReason, byCommand?: string): Promise<RideRow | null> {
    try {
      const ended = await this.endRide(rideId, { kind: 'system' }, reason);
      if (byCommand) this.rememberCartAfter(byCommand, ended.device);
      return ended.ride;
    } catch (error) {
      if (error instanceof HttpError && error.code === 'rideEnded') return null;
      throw error;
    }
  }

  /** The cart took the unlock: the ride starts now and the cart is in use (null if it was not waiting). */
  async confirm(rideId: string): Promise<RideRow | null> {
    const confirmed = await this.repo.confirm(rideId);
    if (!confirmed) return null;
    if (confirmed.device) this.bus.emit('device.updated', confirmed.device);
    this.announce(confirmed.ride);
    this.log.info({ rideId, type: confirmed.ride.type }, 'ride confirmed by the cart');
    return confirmed.ride;
  }

  /** Confirms a waiting ride whose unlock the cart did acknowledge (an answer whose event was missed). */
  async confirmIfAcknowledged(ride: RideRow): Promise<boolean> {
    return (await this.repo.unlockAcknowledged(ride)) && (await this.confirm(ride.id)) !== null;
  }

  async markPaused(rideId: string): Promise<RideRow | null> {
    const ride = await this.repo.setStatus(rideId, 'active', 'paused');
    if (ride) this.announce(ride);
    return ride;
  }

  async markActive(rideId: string): Promise<RideRow | null> {
    const ride = await this.repo.setStatus(rideId, 'paused', 'active');
    if (ride) this.announce(ride);
    return ride;
  }

  /**
   * An unlock of a waiting ride failed or went unanswered: the next attempt of the cycle is sent while the
   * 20 s last and attempts are left; after that the guest may retry (`retryUnlock`).
   */
  async unlockFailed(command: Pick<CommandRow, 'id'>): Promise<void> {
    const ride = await this.repo.byUnlockCommand(command.id);
    if (!ride || ride.status === 'ended' || ride.confirmed) return;
    const claimed = await this.repo.claimAttempt(ride.id, command.id);
    if (!claimed) return;
    const cart = await this.repo.cartWithSite(ride.deviceId);
    if (cart) await this.sendUnlock(claimed, cart.device, cart.site.keyless);
    this.announce(claimed);
  }

  /**
   * The cart took the unlock of a ride that had ended meanwhile (the guest gave up, the payment was
   * refunded): it is locked again rather than left open for nobody.
   */
  async relockAfterEnded(ride: RideRow): Promise<void> {
    const cart = await this.repo.cartWithSite(ride.deviceId);
    if (!cart || (await this.repo.openRideOf(ride.deviceId))) return;
    await this.commands.lockAfterRide(cart.device, 'guest', cart.site.keyless);
  }

  /** Checks an operator's unlock body against the site before anything is sent (404 for foreign ids). */
  manualDetails(siteId: string, body: ManualUnlockBody): Promise<ManualRideDetails> {
    return manualRideDetails(this.repo, siteId, body);
  }

  /**
   * An operator's acknowledged unlock of a cart without an open ride opens a confirmed 'manual' ride,
   * unlocked by them. Called by the cart's acknowledgement (bulk unlocks) and by the single unlock's request
   * with its body, in either order: the first opens the ride, the request then fills in its details.
   */
  async openManual(command: AcknowledgedUnlock, details?: ManualRideDetails): Promise<RideRow | null> {
    const opened = await openManualRide(this.repo, command, details);
    if (!opened) return null;
    if (opened.device) {
      this.rememberCartAfter(command.id, opened.device);
      this.bus.emit('device.updated', opened.device);
    }
    // With the row as its opening stored it (and its names, when read): the cart's views and the operators'
    // ride push need not read it back (CartActivityLookup, the realtime gateway).
    this.announce(opened.ride, opened.ride, opened.names);
    return opened.ride;
  }

  /**
   * The cart as this instance's reaction to that operator's command left it lately: the unlock's manual ride
   * opened (in use, the unlock's lock state), or the lock's ride ended (not in use); null otherwise. The
   * operator's request answers with this cart (`OperatorLockService`) instead of reading it again, and an unlock
   * has nothing left to open.
   */
  cartAfter(commandId: string): DeviceRow | null {
    return this.cartsAfter.get(commandId)?.cart ?? null;
  }

  private rememberCartAfter(commandId: string, cart: DeviceRow): void {
    const now = Date.now();
    this.cartsAfter.set(commandId, { at: now, cart });
    // A request reads this within its command's window; older entries only take memory.
    if (this.cartsAfter.size > 1_000)
      for (const [id, { at }] of this.cartsAfter)
        if (now - at > CART_AFTER_MEMORY_MS) this.cartsAfter.delete(id);
  }

  /** Round timeout: confirmed open rides (active or paused, any cart state) older than the site's minutes. */
  async endOverdueRounds(): Promise<number> {
    let ended = 0;
    for (const ride of await this.repo.overdueRounds()) {
      if (await this.endBySystem(ride.id, 'roundTimeout')) ended++;
    }
    return ended;
  }

  /**
   * Rides without a payment the cart never confirmed, past the window (`cutoff`): confirmed if their unlock
   * was acknowledged after all, else ended 'unconfirmed'. Paid ones are the payments sweep's (refunds).
   */
  async endUnconfirmed(cutoff: Date): Promise<number> {
    let ended = 0;
    for (const ride of await this.repo.unconfirmedUnpaid(cutoff)) {
      if (await this.confirmIfAcknowledged(ride)) continue;
      if (await this.endIfUnconfirmed(ride.id)) ended++;
    }
    return ended;
  }

  /**
   * Tells the read side the ride changed (its state, or its payment's refund). `stored`: the whole row as the
   * change stored it, when the caller holds it, and `names`, when it read them too; listeners may then keep
   * them instead of reading the ride back.
   */
  announce(ride: Pick<RideRow, 'id' | 'siteId'>, stored?: RideRow, names?: RideNames): void {
    this.bus.emit('ride.updated', ride.id, ride.siteId, stored, names);
  }

  /** Sends the next unlock of the ride's cycle; the command is linked to the ride before the cart has it. */
  private async sendUnlock(ride: RideRow, device: DeviceRow, keyless: boolean): Promise<void> {
    const command = await this.commands.unlockForGuest(
      device,
      keyless,
      UNLOCK_ATTEMPT_WINDOW_MS,
      (commandId) => this.repo.setUnlockCommand(ride.id, commandId),
    );
    if (!command)
      this.log.warn({ rideId: ride.id, deviceId: device.id }, 'the cart cannot take the ride unlock');
  }

  /**
   * Locks or unlocks the ride's cart and waits for it (the §4 lock poll window). A cart already where the
   * ride wants it needs no command. A refusal is 409, no answer 504, both `cartDidNotAnswer`.
   */
  private async setCartLock(ride: RideRow, target: LockTarget, actor: RideActor): Promise<void> {
    let outcome: CommandOutcome;
    try {
      outcome = await this.commands.setLock(ride.siteId, ride.deviceId, target, requesterOf(actor));
    } catch (error) {
      if (error instanceof HttpError && error.code === (target === 1 ? 'alreadyLocked' : 'alreadyUnlocked'))
        return;
      throw error;
    }
    const { command } = outcome;
    if (command.state === 'acknowledged') return;
    const unanswered = command.state === 'expired' || command.error === NO_ANSWER;
    throw new HttpError(unanswered ? 504 : 409, GUEST_RIDE_REFUSALS.cartDidNotAnswer, 'cartDidNotAnswer');
  }

  private async afterEnd(ended: EndedRide, actor: RideActor, reason: RideEndReason): Promise<void> {
    const { ride, device } = ended;
    this.bus.emit('device.updated', device);
    this.announce(ride);
    this.log.info(
      { rideId: ride.id, reason, duration: ride.duration, distance: ride.distance, points: ride.points },
      'ride ended',
    );
    try {
      await this.commands.lockAfterRide(device, lockSourceOf(actor, reason), ended.siteKeyless);
    } catch (error) {
      // The ride has ended whatever the cart does; auto-lock catches a cart left open.
      this.log.error({ err: error, rideId: ride.id }, 'locking the cart after a ride failed');
    }
    if (ride.paymentId && !ride.confirmed && actor.kind !== 'system') {
      try {
        await this.refunds.refund(ride.paymentId, 'cartNeverConfirmed');
        // The guest's page shows the refund with the ride.
        this.announce(ride);
      } catch (error) {
        // The payments sweep refunds it later: the payment has no confirmed ride.
        this.log.error({ err: error, rideId: ride.id }, 'refunding an unconfirmed paid ride failed');
      }
    }
  }
}
