import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { apiClients } from '../../db/tables/api-clients';
import { devices } from '../../db/tables/devices';
import { sites } from '../../db/tables/sites';

export type ApiClientRow = typeof apiClients.$inferSelect;
export type ApiClientChanges = Partial<Pick<ApiClientRow, 'name' | 'sites' | 'keyHash' | 'keyPreview'>>;

/** Counted uses of one client since the last flush. */
export interface UsageDelta {
  clientId: string;
  count: number;
  lastUsedAt: Date;
}

/** API clients (spec §3 Client) and what the client API reads of sites and carts. */
export class ApiClientsRepository {
  constructor(private readonly db: DbExecutor) {}

  list(): Promise<ApiClientRow[]> {
    return this.db.select().from(apiClients).orderBy(asc(apiClients.name), asc(apiClients.id));
  }

  async find(id: string): Promise<ApiClientRow | null> {
    const [row] = await this.db.select().from(apiClients).where(eq(apiClients.id, id));
    return row ?? null;
  }

  /** The client holding the key with this SHA-256 (a unique index: one probe, whatever the number of clients). */
  async findByKeyHash(keyHash: string): Promise<Pick<ApiClientRow, 'id' | 'name' | 'sites'> | null> {
    const [row] = await this.db
      .select({ id: apiClients.id, name: apiClients.name, sites: apiClients.sites })
      .from(apiClients)
      .where(eq(apiClients.keyHash, keyHash));
    return row ?? null;
  }

  async insert(
    values: Pick<ApiClientRow, 'name' | 'sites' | 'keyHash' | 'keyPreview'>,
  ): Promise<ApiClientRow> {
    const [row] = await this.db.insert(apiClients).values(values).returning();
    return row!;
  }

  async update(id: string, changes: ApiClientChanges): Promise<ApiClientRow | null> {
    const [row] = await this.db
      .update(apiClients)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(apiClients.id, id))
      .returning();
    return row ?? null;
  }

  async delete(id: string): Promise<boolean> {
    const rows = await this.db
      .delete(apiClients)
      .where(eq(apiClients.id, id))
      .returning({ id: apiClients.id });
    return rows.length > 0;
  }

  /** Adds counted uses in one statement; a client deleted meanwhile is simply skipped. */
  async addUsage(deltas: UsageDelta[]): Promise<void> {
    if (deltas.length === 0) return;
    const rows = JSON.stringify(
      deltas.map((delta) => ({ id: delta.clientId, n: delta.count, t: delta.lastUsedAt.toISOString() })),
    );
    await this.db.execute(sql`
      update ${apiClients} as c
      set usage_count = c.usage_count + v.n,
          last_used_at = greatest(c.last_used_at, v.t)
      from jsonb_to_recordset(${rows}::jsonb) as v(id uuid, n int, t timestamptz)
      where c.id = v.id`);
  }

  /** Which of `ids` name no site (the staging site is no club: it counts as unknown). */
  async unknownSites(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: sites.id })
      .from(sites)
      .where(sql`${inArray(sites.id, ids)} and not ${sites.staging}`);
    const known = new Set(rows.map((row) => row.id));
    return ids.filter((id) => !known.has(id));
  }

  /** The client API's view of sites: those of `ids` that still exist, by name. */
  sites(ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select({ id: sites.id, name: sites.name, timezone: sites.timezone, currency: sites.currency })
      .from(sites)
      .where(inArray(sites.id, ids))
      .orderBy(asc(sites.name), asc(sites.id));
  }

  /** The site's carts as a booking system sees them (the service sorts them by number). */
  carts(siteId: string) {
    return this.db
      .select({
        id: devices.id,
        carNumber: devices.carNumber,
        carName: devices.carName,
        bookableOnline: devices.bookableOnline,
        inService: devices.inService,
      })
      .from(devices)
      .where(eq(devices.siteId, siteId));
  }
}
