import { sql, type SQL } from 'drizzle-orm';
import { LIMITS, type DashboardBucket } from '@fairway/domain';
import type { Db } from '../../db/client';

/** What every dashboard query is asked: the scope (one site or all) and the range, bucketed in a zone. */
export interface DashboardScope {
  /** null = All Sites */
  siteId: string | null;
  from: Date;
  to: Date;
  timeZone: string;
  bucket: DashboardBucket;
}

export interface SiteDevicesRow {
  id: string;
  name: string;
  centerLatLong: string;
  online: number;
  offline: number;
}

export interface CartRow {
  id: string;
  carNumber: string | null;
  siteId: string;
  online: boolean;
  lat: number | null;
  lng: number | null;
}

export interface CountBucketRow {
  date: string;
  count: number;
}

export interface BookingBucketRow extends CountBucketRow {
  cancelled: number;
}

export interface PaymentBucketRow {
  date: string;
  currency: string;
  amount: number;
  count: number;
}

/**
 * The online rule of the fleet, in SQL: the broker says connected AND a report arrived within
 * `LIMITS.offlineAfterSeconds` (devices.presenter.ts `toCartView`, where the same rule makes `onlineStatus`).
 */
const ONLINE = sql`(d.online AND d.last_report_at > now() - make_interval(secs => ${LIMITS.offlineAfterSeconds}))`;

/**
 * The platform dashboard's figures (spec §2 Admin → Dashboard), each aggregated by PostgreSQL in one
 * statement: the buckets are the range's days or months in the browser's time zone (`date_trunc` on the
 * local time `AT TIME ZONE` gives), and `generate_series` lists every bucket so that empty ones read zero.
 */
export class AdminDashboardRepository {
  constructor(private readonly db: Db) {}

  async siteExists(siteId: string): Promise<boolean> {
    const { rows } = await this.db.execute(sql`SELECT 1 FROM sites WHERE id = ${siteId}`);
    return rows.length > 0;
  }

  /** Per site in scope, its carts online and offline; All Sites leaves the staging site out. */
  async siteDevices(siteId: string | null): Promise<SiteDevicesRow[]> {
    const { rows } = await this.db.execute<{
      id: string;
      name: string;
      center_lat_long: string;
      online: string;
      total: string;
    }>(sql`
      SELECT s.id, s.name, s.center_lat_long,
             count(d.id) FILTER (WHERE ${ONLINE}) AS online, count(d.id) AS total
      FROM sites s LEFT JOIN devices d ON d.site_id = s.id
      WHERE ${siteId === null ? sql`NOT s.staging` : sql`s.id = ${siteId}`}
      GROUP BY s.id
      ORDER BY s.name, s.id`);
    return rows.map((row) => {
      const online = Number(row.online);
      return {
        id: row.id,
        name: row.name,
        centerLatLong: row.center_lat_long,
        online,
        offline: Number(row.total) - online,
      };
    });
  }

  /** The carts of one site with their last position, for the map. */
  async carts(siteId: string): Promise<CartRow[]> {
    const { rows } = await this.db.execute<{
      id: string;
      car_number: string | null;
      site_id: string;
      online: boolean;
      lat: number | null;
      lng: number | null;
    }>(sql`
      SELECT d.id, d.car_number, d.site_id, ${ONLINE} AS online, d.lat, d.lng
      FROM devices d
      WHERE d.site_id = ${siteId}
      ORDER BY d.car_number NULLS LAST, d.id`);
    return rows.map((row) => ({
      id: row.id,
      carNumber: row.car_number,
      siteId: row.site_id,
      online: row.online,
      lat: row.lat,
      lng: row.lng,
    }));
  }

  /** Profiles in scope (a site's: linked to one of its members) and those created per bucket. */
  async profiles(scope: DashboardScope): Promise<{ total: number; series: CountBucketRow[] }> {
    const inScope =
      scope.siteId === null
        ? sql`true`
        : sql`EXISTS (SELECT 1 FROM members m WHERE m.profile_id = p.id AND m.site_id = ${scope.siteId})`;
    const { rows } = await this.db.execute<{ date: string; count: string; total: string }>(sql`
      WITH ${buckets(scope)},
      scoped AS (SELECT p.created_at FROM profiles p WHERE ${inScope}),
      created AS (
        SELECT ${bucketIndex(sql`created_at`)} AS i, count(*) AS n
        FROM scoped WHERE ${inRange(sql`created_at`, scope)}
        GROUP BY 1
      )
      SELECT to_char(k.bucket, 'YYYY-MM-DD') AS date, coalesce(c.n, 0) AS count,
             (SELECT count(*) FROM scoped) AS total
      FROM buckets k LEFT JOIN created c ON c.i = k.i
      ORDER BY k.bucket`);
    return {
      total: Number(rows[0]?.total ?? 0),
      series: rows.map((row) => ({ date: row.date, count: Number(row.count) })),
    };
  }

