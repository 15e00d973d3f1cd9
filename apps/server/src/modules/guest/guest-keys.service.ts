import {
  GUEST_CART_REFUSALS,
  VIRTUAL_KEY_REFUSALS,
  isUnlimited,
  keyUnusable,
  virtualKeyUnlockRefusal,
  type GuestKeyQuery,
  type GuestKeyView,
  type VirtualKeyRefusal,
} from '@fairway/domain';
import { HttpError, notFound } from '../../lib/errors';
import type { RideAdmission } from '../rides/ride-lifecycle.service';
import type { GuestKeysRepository, StoredGuestKey } from './guest-keys.repository';

type KeyRefusal = NonNullable<ReturnType<typeof virtualKeyUnlockRefusal>>;
const isKeyRefusal = (reason: KeyRefusal): reason is VirtualKeyRefusal => reason in VIRTUAL_KEY_REFUSALS;

/**
 * A refusal as the guest pages read it: the key's own (disabled, expired, credits, not this cart) are 403;
 * a cart the key may not take now (booked or closed without a master key, or its guest status) is 409.
 */
function refusal(reason: KeyRefusal): HttpError {
  if (!isKeyRefusal(reason)) return new HttpError(409, GUEST_CART_REFUSALS[reason], reason);
  const cartState = reason === 'bookedWithoutMaster' || reason === 'closedWithoutMaster';
  return new HttpError(cartState ? 409 : 403, VIRTUAL_KEY_REFUSALS[reason], reason);
}

/** A key that may open a ride: who rides, and the check (and credit) that commits with the ride. */
export interface KeyAdmission {
  codeId: string;
  memberId: string;
  driverName: string;
  email: string | null;
  admit: (context: RideAdmission) => Promise<void>;
}

const keyNotFound = () => new HttpError(404, VIRTUAL_KEY_REFUSALS.keyNotFound, 'keyNotFound');

/**
 * The site portal's keys (spec §2 Guest site portal, §4 Virtual key unlock allowed; issue 18): a guest
 * holding a member's virtual-key code, or a master code, sees what the key is. The code is the only secret,
 * so an unknown code, and a member's key asked for on the master card, are the same 404.
 */
export class GuestKeysService {
  constructor(private readonly repo: GuestKeysRepository) {}

  async find(siteId: string, query: GuestKeyQuery, now = Date.now()): Promise<GuestKeyView> {
    if (!(await this.repo.site(siteId))) throw notFound('Site not found');
    const key = await this.repo.byCode(siteId, query.code);
    if (!key || (query.master && !key.master)) throw keyNotFound();
    const unusable = keyUnusable(stateOf(key), now);
    if (unusable) throw new HttpError(403, VIRTUAL_KEY_REFUSALS[unusable], unusable);
    return {
      _id: key.id,
      master: key.master,
      driverName: key.driverName,
      email: key.email || null,
      userGroupName: key.userGroupName,
      credits: key.credits,
      allDevices: key.allDevices,
      devices: key.allDevices ? [] : key.devices,
      enabled: key.enabled,
      expires: key.expires?.toISOString() ?? null,
    };
  }

  /**
   * The site's virtual key with `code`, as a ride's admission (spec §4 Virtual key unlock allowed), or null
   * when no key has it. The rule is decided inside the ride's transaction on the key as it is then (its rows
   * locked), and a non-master key with limited credits gives one up in that transaction: a repeated request
   * finds the cart in use, so a credit is taken once.
   */
  async admission(siteId: string, code: string): Promise<KeyAdmission | null> {
    const found = await this.repo.byCode(siteId, code);
    if (!found) return null;
    return {
      codeId: found.id,
      memberId: found.memberId,
      driverName: found.driverName,
      email: found.email || null,
      admit: async ({ tx, status, carNumber, now }) => {
        const keys = this.repo.in(tx);
        const key = await keys.locked(found.id);
        if (!key) throw new HttpError(404, VIRTUAL_KEY_REFUSALS.keyNotFound, 'keyNotFound');
        const reason = virtualKeyUnlockRefusal(stateOf(key), carNumber, status, now);
        if (reason) throw refusal(reason);
        if (!key.master && !isUnlimited(key.credits) && !(await keys.takeCredit(key.memberId)))
          throw refusal('insufficientCredits');
      },
    };
  }
}

const stateOf = (key: StoredGuestKey) => ({
  enabled: key.enabled,
  expires: key.expires?.getTime() ?? null,
  master: key.master,
  allDevices: key.allDevices,
  devices: key.devices,
  credits: key.credits,
});
