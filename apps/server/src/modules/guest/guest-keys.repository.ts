import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { codes } from '../../db/tables/codes';
import { members } from '../../db/tables/members';
import { prices, services, type AvailableTime } from '../../db/tables/services';
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
  userGroupId: string | null;
  userGroupName: string | null;
  credits: number;
}

/** A service a key's holder may book, with the prices that could apply to them (spec §4 Service applicability). */
export interface KeyBookableService {
  id: string;
  name: string;
  duration: number;
  prices: Array<{
    id: string;
    name: string;
    userGroupId: string | null;
    credits: number | null;
    amount: number;
    availableTimes: AvailableTime[];
  }>;
}

/** What the site portal reads about keys; looked up only by the site id and the code a phone sent. */
export class GuestKeysRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The same queries inside a transaction the calling service runs (a ride's, when a key opens a cart). */
  in(db: DbExecutor): GuestKeysRepository {
    return new GuestKeysRepository(db);
  }

  /** `work` in one transaction; its queries run on the repositories bound to it with `in(tx)`. */
  transaction<T>(work: (tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
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
    return (await this.takeCredits(memberId, 1)) !== null;
  }

  /**
   * `credits` fewer for the member, in the caller's transaction (the key's rows locked first): unlimited
   * (negative) stays as it is, and a balance that does not cover them is left alone. Answers the balance
   * after, or null when it did not cover them.
   */
  async takeCredits(memberId: string, credits: number): Promise<number | null> {
    const [row] = await this.db
      .update(members)
      .set({
        credits: sql`case when ${members.credits} < 0 then ${members.credits} else ${members.credits} - ${credits} end`,
      })
      .where(and(eq(members.id, memberId), sql`(${members.credits} < 0 or ${members.credits} >= ${credits})`))
      .returning({ credits: members.credits });
    return row ? row.credits : null;
  }

  /**
   * The site's services with at least one price bookable with credits (more than 0) by the holder's group
   * or the guest group, each with those prices only (the others can never apply to this holder), the
   * cheapest first.
   */
  async keyBookableServices(siteId: string, userGroupId: string | null): Promise<KeyBookableService[]> {
    const rows = await this.db
      .select({ service: services, price: prices })
      .from(prices)
      .innerJoin(services, eq(services.id, prices.serviceId))
      .where(
        and(
          eq(services.siteId, siteId),
          gt(prices.credits, 0),
          userGroupId
            ? or(isNull(prices.userGroupId), eq(prices.userGroupId, userGroupId))
            : isNull(prices.userGroupId),
        ),
      )
      .orderBy(asc(services.name), asc(services.id), asc(prices.credits), asc(prices.name), asc(prices.id));
    const byService = new Map<string, KeyBookableService>();
    for (const { service, price } of rows) {
      const entry = byService.get(service.id) ?? {
        id: service.id,
        name: service.name,
        duration: service.duration,
        prices: [],
      };
      entry.prices.push({
        id: price.id,
        name: price.name,
        userGroupId: price.userGroupId,
        credits: price.credits,
        amount: price.amount,
        availableTimes: price.availableTimes,
      });
      byService.set(service.id, entry);
    }
    return [...byService.values()];
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
        userGroupId: members.userGroupId,
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
