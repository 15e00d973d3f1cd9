import { and, asc, count, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { folded } from '../../lib/caseless-text';
import { members } from '../../db/tables/members';
import { prices, services } from '../../db/tables/services';
import type { DbExecutor } from '../../db/client';
import type { UserGroupRow, UserGroupWithCounts } from './user-groups.presenter';
import { userGroups } from '../../db/tables/user-groups';

/** User groups are always read and written within one site, so another site's group id is not found. */
export class UserGroupsRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The same queries inside a transaction the calling service runs (the composition root builds this one). */
  in(db: DbExecutor): UserGroupsRepository {
    return new UserGroupsRepository(db);
  }

  list(siteId: string): Promise<UserGroupWithCounts[]> {
    return this.withCounts(siteId);
  }

  async find(siteId: string, id: string): Promise<UserGroupWithCounts | null> {
    const [row] = await this.withCounts(siteId, id);
    return row ?? null;
  }

  /** Case-insensitive, so 'Juniors' and 'juniors' cannot both exist; `exceptId` skips the group renamed. */
  async nameTaken(siteId: string, name: string, exceptId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(
        and(
          eq(userGroups.siteId, siteId),
          sql`${folded(userGroups.name)} = ${folded(sql`${name}`)}`,
          exceptId ? ne(userGroups.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  async insert(siteId: string, name: string): Promise<UserGroupRow> {
    const [row] = await this.db.insert(userGroups).values({ siteId, name }).returning();
    return row!;
  }

  async rename(siteId: string, id: string, name: string): Promise<boolean> {
    const rows = await this.db
      .update(userGroups)
      .set({ name })
      .where(and(eq(userGroups.siteId, siteId), eq(userGroups.id, id)))
      .returning({ id: userGroups.id });
    return rows.length > 0;
  }

  /**
   * Must run in the transaction that then points members at the group: the key-share lock makes a
   * concurrent delete of the group wait, so the group checked is the group stored. False when the group
   * is not the site's.
   */
  async lockForMembers(siteId: string, id: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(and(eq(userGroups.siteId, siteId), eq(userGroups.id, id)))
      .for('key share');
    return row !== undefined;
  }

  /**
   * Deletes the group; its prices go with it and its members become guests (both by foreign key). They are
   * counted first under a row lock that keeps new prices and members off the group until it is gone, so the
   * counts are exactly what the delete did. Null when the group is not the site's.
   */
  deleteCounting(
    siteId: string,
    id: string,
  ): Promise<{ deletedPrices: number; movedMembers: number } | null> {
    return this.db.transaction(async (tx) => {
      const [group] = await tx
        .select({ id: userGroups.id })
        .from(userGroups)
        .where(and(eq(userGroups.siteId, siteId), eq(userGroups.id, id)))
        .for('update');
      if (!group) return null;
      const [priceCount] = await tx.select({ n: count() }).from(prices).where(eq(prices.userGroupId, id));
      const [memberCount] = await tx
        .select({ n: count() })
        .from(members)
        .where(and(eq(members.siteId, siteId), eq(members.userGroupId, id)));
      await tx.delete(userGroups).where(eq(userGroups.id, id));
      return { deletedPrices: priceCount!.n, movedMembers: memberCount!.n };
    });
  }

  /** The site's groups (or one) with their price and member counts, by name; one grouped pass per table. */
  private withCounts(siteId: string, id?: string): Promise<UserGroupWithCounts[]> {
    const siteGroups = and(eq(userGroups.siteId, siteId), id ? eq(userGroups.id, id) : undefined);
    const priceCounts = this.db
      .select({ groupId: prices.userGroupId, n: count().as('price_count') })
      .from(prices)
      .innerJoin(services, eq(services.id, prices.serviceId))
      .where(and(eq(services.siteId, siteId), isNotNull(prices.userGroupId)))
      .groupBy(prices.userGroupId)
      .as('price_counts');
    const memberCounts = this.db
      .select({ groupId: members.userGroupId, n: count().as('member_count') })
      .from(members)
      .where(and(eq(members.siteId, siteId), isNotNull(members.userGroupId)))
      .groupBy(members.userGroupId)
      .as('member_counts');
    return this.db
      .select({
        id: userGroups.id,
        siteId: userGroups.siteId,
        name: userGroups.name,
        createdAt: userGroups.createdAt,
        prices: sql<number>`coalesce(${priceCounts.n}, 0)::int`,
        members: sql<number>`coalesce(${memberCounts.n}, 0)::int`,
      })
      .from(userGroups)
      .leftJoin(priceCounts, eq(priceCounts.groupId, userGroups.id))
      .leftJoin(memberCounts, eq(memberCounts.groupId, userGroups.id))
      .where(siteGroups)
      .orderBy(asc(folded(userGroups.name)), asc(userGroups.name));
  }
}
