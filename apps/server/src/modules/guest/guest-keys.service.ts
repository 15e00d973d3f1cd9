import { VIRTUAL_KEY_REFUSALS, keyUnusable, type GuestKeyQuery, type GuestKeyView } from '@fairway/domain';
import { HttpError, notFound } from '../../lib/errors';
import type { GuestKeysRepository } from './guest-keys.repository';

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
    const unusable = keyUnusable({ enabled: key.enabled, expires: key.expires?.getTime() ?? null }, now);
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
}
