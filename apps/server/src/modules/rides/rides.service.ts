import { z } from 'zod';
import type { EventMessage } from '@fairway/domain';
import type { Logger } from 'pino';
import type { DeviceConfigPublisher } from '../../context';
import type { DomainEventBus } from '../../lib/events';
import { opensCart } from '../codes/cart-codes';
import type { CodeActivityRepository } from './code-activity.repository';
import type { CodeCart, CodeRideType, KnownCode, RidesRepository, StartedRide } from './rides.repository';

/** The code a player used when the cart does not say which ('local': unlocked at the cart on its own). */
export const LOCAL_CODE = 'local';

const codeEventData = z.object({ code: z.string().min(1).max(64), reason: z.string().max(64).optional() });

/** Why a ride started with a code the cart's config should no longer have held. */
type StaleReason = 'disabled' | 'expired' | 'notForCart';

const STALE_TEXT: Record<StaleReason, string> = {
  disabled: 'a disabled code',
  expired: 'an expired code',
  notForCart: 'a code not allowed for this cart',
};

const cartName = (cart: Pick<CodeCart, 'carNumber' | 'serial'>) => `Cart ${cart.carNumber ?? cart.serial}`;

/**
 * Rides that carts start by themselves (issue #4): a player typed a keypad code or held an RFID tag, the
 * cart checked it against its config and unlocked, and says so with `keypad_unlock` / `rfid_unlock`. The
 * cart is already unlocked, so a ride always starts (confirmed), even for a code the server no longer
 * knows; the server then takes a credit from the member and tells operators. From then on the ride is the
 * lifecycle's like any other (it ends when the cart locks at its keypad: ride-lifecycle.reactions).
 */
export class RidesService {
  constructor(
    private readonly rides: RidesRepository,
    private readonly activity: CodeActivityRepository,
    private readonly deviceConfig: DeviceConfigPublisher,
    private readonly bus: DomainEventBus,
    private readonly log: Logger,
  ) {}

  async unlockedWithCode(deviceId: string, event: EventMessage, type: CodeRideType): Promise<void> {
    const data = codeEventData.safeParse(event.data);
    // The cart is unlocked whatever it sent: without a usable code the ride is one it started on its own.
    if (!data.success) this.log.warn({ deviceId, event }, 'unlock event without a valid code');
    const cart = await this.rides.codeCart(deviceId);
    if (!cart) return;
    const value = data.success ? data.data.code : LOCAL_CODE;
    const isMaster = type === 'keypad' && value === cart.masterUnlock;
    const known =
      value === LOCAL_CODE || isMaster ? null : await this.rides.knownCode(cart.siteId, value, type);

    const started = await this.rides.startCodeRide({
      siteId: cart.siteId,
      deviceId,
      carNumber: cart.carNumber,
      type,
      memberId: known?.memberId ?? null,
      codeId: known?.codeId ?? null,
      meta: { name: known?.name ?? null, email: known?.email ?? null },
      start: new Date(event.ts),
      startOdometer: cart.odometer,
      // The ride shows the code it was opened with; not the site's master code, which staff must not learn.
      unlockCode: value === LOCAL_CODE || isMaster ? null : value,
      // Event ids are unique per cart, so the cart's id makes them unique across the fleet.
      sourceEventId: `${deviceId}:${event.id}`,
    });
    if (!started) return;
    this.bus.emit('device.updated', started.device);
    this.bus.emit('ride.updated', started.ride.id, started.ride.siteId);

    const notice = isMaster ? null : unlockNotice(cart, value, known, started);
    if (notice) {
      await this.activity.recordOnce({
        deviceId,
        siteId: cart.siteId,
        type: event.type === 'rfid_unlock' ? 'rfid_unlock' : 'keypad_unlock',
        message: notice.message,
        eventId: event.id,
        data: { code: value, rideId: started.ride.id, reason: notice.reason },
      });
    }
    // The member's last credit is gone: carts must stop taking the code, so they get configs without it.
    if (started.ride.creditsDeducted > 0 && started.creditsLeft === 0) {
      await this.deviceConfig.publishSite(cart.siteId, ['code']);
    }
  }

  /** The cart refused a code (unknown to its config, expired, or of another type): logged for operators. */
  async codeRefused(deviceId: string, event: EventMessage): Promise<void> {
    const data = codeEventData.safeParse(event.data);
    const cart = await this.rides.codeCart(deviceId);
    if (!cart) return;
    const { code, reason } = data.success ? data.data : { code: undefined, reason: undefined };
    await this.activity.recordOnce({
      deviceId,
      siteId: cart.siteId,
      type: 'code_refused',
      message: `${cartName(cart)} refused ${code ? `code ${code}` : 'a code'}${reason ? ` (${reason})` : ''}`,
      eventId: event.id,
      data: { ...(code ? { code } : {}), ...(reason ? { reason } : {}) },
    });
  }
}

/** What operators should be told about a ride that started, if anything. */
function unlockNotice(
  cart: CodeCart,
  value: string,
  known: KnownCode | null,
  started: StartedRide,
): { message: string; reason: string } | null {
  const name = cartName(cart);
  // A cart that opened without a member code (the simulator's players) is ordinary, not news.
  if (value === LOCAL_CODE) return null;
  if (!known)
    return {
      reason: 'unknown',
      message: `${name} was unlocked with code ${value}, which the site does not have`,
    };
  if (started.ride.creditsDeducted === 0 && started.creditsLeft === 0)
    return {
      reason: 'noCredits',
      message: `${name} was unlocked by ${known.name} with no credits left (the cart's codes were out of date); no credit was taken`,
    };
  const stale = staleReason(known, cart.carNumber, started.ride.start.getTime());
  if (stale)
    return {
      reason: stale,
      message: `${name} was unlocked by ${known.name} with ${STALE_TEXT[stale]} (the cart's codes were out of date)`,
    };
  return null;
}

/** Why the code should not have opened the cart when it was used, if it should not have. */
function staleReason(code: KnownCode, carNumber: string | null, usedAt: number): StaleReason | null {
  if (!code.enabled) return 'disabled';
  if (code.expires && code.expires.getTime() <= usedAt) return 'expired';
  if (!opensCart(code, carNumber)) return 'notForCart';
  return null;
}
