import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { zones } from '../../db/tables/zones';
import type { ZoneRow } from './zones.presenter';

export type NewZone = Pick<typeof zones.$inferInsert, 'siteId' | 'type' | 'color' | 'geometry'>;
export type ZoneChanges = Partial<Pick<NewZone, 'type' | 'color' | 'geometry'>>;

/** Zones are always read and written within one site, so another site's zone id simply is not found. */
export class ZonesRepository {
  constructor(private readonly db: Db) {}

  listBySite(siteId: string): Promise<ZoneRow[]> {
    return this.db
      .select()
      .from(zones)
      .where(eq(zones.siteId, siteId))
      .orderBy(asc(zones.createdAt), asc(zones.id));
  }

  async find(siteId: string, id: string): Promise<ZoneRow | null> {
    const [row] = await this.db
      .select()
      .from(zones)
      .where(and(eq(zones.siteId, siteId), eq(zones.id, id)));
    return row ?? null;
  }

  async insert(values: NewZone): Promise<ZoneRow> {
    const [row] = await this.db.insert(zones).values(values).returning();
    return row!;
  }

  async update(siteId: string, id: string, changes: ZoneChanges): Promise<ZoneRow | null> {
    const [row] = await this.db
      .update(zones)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(zones.siteId, siteId), eq(zones.id, id)))
      .returning();
    return row ?? null;
  }

  async delete(siteId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(zones)
      .where(and(eq(zones.siteId, siteId), eq(zones.id, id)))
      .returning({ id: zones.id });
    return rows.length > 0;
  }
}
