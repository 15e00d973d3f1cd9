import type { EventMessage } from '@fairway/domain';
import type { CommandRow } from '../../db/tables/commands';
import type { DeviceRow } from '../../db/tables/devices';
import type { AppContext } from '../../context';
import type { CartRideState } from '../../lib/events';
import { retryWhileDatabaseDown } from '../../lib/retry';
import { lockChangedLately } from './ride-lifecycle.reactions';

/** A cart's re-check waiting to start; `superseded` when a command's reaction took it over. */
interface WaitingRecheck {
  superseded: boolean;
}

/**
 * The cart's side of every ride (issue #4 code rides, issue #6 lifecycle): keypad and RFID unlocks reported
 * by carts (`keypad_unlock`, `rfid_unlock`) start a ride of that type and take one credit unless unlimited;
 * refused codes are logged; the answers to lock and unlock commands and the reports of carts in use move
 * their rides on (confirmed, paused, active again, ended: ride-lifecycle.reactions).
 *
 * Work that fails because the database is away is tried again until it succeeds, in order. Cart events come
 * from the device dispatcher as `device.event`, emitted with `emitAndWait`: the listener's promise settles
 * once the event is stored, so the broker is told it was received only then (issue 15 item 2). Returns the
 * detach function.
 */
export function attachCodeRides(ctx: AppContext): () => void {
  const { codes: service, cartReactions: reactions, cartWork } = ctx.rides;

  // One at a time per cart, in arrival order, different carts side by side (`PerCartQueue`; one queue for
  // all made every cart's acknowledgement wait behind every other cart's work under a burst of commands,
  // issue 22). Each step is a few indexed queries, and only code events, finished lock commands and reports
  // of in-use carts whose lock just changed come here.
  let detached = false;
  /** Settles when `work` is done; rejects when it failed for good or the server stopped first. */
  const enqueue = (deviceId: string, work: () => Promise<void>): Promise<void> => {
    const done = cartWork.run(deviceId, () =>
      retryWhileDatabaseDown(work, {
        log: ctx.log,
        what: 'ride handling',
        context: { deviceId },
        stopped: () => detached,
      }),
    );
    done.catch((error: unknown) => ctx.log.error({ err: error, deviceId }, 'ride handling failed'));
    return done;
  };

  /** Carts with a re-check waiting to start: one waiting re-check reads every report that came before it. */
  const recheckWaiting = new Map<string, WaitingRecheck>();
  /**
   * Carts whose last re-check found their ride settled for the lock state it read (`reconcile`): reports with
   * that same lock state change nothing and are not re-checked (with every cart reporting each second, a
   * re-check per report of every cart in use filled the database pool, issue 22). Any other work on the
   * cart (a command's end, an event) forgets it.
   */
  const settledAt = new Map<string, string>();
  const lockKey = (cart: DeviceRow) => `${cart.lockStatus}@${cart.lockUpdatedAt?.getTime() ?? 'never'}`;
  const onEvent = (deviceId: string, event: EventMessage): Promise<void> => {
    settledAt.delete(deviceId);
    if (event.type === 'keypad_unlock' || event.type === 'rfid_unlock') {
      const type = event.type === 'keypad_unlock' ? 'keypad' : 'rfid';
      return enqueue(deviceId, () => service.unlockedWithCode(deviceId, event, type));
    } else if (event.type === 'code_refused') {
      return enqueue(deviceId, () => service.codeRefused(deviceId, event));
    }
    return Promise.resolve();
  };
  /**
   * Carts whose command reaction is running, with the newest state stored meanwhile (null: none). That
   * state is judged once the reaction ends, which may have settled the ride for it: an operator's unlock
   * opens its manual ride, and the cart marked in use by it was re-checked for nothing (issue 22).
   */
  const reacting = new Map<string, DeviceRow | null>();
  const onDeviceUpdated = (cart: DeviceRow) => {
    if (!lockChangedLately(cart)) {
      settledAt.delete(cart.id);
      return;
    }
    if (reacting.has(cart.id)) {
      reacting.set(cart.id, cart);
      return;
    }
    if (recheckWaiting.has(cart.id) || settledAt.get(cart.id) === lockKey(cart)) return;
    const waiting: WaitingRecheck = { superseded: false };
    recheckWaiting.set(cart.id, waiting);
    void enqueue(cart.id, async () => {
      // From here on a new report needs a re-check of its own: this one may already have read the cart.
      recheckWaiting.delete(cart.id);
      if (waiting.superseded) return;
      settledAt.delete(cart.id);
      if (await reactions.reconcile(cart.id)) settledAt.set(cart.id, lockKey(cart));
    }).catch(() => {});
  };
  const onCommand = (command: CommandRow, cart?: CartRideState) => {
    if (command.name !== 'ping' && command.finishedAt !== null) {
      settledAt.delete(command.deviceId);
      const { deviceId } = command;
      // The cart's open ride as the command's end read it is what the reaction would read first, unless other
      // work of the cart runs before it (and may change the ride); it serves the first attempt only. A re-check
      // that is the cart's only work, still waiting, is superseded: the cart's row the command's end stored
      // (emitted just before this) asked for it, and the reaction decides the same from a state as new.
      // (A failed unlock's reaction only retries it, and decides nothing about the ride: it supersedes nothing.)
      const waiting = recheckWaiting.get(deviceId);
      const queued = cartWork.pending(deviceId);
      const decidesRide = command.name === 'lock' || command.state === 'acknowledged';
      if (cart && waiting && queued === 1 && decidesRide) waiting.superseded = true;
      let known = queued === 0 || waiting?.superseded ? cart : undefined;
      void enqueue(deviceId, async () => {
        reacting.set(deviceId, null);
        const state = known;
        known = undefined;
        try {
          // The reaction read the cart after its answer: states with that lock state need no re-check.
          const settled = await reactions.commandFinished(command, state);
          if (settled) settledAt.set(deviceId, lockKey(settled));
        } finally {
          // Also when it failed (it is tried again): what was stored meanwhile is judged now, not lost.
          const seen = reacting.get(deviceId);
          reacting.delete(deviceId);
          if (seen) onDeviceUpdated(seen);
        }
      }).catch(() => {});
    }
  };

  ctx.bus.on('device.event', onEvent);
  ctx.bus.on('device.updated', onDeviceUpdated);
  ctx.bus.on('command.updated', onCommand);
  return () => {
    detached = true;
    ctx.bus.off('device.event', onEvent);
    ctx.bus.off('device.updated', onDeviceUpdated);
    ctx.bus.off('command.updated', onCommand);
  };
}