  /**
   * Guest bookings (not maintenance blocks) by their start, per bucket: the live ones (confirmed, awaiting
   * payment, no-show) and the cancelled ones apart; failed checkouts never were bookings and count nowhere.
   */
  async bookings(scope: DashboardScope): Promise<BookingBucketRow[]> {
    const { rows } = await this.db.execute<{ date: string; count: string; cancelled: string }>(sql`
      WITH ${buckets(scope)},
      counted AS (
        SELECT ${bucketIndex(sql`b.start`)} AS i,
               count(*) FILTER (WHERE b.status <> 'cancelled') AS n,
               count(*) FILTER (WHERE b.status = 'cancelled') AS cancelled
        FROM ${scopedTable(sql`bookings`, scope)}
        WHERE b.booking_type <> 'cart_maintenance'
          AND b.status IN ('confirmed', 'payment_pending', 'no_show', 'cancelled')
          AND ${inRange(sql`b.start`, scope)}
        GROUP BY 1
      )
      SELECT to_char(k.bucket, 'YYYY-MM-DD') AS date, coalesce(c.n, 0) AS count,
             coalesce(c.cancelled, 0) AS cancelled
      FROM buckets k LEFT JOIN counted c ON c.i = k.i
      ORDER BY k.bucket`);
    return rows.map((row) => ({
      date: row.date,
      count: Number(row.count),
      cancelled: Number(row.cancelled),
    }));
  }

  /**
   * Succeeded payments by the time they were paid, summed per bucket and currency (every currency paid in
   * the range gets every bucket). A refunded payment is money returned and is left out.
   */
  async payments(scope: DashboardScope): Promise<PaymentBucketRow[]> {
    const { rows } = await this.db.execute<{ date: string; currency: string; amount: string; n: string }>(sql`
      WITH ${buckets(scope)},
      paid AS (
        SELECT ${bucketIndex(sql`b.succeeded_at`)} AS i, b.currency,
               sum(b.total) AS amount, count(*) AS n
        FROM ${scopedTable(sql`payments`, scope)}
        WHERE b.status = 'succeeded' AND b.refunded_at IS NULL AND ${inRange(sql`b.succeeded_at`, scope)}
        GROUP BY 1, 2
      ),
      currencies AS (SELECT DISTINCT currency FROM paid)
      SELECT to_char(k.bucket, 'YYYY-MM-DD') AS date, c.currency,
             coalesce(p.amount, 0) AS amount, coalesce(p.n, 0) AS n
      FROM buckets k CROSS JOIN currencies c
      LEFT JOIN paid p ON p.i = k.i AND p.currency = c.currency
      ORDER BY k.bucket, c.currency`);
    return rows.map((row) => ({
      date: row.date,
      currency: row.currency,
      amount: Number(row.amount),
      count: Number(row.n),
    }));
  }
}

/**
 * The range's buckets: `bucket` their first day as a local timestamp, `i` their position (from 1), and
 * `edges` the instants they start at. The last bucket holds the instant just before `to`.
 */
function buckets(scope: DashboardScope): SQL {
  const step = `1 ${scope.bucket}`;
  return sql`buckets AS (
    SELECT bucket, row_number() OVER (ORDER BY bucket) AS i
    FROM generate_series(
      ${bucketOf(sql`${scope.from.toISOString()}::timestamptz`, scope)},
      ${bucketOf(sql`(${scope.to.toISOString()}::timestamptz - interval '1 microsecond')`, scope)},
      ${step}::interval
    ) AS bucket
  ),
  edges AS (SELECT array_agg(bucket AT TIME ZONE ${scope.timeZone}::text ORDER BY bucket) AS at FROM buckets)`;
}

/** The local day or month an instant falls in, by the wall clock of `timeZone`. */
function bucketOf(instant: SQL, scope: DashboardScope): SQL {
  return sql`date_trunc(${scope.bucket}::text, ${instant} AT TIME ZONE ${scope.timeZone}::text)`;
}

/**
 * The position of the bucket a row's instant falls in: a binary search in the buckets' start instants,
 * so the millions of rows of a long range are not each converted to local time (bench: 4 s → see
 * docs/performance.md for a year of 200 sites).
 */
function bucketIndex(instant: SQL): SQL {
  return sql`width_bucket(${instant}, (SELECT at FROM edges))`;
}

function inRange(instant: SQL, scope: DashboardScope): SQL {
  return sql`${instant} >= ${scope.from.toISOString()}::timestamptz AND ${instant} < ${scope.to.toISOString()}::timestamptz`;
}

/**
 * `table AS b`, limited to the scope. For All Sites the rows are reached through the sites, so PostgreSQL
 * can walk each site's (site_id, time) index for a short range instead of reading the whole table.
 */
function scopedTable(table: SQL, scope: DashboardScope): SQL {
  return scope.siteId === null
    ? sql`sites s JOIN ${table} b ON b.site_id = s.id`
    : sql`${table} b JOIN sites s ON s.id = b.site_id AND s.id = ${scope.siteId}`;
}
