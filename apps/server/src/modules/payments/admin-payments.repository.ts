import { and, asc, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AdminPaymentsQuery } from '@fairway/domain';
import type { DbExecutor } from '../../db/client';
import { countRows } from '../../lib/pagination';
import type { NewActivity } from '../../db/activity-entries';
import { activity } from '../../db/tables/activity';
import { payments } from '../../db/tables/payments';
import { sites } from '../../db/tables/sites';
import type { PaymentRow } from './payments.presenter';

const SORTS = {
  createdAt: payments.createdAt,
  total: payments.total,
  status: payments.status,
  site: sites.name,
} satisfies Record<AdminPaymentsQuery['sort'], unknown>;

/** The ledger of every site, for the platform admins (issue 21; the Revenue page's reads stay site-scoped). */
export class AdminPaymentsRepository {
  constructor(private readonly db: DbExecutor) {}

  in(db: DbExecutor): AdminPaymentsRepository {
    return new AdminPaymentsRepository(db);
  }

  /** `work` in one transaction: what it locks stays locked until it has decided and written. */
  atomically<T>(work: (repo: AdminPaymentsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(this.in(tx)));
  }

  /** One page of the payments matching `query`, with the total, in one statement (count(*) over the window). */
  async page(
    query: AdminPaymentsQuery,
  ): Promise<{ rows: Array<{ payment: PaymentRow; siteName: string }>; total: number }> {
    const order = query.dir === 'asc' ? asc : desc;
    const rows = await this.db
      .select({
        payment: payments,
        siteName: sites.name,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(payments)
      .innerJoin(sites, eq(sites.id, payments.siteId))
      .where(condition(query))
      .orderBy(order(SORTS[query.sort]), order(payments.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    const total =
      rows[0]?.total ?? (query.page > 1 ? await countRows(this.db, payments, condition(query)) : 0);
    return { rows: rows.map(({ payment, siteName }) => ({ payment, siteName })), total };
  }

  /** The payments among `ids` that exist, whatever their site. */
  find(ids: readonly string[]): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(inArray(payments.id, [...ids]));
  }

  /**
   * The same, each row locked for the rest of the transaction, in id order (as every other writer of many
   * rows takes them), so a webhook changing one of them waits or goes first, never in between.
   */
  lock(ids: readonly string[]): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(inArray(payments.id, [...ids]))
      .orderBy(asc(payments.id))
      .for('update');
  }

  async delete(ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await this.db
      .delete(payments)
      .where(inArray(payments.id, [...ids]))
      .returning({ id: payments.id });
    return rows.length;
  }

  async recordActivity(entries: NewActivity[]): Promise<void> {
    if (entries.length > 0) await this.db.insert(activity).values(entries);
  }
}

function condition(query: AdminPaymentsQuery): SQL | undefined {
  return and(
    query.siteId ? eq(payments.siteId, query.siteId) : undefined,
    query.start ? gte(payments.createdAt, new Date(query.start)) : undefined,
    query.end ? lt(payments.createdAt, new Date(query.end)) : undefined,
    query.status ? inArray(payments.status, query.status) : undefined,
    query.method ? eq(payments.method, query.method) : undefined,
    query.purpose ? eq(payments.purpose, query.purpose) : undefined,
  );
}
