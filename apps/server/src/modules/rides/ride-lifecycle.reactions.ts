import { FINAL_COMMAND_STATES, type CommandSource, type RideEndReason } from '@fairway/domain';
import type { CommandRow } from '../../db/tables/commands';
import type { DeviceRow } from '../../db/tables/devices';
import type { CartRideState, RideLifecycleRepository } from './ride-lifecycle.repository';
import { SYSTEM_LOCK_REASONS, type RideLifecycleService } from './ride-lifecycle.service';
import { CODE_RIDE_TYPES, type CodeRideType, type RideRow } from './rides.repository';

/**
 * How long after a lock change a cart's reports are still checked against its ride. The first report
 * after a change always falls inside it; the later ones retry a check that failed. Riding carts report
 * every few seconds, so checking every report would cost a query each for nothing.
 */
export const LOCK_CHANGE_RECHECK_MS = 60_000;

/** A report worth checking: a cart in use whose lock changed lately (or was never stamped). */
export function lockChangedLately(
  cart: Pick<DeviceRow, 'inUse' | 'lockUpdatedAt'>,
  now = Date.now(),
): boolean {
  if (!cart.inUse) return false;
  return cart.lockUpdatedAt === null || now - cart.lockUpdatedAt.getTime() < LOCK_CHANGE_RECHECK_MS;
}

/**
 * After an acknowledged unlock, its ride is settled only while the cart is stored unlocked: a report that
 * already says locked again (the cart locked itself) must be re-checked, and may pause or end the ride.
 */
const unlockedCart = (cart: DeviceRow): DeviceRow | null => (cart.lockStatus === 0 ? cart : null);

const isCodeRide = (type: string): type is CodeRideType => CODE_RIDE_TYPES.includes(type as CodeRideType);

/**
 * What an acknowledged lock of ours does to the cart's open ride (null: it pauses a running one). The lock
 * jobs end it with their reason. An operator's lock (Fleet, Map, bulk) ends a 'manual' ride — staff opened
 * it with their unlock, and no guest is behind it to resume it, so a pause would leave it open for nobody —
 * and pauses a guest's ride, which the guest or an operator resumes or ends (decisions: issue 15 item 16).
 */
export function rideEndOnLock(source: CommandSource, ride: Pick<RideRow, 'type'>): RideEndReason | null {
  const reason = SYSTEM_LOCK_REASONS[source];
  if (reason) return reason;
  return source === 'dashboard' && ride.type === 'manual' ? 'operator' : null;
}

/**
 * The cart's side of the ride lifecycle: what its answers to commands and its reports mean for its open
 * ride. Every decision reads the stored state (the cart, its open ride, the newest lock/unlock sent since
 * the ride was created), so a report and an acknowledgement of the same lock, in any order, on any server
 * instance, decide the same thing once:
 *
 * - a lock the server asked for and the cart acknowledged: the lock jobs' end the ride with their reason,
 *   an operator's ends a manual ride and pauses any other, a guest's pauses it (`rideEndOnLock`);
 * - the cart locked by itself (a report after the ride's last change, no command of ours behind it): a
 *   keypad/RFID ride ends ('cartLocked'), any other ride pauses;
 * - a paused ride whose cart is unlocked again (an unlock we sent, the map, a keypad code) is active;
 * - an acknowledged unlock confirms a waiting ride, or, from an operator on a cart without a ride, opens
 *   a manual one; a failed one is tried again while the guest's wait lasts.
 */
export class RideCartReactions {
  constructor(
    private readonly lifecycle: RideLifecycleService,
    private readonly repo: RideLifecycleRepository,
  ) {}

