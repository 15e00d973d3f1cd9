import {
  GUEST_CART_REFUSALS,
  LOCK_REFUSAL_MESSAGES,
  currentBooking,
  displayLockStatus,
  type GuestMasterCarts,
  type BulkCommandResult,
  type GuestToggleLockBody,
} from '@fairway/domain';
import { HttpError, conflict } from '../../lib/errors';
import type { CommandsService } from '../commands/commands.service';
import { toCartView } from '../devices/devices.presenter';
import type { GuestCartsRepository } from './guest-carts.repository';
import type { GuestKeysService } from './guest-keys.service';
import type { GuestMasterRepository } from './guest-master.repository';

const cartNotFound = () => new HttpError(404, 'Cart not found', 'cartNotFound');

/** A cart the dashboard's lock rules leave alone, in the guest pages' codes (their own language's text). */
function lockRefusal(reason: BulkCommandResult['skipped'][number]['reason']): HttpError {
  switch (reason) {
    case 'offline':
      return conflict(GUEST_CART_REFUSALS.OFFLINE, 'OFFLINE');
    case 'keyMode':
      return conflict(GUEST_CART_REFUSALS.KEYMODE, 'KEYMODE');
    case 'notFound':
      return cartNotFound();
    // 'role' and 'notAllowed' (pings) cannot happen: the master key locks as role basic.
    case 'role':
    case 'notAllowed':
      return new HttpError(403, 'This key may not lock or unlock carts', reason);
    default:
      // alreadyLocked, alreadyUnlocked, notKeyless
      return conflict(LOCK_REFUSAL_MESSAGES[reason], reason);
  }
}

const byCarNumber = (a: { carNumber: string | null }, b: { carNumber: string | null }) =>
  (a.carNumber ?? '').localeCompare(b.carNumber ?? '', undefined, { numeric: true });

/**
 * The portal's master-key page (spec §2 Master key page, §4 Lock toggle and Virtual key unlock allowed,
 * issue 18): a master code lists the club's carts and locks or unlocks any of them, booked or not, the club
 * open or closed — and nothing else (it is checked here on every call; no other route takes it).
 *
 * The lock and unlock go through the dashboard's command path (stored, sent with QoS 1, ended by the cart's
 * answer or the expiry sweep), recorded with source 'master-key' and the key's code id. A master key does
 * not act on a cart a ride is open on (409 IN_USE): locking would pause a paying guest's round from outside
 * it and unlocking would resume one its guest paused, so the ride's own guest or the staff decide. An unlock
 * opens no ride: the key's holder is staff-like, not a guest who pays.
 */
export class GuestMasterService {
  constructor(
    private readonly keys: Pick<GuestKeysService, 'find'>,
    private readonly master: GuestMasterRepository,
    private readonly guestCarts: Pick<GuestCartsRepository, 'cart'>,
    private readonly commands: Pick<CommandsService, 'setLockMany'>,
  ) {}

  async carts(siteId: string, code: string, now = Date.now()): Promise<GuestMasterCarts> {
    await this.keys.find(siteId, { code, master: true }, now);
    const rows = await this.master.carts(siteId, new Date(now));
    const carts = rows.map(({ device, bookings }) => {
      const view = toCartView(device, now);
      return {
        _id: device.id,
        carNumber: device.carNumber,
        online: view.onlineStatus,
        locked: view.lockStatus === 1,
        keyMode: view.key === '1',
        displayLockStatus: displayLockStatus(view, currentBooking(bookings, now)),
      };
    });
    return { carts: carts.sort(byCarNumber) };
  }

  /** Sends the lock or unlock and answers its id; the page polls the cart list until the cart reports it. */
  async toggleLock(
    deviceId: string,
    body: GuestToggleLockBody,
    now = Date.now(),
  ): Promise<{ commandId: string }> {
    const cart = await this.guestCarts.cart(deviceId, new Date(now));
    if (!cart || cart.site.staging) throw cartNotFound();
    // The code decides (a virtualKeyId alone is not a secret): a master key of this cart's club.
    const key = await this.keys.find(cart.site.id, { code: body.code, master: true }, now);
    if (cart.openRide) throw conflict(GUEST_CART_REFUSALS.IN_USE, 'IN_USE');
    const result = await this.commands.setLockMany(
      cart.site.id,
      [deviceId],
      body.lockStatus === 'locked' ? 1 : 0,
      { userId: null, role: 'basic', source: 'master-key', codeId: key._id },
    );
    const skipped = result.skipped[0];
    if (skipped) throw lockRefusal(skipped.reason);
    return { commandId: result.commands[0]!._id };
  }
}
