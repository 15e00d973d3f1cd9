import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codes } from '../../db/tables/codes';
import { members } from '../../db/tables/members';
import { sites } from '../../db/tables/sites';
import { userGroups } from '../../db/tables/user-groups';

/** A site's virtual key found by its code, with its member and the member's group. */
export interface StoredGuestKey {
  id: string;
  master: boolean;
  allDevices: boolean;
  devices: string[];
  enabled: boolean;
  expires: Date | null;
  driverName: string;
  email: string;
  userGroupName: string | null;
  credits: number;
}

/** What the site portal reads about keys; looked up only by the site id and the code a phone sent. */
export class GuestKeysRepository {
  constructor(private readonly db: Db) {}

  /** The site, when it is a real club (the staging site has no guests). */
  async site(siteId: string): Promise<{ id: string } | null> {
    const [site] = await this.db
      .select({ id: sites.id, staging: sites.staging })
      .from(sites)
      .where(eq(sites.id, siteId));
    return site && !site.staging ? { id: site.id } : null;
  }

  /** The site's virtual key with `code` (keypad and RFID codes are the carts' own, not the portal's). */
  async byCode(siteId: string, code: string): Promise<StoredGuestKey | null> {
    const [row] = await this.db
      .select({
        id: codes.id,
        master: codes.master,
        allDevices: codes.allDevices,
        devices: codes.devices,
        enabled: codes.enabled,
        expires: codes.expires,
        driverName: members.name,
        email: members.email,
        userGroupName: userGroups.name,
        credits: members.credits,
      })
      .from(codes)
      .innerJoin(members, eq(members.id, codes.memberId))
      .leftJoin(userGroups, eq(userGroups.id, members.userGroupId))
      .where(and(eq(codes.siteId, siteId), eq(codes.code, code), eq(codes.type, 'virtualKey')));
    return row ?? null;
  }
}
