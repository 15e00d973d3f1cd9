import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { codes } from '../../db/tables/codes';
import { members } from '../../db/tables/members';
import { sites } from '../../db/tables/sites';
import { userGroups } from '../../db/tables/user-groups';

/** A site's virtual key found by its code, with its member and the member's group. */
export interface StoredGuestKey {
  id: string;
  memberId: string;
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
  constructor(private readonly db: DbExecutor) {}

  /** The same queries inside a transaction the calling service runs (a ride's, when a key opens a cart). */
  in(db: DbExecutor): GuestKeysRepository {
    return new GuestKeysRepository(db);
  }

  /** The site, when it is a real club (the staging site has no guests). */
  async site(siteId: string): Promise<{ id: string } | null> {
    const [site] = await this.db
      .select({ id: sites.id, staging: sites.staging })
      .from(sites)
      .where(eq(sites.id, siteId));
    return site && !site.staging ? { id: site.id } : null;
  }

  /** The site's virtual key with `code` (keypad and RFID codes are the carts' own, not the portal's). */
  byCode(siteId: string, code: string): Promise<StoredGuestKey | null> {
    return this.find(and(eq(codes.siteId, siteId), eq(codes.code, code), eq(codes.type, 'virtualKey')));
  }

  /** The key as it is now, its code and member rows locked until the transaction ends (credits change). */
  locked(codeId: string): Promise<StoredGuestKey | null> {
    return this.find(eq(codes.id, codeId), true);
  }

  /** One credit less, never below 0; unlimited (negative) stays. False when none was left. */
  async takeCredit(memberId: string): Promise<boolean> {
    const [row] = await this.db
      .update(members)
      .set({
        credits: sql`case when ${members.credits} < 0 then ${members.credits} else ${members.credits} - 1 end`,
      })
      .where(and(eq(members.id, memberId), sql`(${members.credits} < 0 or ${gt(members.credits, 0)})`))
      .returning({ id: members.id });
    return row !== undefined;
  }

  private async find(where: ReturnType<typeof and>, forUpdate = false): Promise<StoredGuestKey | null> {
    const query = this.db
      .select({
        id: codes.id,
        memberId: codes.memberId,
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
      .where(where);
    const [row] = await (forUpdate ? query.for('update', { of: [codes, members] }) : query);
    return row ?? null;
  }
}
