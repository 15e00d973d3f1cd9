import type { CommandOutcome, ManualUnlockBody } from '@fairway/domain';
import type { CommandsService, Requester } from '../commands/commands.service';
import type { PerCartQueue } from './per-cart-queue';
import { hasDetails } from './ride-lifecycle.manual';
import type { RideLifecycleService } from './ride-lifecycle.service';

/**
 * An operator locks or unlocks one cart from the map or the fleet, and is answered with the cart as the command
 * and its ride's consequence left it. An unlock of a cart without an open ride gets a confirmed 'manual' ride in
 * their name, described by the optional body; a paused ride carries on and a guest ride still waiting for the
 * cart is confirmed. A lock ends a manual ride, or pauses a guest's (the lifecycle's reactions to the
 * acknowledgement).
 */
export class OperatorLockService {
  constructor(
    private readonly commands: CommandsService,
    private readonly lifecycle: RideLifecycleService,
    private readonly cartWork: PerCartQueue,
  ) {}

  async lock(siteId: string, deviceId: string, by: Requester): Promise<CommandOutcome> {
    const { command, device } = await this.commands.lockAndWait(siteId, deviceId, 1, by);
    // A cart in use when the lock was stored: the acknowledgement's reaction (queued on the cart's work before
    // this request went on) ends or pauses its ride, and the answer shows the cart after that, not 'in use'
    // until the next push. The cart as the ride's end left it, or read when the ride was only paused (it stays
    // in use) or another instance reacted.
    if (command.state === 'acknowledged' && device?.inUse) {
      await this.cartWork.idle(deviceId);
      return this.commands.outcome(command, this.lifecycle.cartAfter(command.id) ?? undefined);
    }
    return this.commands.outcome(command, device ?? undefined);
  }

  async unlock(
    siteId: string,
    deviceId: string,
    body: ManualUnlockBody,
    by: Requester,
  ): Promise<CommandOutcome> {
    // A body naming another site's driver, service or price is refused before the cart is touched.
    const details = await this.lifecycle.manualDetails(siteId, body);
    // The reaction to the cart's last lock (ending its ride) first: else this unlock would find that ride
    // still open, and the reaction would end it afterwards and lock the cart again.
    await this.cartWork.idle(deviceId);
    const { command } = await this.commands.lockAndWait(siteId, deviceId, 0, by);
    if (command.state !== 'acknowledged') return this.commands.outcome(command);
    // The acknowledgement's reaction opens the ride on the instance that stored it, queued on the cart's
    // work before this request went on. Once it is done here, only a body with details is left to write;
    // when another instance stored the answer, or the reaction failed, this request opens the ride itself.
    // (Opening it twice cost an operator's unlock a transaction more, issue 22.)
    await this.cartWork.idle(deviceId);
    const opened = this.lifecycle.cartAfter(command.id);
    if (opened && !hasDetails(details)) return this.commands.outcome(command, opened);
    await this.lifecycle.openManual(command, details);
    // Read after the ride opened: the answer's cart shows it.
    return this.commands.outcome(command);
  }
}