  /**
   * What a finished lock or unlock of the cart means for its ride. Answers the cart as read when its ride is
   * settled for that lock state (reports with the same lock state change nothing, and `code-rides.ts` skips
   * their re-check: after every operator's command it was a read for nothing, issue 22), else null.
   * `known`: the cart and its open ride as the statement that ended the command read them, when nothing may
   * have changed them since (no other work of the cart ran between); else they are read here.
   */
  async commandFinished(command: CommandRow, known?: CartRideState): Promise<DeviceRow | null> {
    if (command.name === 'ping' || !FINAL_COMMAND_STATES.includes(command.state)) return null;
    if (command.name === 'lock') {
      const { settled, device } = await this.settle(command.deviceId, known);
      return settled ? device : null;
    }
    if (command.state !== 'acknowledged') {
      await this.lifecycle.unlockFailed(command);
      return null;
    }

    const state = known ?? (await this.repo.cartState(command.deviceId));
    const ride = state?.ride;
    if (ride) {
      // An unlock sent before this ride was created is about an earlier one.
      if (command.issuedAt < ride.createdAt) return null;
      if (!ride.confirmed) await this.lifecycle.confirm(ride.id);
      else if (ride.status === 'paused') await this.lifecycle.markActive(ride.id);
      return unlockedCart(state.device);
    }
    // An operator's unlock opens its manual ride (which also checks that the unlock had none); only when it
    // opened nothing can the unlock be one of a ride that ended meanwhile.
    if (command.source === 'dashboard' && command.requestedBy && (await this.lifecycle.openManual(command)))
      return state ? unlockedCart(state.device) : null;
    const own = await this.repo.byUnlockCommand(command.id);
    if (own) await this.lifecycle.relockAfterEnded(own);
    return null;
  }

  /**
   * Decides what the cart's stored lock state means for its open ride, if anything. Answers whether the
   * outcome is settled: true when more reports with the same lock state can change nothing (the caller may
   * skip them), false while a report still to come could (a locked cart whose ride runs on until it reports
   * after the ride's last change, a paused ride until an unlocked report).
   */
  async reconcile(deviceId: string): Promise<boolean> {
    return (await this.settle(deviceId)).settled;
  }

  /** `reconcile`, with the cart as it read it, or as `known` (null: no such cart). */
  private async settle(
    deviceId: string,
    known?: CartRideState,
  ): Promise<{ settled: boolean; device: DeviceRow | null }> {
    const state = known ?? (await this.repo.cartState(deviceId));
    const ride = state?.ride;
    if (!state || !ride) return { settled: true, device: state?.device ?? null };
    return { settled: await this.settleRide(state.device, ride, state.lastCommand), device: state.device };
  }

  private async settleRide(
    device: DeviceRow,
    ride: RideRow,
    lastCommand: CommandRow | null,
  ): Promise<boolean> {
    // A lock or unlock of ours is on its way: the cart's answer decides.
    if (lastCommand && !lastCommand.finishedAt) return false;
    const byServer =
      lastCommand?.state === 'acknowledged' && lastCommand.ackedAt && lastCommand.ackedAt >= ride.updatedAt
        ? lastCommand
        : null;
    // A report the cart sent after the ride last changed (a late-written older one says nothing new).
    const reported = device.lastReportAt !== null && device.lastReportAt > ride.updatedAt;
    const riding = ride.status === 'active' && ride.confirmed;

    if (device.lockStatus === 1) {
      if (byServer?.name === 'lock') {
        const reason = rideEndOnLock(byServer.source, ride);
        // The lock's own request (an operator's) answers with the cart as this end leaves it.
        if (reason) await this.lifecycle.endBySystem(ride.id, reason, byServer.id);
        else if (riding) await this.lifecycle.markPaused(ride.id);
      } else if (reported && riding) {
        if (isCodeRide(ride.type)) await this.lifecycle.endBySystem(ride.id, 'cartLocked');
        else await this.lifecycle.markPaused(ride.id);
      } else if (riding) return false;
    } else if (ride.status === 'paused') {
      if (byServer?.name === 'unlock' || reported) await this.lifecycle.markActive(ride.id);
      else return false;
    }
    return true;
  }
}
