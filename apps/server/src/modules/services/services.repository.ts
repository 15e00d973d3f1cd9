import { and, asc, eq, getTableColumns, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { folded } from '../../lib/caseless-text';
import { sites } from '../../db/tables/sites';
import { userGroups } from '../../db/tables/user-groups';
import type { DbExecutor } from '../../db/client';
import type { PriceWithGroup, ServiceRow, ServiceWithCurrency } from './services.presenter';
import { prices, services } from '../../db/tables/services';

export type ServiceFields = Pick<typeof services.$inferInsert, 'name' | 'duration'>;
export type PriceFields = Pick<
  typeof prices.$inferInsert,
  'name' | 'amount' | 'credits' | 'description' | 'userGroupId' | 'availableTimes'
>;

/** Arbitrary constant: the advisory-lock namespace of service names (the key is the site id's hash). */
const SERVICE_NAMES_LOCK = 7_421_003;

/** Services are always read and written within one site, so another site's service id is not found. */
export class ServicesRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The same queries inside a transaction the calling service runs (the composition root builds this one). */
  in(db: DbExecutor): ServicesRepository {
    return new ServicesRepository(db);
  }

  /** The site's services (or one), with the site's currency, by name as people read it. */
  listWithCurrency(siteId: string, id?: string): Promise<ServiceWithCurrency[]> {
    return this.db
      .select({ ...getTableColumns(services), currency: sites.currency })
      .from(services)
      .innerJoin(sites, eq(sites.id, services.siteId))
      .where(and(eq(services.siteId, siteId), id ? eq(services.id, id) : undefined))
      .orderBy(asc(folded(services.name)), asc(services.name), asc(services.id));
  }

  /** The prices of the site's services (or of one) in one pass: guest prices first, then by group and name. */
  pricesOf(siteId: string, serviceId?: string): Promise<PriceWithGroup[]> {
    return this.db
      .select({ ...getTableColumns(prices), userGroupName: userGroups.name })
      .from(prices)
      .innerJoin(services, eq(services.id, prices.serviceId))
      .leftJoin(userGroups, eq(userGroups.id, prices.userGroupId))
      .where(and(eq(services.siteId, siteId), serviceId ? eq(prices.serviceId, serviceId) : undefined))
      .orderBy(
        sql`${userGroups.name} is not null`,
        asc(folded(userGroups.name)),
        asc(folded(prices.name)),
        asc(prices.id),
      );
  }

  /**
   * Read with a share lock: a currency change (which locks the site for update) waits for price saves in
   * flight and they wait for it, so no price is saved against a currency that is being replaced.
   */
  async siteCurrency(siteId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ currency: sites.currency })
      .from(sites)
      .where(eq(sites.id, siteId))
      .for('share');
    return row?.currency ?? null;
  }

  /** The site's prices that are not free and below `minimumMinor`, named 'service – price'. */
  async pricesBelow(siteId: string, minimumMinor: number): Promise<string[]> {
    const rows = await this.db
      .select({ service: services.name, price: prices.name })
      .from(prices)
      .innerJoin(services, eq(services.id, prices.serviceId))
      .where(
        and(eq(services.siteId, siteId), sql`${prices.amount} > 0 and ${prices.amount} < ${minimumMinor}`),
      )
      .orderBy(asc(services.name), asc(prices.name));
    return rows.map((row) => `${row.service} – ${row.price}`);
  }

  /**
   * Serialises the site's service creates and renames until the transaction ends. Names have no unique
   * index (they are unique regardless of case), so without it two saves of one name could both pass the check.
   */
  async lockNames(siteId: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(${SERVICE_NAMES_LOCK}, hashtext(${siteId}))`);
  }

  /** Case-insensitive, like user groups; `exceptId` skips the service renamed. */
  async nameTaken(siteId: string, name: string, exceptId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: services.id })
      .from(services)
      .where(
        and(
          eq(services.siteId, siteId),
          sql`${folded(services.name)} = ${folded(sql`${name}`)}`,
          exceptId ? ne(services.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** The service, locked so concurrent saves of its price list take turns; null when not the site's. */
  async findForUpdate(siteId: string, id: string): Promise<ServiceRow | null> {
    const [row] = await this.db
      .select()
      .from(services)
      .where(and(eq(services.siteId, siteId), eq(services.id, id)))
      .for('update');
    return row ?? null;
  }

  async insertService(siteId: string, fields: ServiceFields): Promise<ServiceRow> {
    const [row] = await this.db
      .insert(services)
      .values({ siteId, ...fields })
      .returning();
    return row!;
  }

  async updateService(id: string, changes: Partial<ServiceFields>): Promise<void> {
    await this.db
      .update(services)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(services.id, id));
  }

  /** Its prices go with it (foreign key); rides keep their record without the link. */
  async deleteService(siteId: string, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(services)
      .where(and(eq(services.siteId, siteId), eq(services.id, id)))
      .returning({ id: services.id });
    return rows.length > 0;
  }

  /**
   * Which of `ids` are the site's user groups, key-share locked until the transaction ends so a group cannot
   * be deleted between this check and the prices written for it.
   */
  async lockSiteGroups(siteId: string, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(and(eq(userGroups.siteId, siteId), inArray(userGroups.id, ids)))
      .for('key share');
    return rows.map((row) => row.id);
  }

  async priceIdsOf(serviceId: string): Promise<string[]> {
    const rows = await this.db.select({ id: prices.id }).from(prices).where(eq(prices.serviceId, serviceId));
    return rows.map((row) => row.id);
  }

  async deletePricesExcept(serviceId: string, keepIds: string[]): Promise<void> {
    await this.db
      .delete(prices)
      .where(
        and(eq(prices.serviceId, serviceId), keepIds.length ? notInArray(prices.id, keepIds) : undefined),
      );
  }

  async updatePrice(serviceId: string, id: string, fields: PriceFields): Promise<void> {
    await this.db
      .update(prices)
      .set(fields)
      .where(and(eq(prices.serviceId, serviceId), eq(prices.id, id)));
  }

  async insertPrices(serviceId: string, rows: PriceFields[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insert(prices).values(rows.map((fields) => ({ serviceId, ...fields })));
  }
}
