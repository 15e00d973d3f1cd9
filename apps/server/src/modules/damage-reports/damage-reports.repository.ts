import { and, asc, count, desc, eq, gte, min, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { activity } from '../../db/tables/activity';
import { bookings } from '../../db/tables/bookings';
import { damageReports } from '../../db/tables/damage-reports';
import { devices } from '../../db/tables/devices';
import { sites } from '../../db/tables/sites';
import { users } from '../../db/tables/users';

export type DamageReportRow = typeof damageReports.$inferSelect;
export type NewDamageReport = typeof damageReports.$inferInsert;

/** A report with what the staff list shows beside it. */
export interface DamageReportListing extends DamageReportRow {
  carNumber: string | null;
  /** the email of the staff member who resolved it (users have no display name) */
  resolverEmail: string | null;
}

/** The cart a guest reports about, with its site. */
export interface ReportedCart {
  deviceId: string;
  siteId: string;
  carNumber: string | null;
  serial: string;
  /** carts of the staging site are not at a club yet: guests cannot see them */
  staging: boolean;
}

/** How many reports a cart or an address made since an instant, and when the oldest of them came. */
export interface ReportCount {
  count: number;
  oldest: Date | null;
}

export interface DamageActivity {
  deviceId: string;
  siteId: string;
  type: 'damage_reported' | 'damage_report_resolved';
  message: string;
  data: Record<string, unknown>;
}

const listing = {
  report: damageReports,
  carNumber: devices.carNumber,
  resolverEmail: users.email,
};
const flatten = (row: {
  report: DamageReportRow;
  carNumber: string | null;
  resolverEmail: string | null;
}): DamageReportListing => ({ ...row.report, carNumber: row.carNumber, resolverEmail: row.resolverEmail });

/** Damage reports are read within one site: another site's report or cart is simply not found. */
export class DamageReportsRepository {
  constructor(private readonly db: DbExecutor) {}

  in(db: DbExecutor): DamageReportsRepository {
    return new DamageReportsRepository(db);
  }

  /** `work` in a transaction; the transaction itself is handed on for other modules' writes in it. */
  atomically<T>(work: (repo: DamageReportsRepository, tx: DbExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(this.in(tx), tx));
  }

  async cart(deviceId: string): Promise<ReportedCart | null> {
    const [row] = await this.db
      .select({
        deviceId: devices.id,
        siteId: devices.siteId,
        carNumber: devices.carNumber,
        serial: devices.serial,
        staging: sites.staging,
      })
      .from(devices)
      .innerJoin(sites, eq(sites.id, devices.siteId))
      .where(eq(devices.id, deviceId));
    return row ?? null;
  }

  /** A cart of the site (staff lists): another site's cart is not found. */
  async siteCart(siteId: string, deviceId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.siteId, siteId), eq(devices.id, deviceId)));
    return row !== undefined;
  }

  /**
   * Serialises the reports about one cart and from one address until the transaction ends, so two reports
   * sent at once are counted one after the other (a transaction-scoped advisory lock: nothing to release,
   * and the cart's row, which the telemetry writer updates all the time, stays unlocked). Always the cart
   * first, then the address, so two transactions never wait for each other in a circle.
   */
  async serialise(deviceId: string, reporterHash: string): Promise<void> {
    await this.db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`damage-report:cart:${deviceId}`}, 0))`,
    );
    await this.db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`damage-report:address:${reporterHash}`}, 0))`,
    );
  }

  async countSince(
    where: { deviceId: string } | { reporterHash: string },
    since: Date,
  ): Promise<ReportCount> {
    const [row] = await this.db
      .select({ count: count(), oldest: min(damageReports.createdAt) })
      .from(damageReports)
      .where(
        and(
          'deviceId' in where
            ? eq(damageReports.deviceId, where.deviceId)
            : eq(damageReports.reporterHash, where.reporterHash),
          gte(damageReports.createdAt, since),
        ),
      );
    return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
  }

  async insert(values: NewDamageReport): Promise<DamageReportRow> {
    const [row] = await this.db.insert(damageReports).values(values).returning();
    return row!;
  }

  private listingQuery() {
    return this.db
      .select(listing)
      .from(damageReports)
      .innerJoin(devices, eq(devices.id, damageReports.deviceId))
      .leftJoin(users, eq(users.id, damageReports.resolvedBy));
  }

  async find(siteId: string, id: string): Promise<DamageReportListing | null> {
    const [row] = await this.listingQuery().where(
      and(eq(damageReports.siteId, siteId), eq(damageReports.id, id)),
    );
    return row ? flatten(row) : null;
  }

  /** A cart's reports: open ones first, each group newest first. */
  async listForCart(siteId: string, deviceId: string, limit: number): Promise<DamageReportListing[]> {
    const rows = await this.listingQuery()
      .where(and(eq(damageReports.siteId, siteId), eq(damageReports.deviceId, deviceId)))
      .orderBy(
        sql`${damageReports.status} = 'open' desc`,
        desc(damageReports.createdAt),
        asc(damageReports.id),
      )
      .limit(limit);
    return rows.map(flatten);
  }

  /** The site's open reports, newest first (the fleet's badges). */
  async listOpen(siteId: string): Promise<DamageReportListing[]> {
    const rows = await this.listingQuery()
      .where(and(eq(damageReports.siteId, siteId), eq(damageReports.status, 'open')))
      .orderBy(desc(damageReports.createdAt), asc(damageReports.id));
    return rows.map(flatten);
  }

  /** Marks an open report resolved; null when it is not open (any more). The row stays locked till commit. */
  async resolve(siteId: string, id: string, userId: string, now: Date): Promise<DamageReportRow | null> {
    const [row] = await this.db
      .update(damageReports)
      .set({ status: 'resolved', resolvedBy: userId, resolvedAt: now })
      .where(
        and(eq(damageReports.siteId, siteId), eq(damageReports.id, id), eq(damageReports.status, 'open')),
      )
      .returning();
    return row ?? null;
  }

  /** Whether another report still open points at the block (it keeps the cart out of use). */
  async blockStillReported(blockId: string, exceptId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: damageReports.id })
      .from(damageReports)
      .where(
        and(
          eq(damageReports.blockId, blockId),
          eq(damageReports.status, 'open'),
          ne(damageReports.id, exceptId),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /**
   * Whether a report opened the block rather than joining one staff had made: the two are written in one
   * transaction with the same instant (`ReportBlocks.open`).
   */
  async blockOpenedByReport(blockId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: damageReports.id })
      .from(damageReports)
      .innerJoin(bookings, eq(bookings.id, damageReports.blockId))
      .where(and(eq(damageReports.blockId, blockId), eq(damageReports.createdAt, bookings.createdAt)))
      .limit(1);
    return row !== undefined;
  }

  /** The device activity log the admins read (docs/activity-log.md). */
  async recordActivity(entry: DamageActivity): Promise<void> {
    await this.db.insert(activity).values(entry);
  }
}
