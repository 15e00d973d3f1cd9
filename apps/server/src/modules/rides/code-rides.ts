import type { CartView, CommandView, EventMessage } from '@fairway/domain';
import type { AppContext } from '../../context';
import { CodeActivityRepository } from './code-activity.repository';
import { RideLifecycleRepository } from './ride-lifecycle.repository';
import { RideCartReactions, lockChangedLately } from './ride-lifecycle.reactions';
import { createRideLifecycle } from './ride-lifecycle.service';
import { RidesRepository } from './rides.repository';
import { RidesService } from './rides.service';

/**
 * The cart's side of every ride (issue #4 code rides, issue #6 lifecycle): keypad and RFID unlocks reported
 * by carts (`keypad_unlock`, `rfid_unlock`) start a ride of that type and take one credit unless unlimited;
 * refused codes are logged; the answers to lock and unlock commands and the reports of carts in use move
 * their rides on (confirmed, paused, active again, ended: ride-lifecycle.reactions). Returns the detach
 * function.
 */
export function attachCodeRides(ctx: AppContext): () => void {
  const service = new RidesService(
    new RidesRepository(ctx.db),
    new CodeActivityRepository(ctx.db),
    ctx.deviceConfig,
    ctx.bus,
    ctx.log,
  );
  const reactions = new RideCartReactions(createRideLifecycle(ctx), new RideLifecycleRepository(ctx.db));

  // One at a time, in arrival order: an unlock and the lock that ends its ride, or an acknowledgement and
  // the report that follows it, must be handled in that order. Each is a few indexed queries, and only
  // code events, finished lock commands and reports of in-use carts whose lock just changed come here.
  let queue = Promise.resolve();
  const enqueue = (deviceId: string, work: () => Promise<void>) => {
    queue = queue
      .then(work)
      .catch((error: unknown) => ctx.log.error({ err: error, deviceId }, 'ride handling failed'));
  };

  const onEvent = (deviceId: string, event: EventMessage) => {
    if (event.type === 'keypad_unlock' || event.type === 'rfid_unlock') {
      const type = event.type === 'keypad_unlock' ? 'keypad' : 'rfid';
      enqueue(deviceId, () => service.unlockedWithCode(deviceId, event, type));
    } else if (event.type === 'code_refused') {
      enqueue(deviceId, () => service.codeRefused(deviceId, event));
    }
  };
  const onDeviceUpdated = (cart: CartView) => {
    if (lockChangedLately(cart)) enqueue(cart._id, () => reactions.reconcile(cart._id));
  };
  const onCommand = (command: CommandView) => {
    if (command.name !== 'ping' && command.finishedAt !== null)
      enqueue(command.deviceId, () => reactions.commandFinished(command));
  };

  ctx.bus.on('device.event', onEvent);
  ctx.bus.on('device.updated', onDeviceUpdated);
  ctx.bus.on('command.updated', onCommand);
  return () => {
    ctx.bus.off('device.event', onEvent);
    ctx.bus.off('device.updated', onDeviceUpdated);
    ctx.bus.off('command.updated', onCommand);
  };
}
