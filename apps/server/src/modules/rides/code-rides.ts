import type { CartView, EventMessage } from '@fairway/domain';
import type { AppContext } from '../../context';
import { CodeActivityRepository } from './code-activity.repository';
import { RidesRepository } from './rides.repository';
import { RidesService } from './rides.service';

/**
 * Keypad and RFID unlocks reported by carts (`keypad_unlock`, `rfid_unlock` events) start a ride of that
 * type and take one credit unless unlimited; refused codes are logged; a cart in use that reports locked
 * ends its code ride. Returns the detach function.
 */
export function attachCodeRides(ctx: AppContext): () => void {
  const service = new RidesService(
    new RidesRepository(ctx.db),
    new CodeActivityRepository(ctx.db),
    ctx.deviceConfig,
    ctx.bus,
    ctx.log,
  );

  // One at a time, in arrival order: an unlock and the lock that ends its ride must be handled in that
  // order. Code events are one per ride and lock-while-in-use reports rare, so one queue is plenty.
  let queue = Promise.resolve();
  const enqueue = (deviceId: string, work: () => Promise<void>) => {
    queue = queue
      .then(work)
      .catch((error: unknown) => ctx.log.error({ err: error, deviceId }, 'code ride handling failed'));
  };

  const onEvent = (deviceId: string, event: EventMessage) => {
    if (event.type === 'keypad_unlock' || event.type === 'rfid_unlock') {
      const type = event.type === 'keypad_unlock' ? 'keypad' : 'rfid';
      enqueue(deviceId, () => service.unlockedWithCode(deviceId, event, type));
    } else if (event.type === 'code_refused') {
      enqueue(deviceId, () => service.codeRefused(deviceId, event));
    }
  };
  // Every stored report passes here; only a cart that is in use and locked can have a code ride to end.
  const onDeviceUpdated = (cart: CartView) => {
    if (cart.inUse && cart.lockStatus === 1) enqueue(cart._id, () => service.cartLocked(cart._id));
  };

  ctx.bus.on('device.event', onEvent);
  ctx.bus.on('device.updated', onDeviceUpdated);
  return () => {
    ctx.bus.off('device.event', onEvent);
    ctx.bus.off('device.updated', onDeviceUpdated);
  };
}
