import { and, desc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { CurrencyAmount, PaymentStatus } from '@fairway/domain';
import type { DbExecutor } from '../../db/client';
import type { PaymentRow } from './payments.presenter';
import { payments } from '../../db/tables/payments';

export type NewPayment = typeof payments.$inferInsert;
export type PaymentChanges = Partial<Omit<NewPayment, 'id' | 'siteId' | 'createdAt'>>;

export interface PaymentRange {
  start?: Date;
  end?: Date;
}

const inRange = (range: PaymentRange): SQL | undefined =>
  and(
    range.start ? gte(payments.createdAt, range.start) : undefined,
    range.end ? lt(payments.createdAt, range.end) : undefined,
  );

/** How far back the refund sweep looks for paid unlocks the cart never confirmed. */
const UNCONFIRMED_LOOKBACK_MS = 24 * 60 * 60_000;

/** The ledger; always read within one site, so another site's payment is not found. */
export class PaymentsRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The same queries inside a transaction the calling service runs (the composition root builds this one). */
  in(db: DbExecutor): PaymentsRepository {
    return new PaymentsRepository(db);
  }

  async insert(values: NewPayment): Promise<PaymentRow> {
    const [row] = await this.db.insert(payments).values(values).returning();
    return row!;
  }

  async delete(id: string): Promise<void> {
    await this.db.delete(payments).where(eq(payments.id, id));
  }

  async find(id: string): Promise<PaymentRow | null> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id));
    return row ?? null;
  }

  async findOfSite(siteId: string, id: string): Promise<PaymentRow | null> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, id), eq(payments.siteId, siteId)));
    return row ?? null;
  }

  async findBySession(checkoutSessionId: string): Promise<PaymentRow | null> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(eq(payments.checkoutSessionId, checkoutSessionId));
    return row ?? null;
  }

  /** The payment row locked for the rest of the transaction (webhooks and refunds change it one at a time). */
  async lock(id: string): Promise<PaymentRow | null> {
    return this.lockWhere(eq(payments.id, id));
  }

  async lockBySession(checkoutSessionId: string): Promise<PaymentRow | null> {
    return this.lockWhere(eq(payments.checkoutSessionId, checkoutSessionId));
  }

  async lockByIntent(paymentIntentId: string): Promise<PaymentRow | null> {
    return this.lockWhere(eq(payments.paymentIntentId, paymentIntentId));
  }

  private async lockWhere(condition: SQL): Promise<PaymentRow | null> {
    const [row] = await this.db.select().from(payments).where(condition).for('update');
    return row ?? null;
  }

  async update(id: string, changes: PaymentChanges): Promise<PaymentRow> {
    const [row] = await this.db
      .update(payments)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(payments.id, id))
      .returning();
    return row!;
  }

  /** Newest first, one page and the total in one query. */
  async page(
    siteId: string,
    query: PaymentRange & { status?: PaymentStatus; limit: number; offset: number },
  ): Promise<{ rows: PaymentRow[]; total: number }> {
    const where = and(
      eq(payments.siteId, siteId),
      inRange(query),
      query.status ? eq(payments.status, query.status) : undefined,
    );
    const rows = await this.db
      .select({ payment: payments, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(query.limit)
      .offset(query.offset);
    if (rows.length > 0 || query.offset === 0)
      return { rows: rows.map((row) => row.payment), total: rows[0]?.total ?? 0 };
    // Past the last page: the total still tells the client where the pages end.
    const [counted] = await this.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(payments)
      .where(where);
    return { rows: [], total: counted?.total ?? 0 };
  }

  /** The Revenue page's data cards: succeeded, unrefunded payments of the range, gross and net per currency. */
  async summary(
    siteId: string,
    range: PaymentRange,
  ): Promise<{ count: number; gross: CurrencyAmount[]; net: CurrencyAmount[] }> {
    const rows = await this.db
      .select({
        currency: payments.currency,
        count: sql<number>`count(*)`.mapWith(Number),
        gross: sql<number>`coalesce(sum(${payments.total}), 0)`.mapWith(Number),
        net: sql<number>`coalesce(sum(${payments.total} - ${payments.processingFee} - ${payments.applicationFee}), 0)`.mapWith(
          Number,
        ),
      })
      .from(payments)
      .where(and(eq(payments.siteId, siteId), eq(payments.status, 'succeeded'), inRange(range)))
      .groupBy(payments.currency)
      .orderBy(payments.currency);
    return {
      count: rows.reduce((sum, row) => sum + row.count, 0),
      gross: rows.map((row) => ({ currency: row.currency, amount: row.gross })),
      net: rows.map((row) => ({ currency: row.currency, amount: row.net })),
    };
  }

  /**
   * Paid rides whose cart has not confirmed the unlock by `paidBefore`: no ride started, or its ride is still
   * unconfirmed. These are refunded (issue #7: "a paid unlock the cart never confirms is refunded").
   */
  async unconfirmedRidePayments(paidBefore: Date, limit = 50): Promise<PaymentRow[]> {
    // Older payments are beyond any guest's wait: whatever happened to them is for an operator to judge.
    const oldest = new Date(paidBefore.getTime() - UNCONFIRMED_LOOKBACK_MS);
    return this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'succeeded'),
          eq(payments.purpose, 'ride'),
          isNull(payments.refundedAt),
          lt(payments.succeededAt, paidBefore),
          gte(payments.succeededAt, oldest),
          sql`NOT EXISTS (SELECT 1 FROM rides WHERE rides.payment_id = ${payments.id} AND rides.confirmed)`,
        ),
      )
      .orderBy(payments.succeededAt)
      .limit(limit);
  }

  /** Paid rides that have no ride yet (the process stopped between the webhook and the unlock). */
  async paidRidesWithoutRide(paidAfter: Date, limit = 50): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'succeeded'),
          eq(payments.purpose, 'ride'),
          isNull(payments.refundedAt),
          isNull(payments.rideId),
          gte(payments.succeededAt, paidAfter),
        ),
      )
      .limit(limit);
  }
}
