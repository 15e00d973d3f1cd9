import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { devices } from '../../db/tables/devices';
import { activity } from '../../db/tables/activity';
import { apiClients } from '../../db/tables/api-clients';
import { invites, users } from '../../db/tables/users';
import { sites } from '../../db/tables/sites';
import type { SiteRow } from './sites.presenter';

export type NewSite = typeof sites.$inferInsert;
export type SiteChanges = Partial<Omit<NewSite, 'id' | 'createdAt'>>;

export class SitesRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The same queries inside a transaction the calling service runs (the composition root builds this one). */
  in(db: DbExecutor): SitesRepository {
    return new SitesRepository(db);
  }

  list(ids?: string[]): Promise<SiteRow[]> {
    const query = this.db.select().from(sites).orderBy(asc(sites.name));
    return ids ? query.where(inArray(sites.id, ids)) : query;
  }

  async find(id: string): Promise<SiteRow | null> {
    const [row] = await this.db.select().from(sites).where(eq(sites.id, id));
    return row ?? null;
  }

  /** The site, locked until the transaction ends so concurrent settings saves take turns. */
  async findForUpdate(id: string): Promise<SiteRow | null> {
    const [row] = await this.db.select().from(sites).where(eq(sites.id, id)).for('update');
    return row ?? null;
  }

  async staging(): Promise<SiteRow> {
    const [row] = await this.db.select().from(sites).where(eq(sites.staging, true)).limit(1);
    if (!row) throw new Error('the staging site is missing; migrations or seed did not run');
    return row;
  }

  async deviceCounts(siteIds: string[]): Promise<Map<string, number>> {
    if (siteIds.length === 0) return new Map();
    const rows = await this.db
      .select({ siteId: devices.siteId, n: count() })
      .from(devices)
      .where(inArray(devices.siteId, siteIds))
      .groupBy(devices.siteId);
    return new Map(rows.map((row) => [row.siteId, row.n]));
  }

  async create(values: NewSite): Promise<SiteRow> {
    const [row] = await this.db.insert(sites).values(values).returning();
    return row!;
  }

  async update(id: string, changes: SiteChanges): Promise<SiteRow | null> {
    const [row] = await this.db
      .update(sites)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(sites.id, id))
      .returning();
    return row ?? null;
  }

  /**
   * Deleting a site hands its carts back to staging (spec §4 Admin), in one transaction: the site's rides,
   * bookings, payments, members, codes, zones, services and commands go with it by foreign key (ON DELETE
   * CASCADE), its activity log is deleted here (the column has no foreign key), and users, invites and API
   * clients lose it from their `sites` arrays. Either all of it happens or none. Answers the users who lost
   * it, or null when there was no such site.
   */
  async deleteToStaging(id: string, stagingId: string): Promise<string[] | null> {
    return this.db.transaction(async (tx) => {
      await tx
        .update(devices)
        .set({ siteId: stagingId, carNumber: null, updatedAt: sql`now()` })
        .where(eq(devices.siteId, id));
      const holding = (table: typeof users | typeof invites | typeof apiClients) =>
        sql`${id}::uuid = ANY(${table.sites})`;
      const losing = await tx
        .update(users)
        .set({ sites: sql`array_remove(${users.sites}, ${id}::uuid)` })
        .where(holding(users))
        .returning({ id: users.id });
      await tx
        .update(invites)
        .set({ sites: sql`array_remove(${invites.sites}, ${id}::uuid)` })
        .where(holding(invites));
      await tx
        .update(apiClients)
        .set({ sites: sql`array_remove(${apiClients.sites}, ${id}::uuid)`, updatedAt: sql`now()` })
        .where(holding(apiClients));
      await tx.delete(activity).where(eq(activity.siteId, id));
      const deleted = await tx.delete(sites).where(eq(sites.id, id)).returning({ id: sites.id });
      return deleted.length > 0 ? losing.map((user) => user.id) : null;
    });
  }
}
