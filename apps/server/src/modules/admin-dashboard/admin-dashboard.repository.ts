import { sql, type SQL } from 'drizzle-orm';
import { LIMITS, type DashboardBucket } from '@fairway/domain';
import type { DbExecutor } from '../../db/client';

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
  constructor(private readonly db: DbExecutor) {}

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
   * Whole UTC days and hours come from the rollups, the rest of the range from the bookings ({@link pieces}).
   */
  async bookings(scope: DashboardScope): Promise<BookingBucketRow[]> {
    const { rows } = await this.withoutJit<{ date: string; count: string; cancelled: string }>(sql`
      WITH ${pieces(scope)},
      counted AS (
        SELECT i, sum(n) AS n, sum(cancelled) AS cancelled FROM (
          SELECT p.i, r.booked AS n, r.cancelled
          FROM pieces p JOIN dashboard_booking_days r ON r.day >= p.lo AND r.day < p.hi
          WHERE p.kind = 'day' AND ${rollupScope(scope)}
          UNION ALL
          SELECT p.i, r.booked, r.cancelled
          FROM pieces p JOIN dashboard_booking_hours r ON r.hour >= p.lo AND r.hour < p.hi
          WHERE p.kind = 'hour' AND ${rollupScope(scope)}
          UNION ALL
          -- Per piece and site, so each reads a few rows of the site's (site_id, start) index. OFFSET 0 keeps
          -- PostgreSQL from flattening this into a join that scans the index for the range across all sites.
          SELECT p.i, (b.status <> 'cancelled')::int, (b.status = 'cancelled')::int
          FROM pieces p
          JOIN sites s ON ${scope.siteId === null ? sql`true` : sql`s.id = ${scope.siteId}`}
          CROSS JOIN LATERAL (
            SELECT b.status FROM bookings b
            WHERE b.site_id = s.id AND b.start >= p.lo AND b.start < p.hi
              AND b.booking_type <> 'cart_maintenance'
              AND b.status IN ('confirmed', 'payment_pending', 'no_show', 'cancelled')
            OFFSET 0
          ) AS b
          WHERE p.kind = 'base'
        ) AS rows
        GROUP BY i
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
   * the range gets every bucket). A refunded payment is money returned and is left out. Whole UTC days and
   * hours come from the rollups, the rest of the range from the payments ({@link pieces}); a rollup row
   * whose payments were all refunded reads zero and does not make its currency "paid".
   */
  async payments(scope: DashboardScope): Promise<PaymentBucketRow[]> {
    const { rows } = await this.withoutJit<{ date: string; currency: string; amount: string; n: string }>(sql`
      WITH ${pieces(scope)},
      paid AS (
        SELECT i, currency, sum(amount) AS amount, sum(n) AS n FROM (
          SELECT p.i, r.currency, r.amount, r.count AS n
          FROM pieces p JOIN dashboard_payment_days r ON r.day >= p.lo AND r.day < p.hi
          WHERE p.kind = 'day' AND ${rollupScope(scope)}
          UNION ALL
          SELECT p.i, r.currency, r.amount, r.count
          FROM pieces p JOIN dashboard_payment_hours r ON r.hour >= p.lo AND r.hour < p.hi
          WHERE p.kind = 'hour' AND ${rollupScope(scope)}
          UNION ALL
          -- Each piece's paid rows of every site through the partial index on succeeded_at (minutes' worth),
          -- then the scope's: OFFSET 0 keeps the site out of the scan, where PostgreSQL preferred the
          -- (site_id, created_at) index and read all of the site's payments per piece (1.1 s, bench).
          SELECT p.i, b.currency, b.total, 1
          FROM pieces p
          CROSS JOIN LATERAL (
            SELECT b.site_id, b.currency, b.total FROM payments b
            WHERE b.succeeded_at >= p.lo AND b.succeeded_at < p.hi
              AND b.status = 'succeeded' AND b.refunded_at IS NULL
            OFFSET 0
          ) AS b
          WHERE p.kind = 'base' ${scope.siteId === null ? sql`` : sql`AND b.site_id = ${scope.siteId}`}
        ) AS rows
        GROUP BY 1, 2
        HAVING sum(n) > 0
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

  /**
   * Runs a statement with PostgreSQL's JIT compilation off. The planner cannot see the pieces' bounds, so it
   * guesses their joins at a large share of the tables, and the guessed cost passes `jit_above_cost` while
   * the statement reads a few thousand rollup rows: compiling took 60–80 ms of a 1–60 ms statement
   * (bench/admin-dashboard.ts, docs/performance.md).
   */
  private withoutJit<T extends Record<string, unknown>>(statement: SQL) {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL jit = off`);
      return tx.execute<T>(statement);
    });
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

/**
 * The range cut into pieces that each lie in one bucket and say where their rows are counted
 * (docs/decisions.md "Admin dashboard rollups"): `kind` 'day' = whole UTC days, read from the day rollups;
 * 'hour' = whole UTC hours, from the hour rollups; 'base' = what is left at the edges, from the bookings or
 * payments themselves. `[lo, hi)` is the piece, `i` its bucket.
 *
 * The range is first cut at `from`, `to` and every bucket start between them into spans of one bucket each.
 * A span's whole UTC days go to the day rollups, its whole hours around them to the hour rollups, and the
 * part of an hour at either end to the base table. A year by month so reads a few hundred day rows per
 * site; a zone whose midnight is not on a UTC hour (India's, Nepal's, or a range not starting on one) reads
 * the minutes between its bucket edge and the UTC hour from the base table, so every zone gets the same
 * exact answer the base tables alone would give.
 */
function pieces(scope: DashboardScope): SQL {
  const from = sql`${scope.from.toISOString()}::timestamptz`;
  const to = sql`${scope.to.toISOString()}::timestamptz`;
  return sql`${buckets(scope)},
  cuts AS (
    SELECT ${from} AS t
    UNION SELECT ${to}
    UNION SELECT e.t FROM unnest((SELECT at FROM edges)) AS e(t) WHERE e.t > ${from} AND e.t < ${to}
  ),
  spans AS (
    SELECT width_bucket(a, (SELECT at FROM edges)) AS i, a, b,
           date_trunc('hour', a - interval '1 microsecond', 'UTC') + interval '1 hour' AS ha,
           date_trunc('hour', b, 'UTC') AS hb,
           date_trunc('day', a - interval '1 microsecond', 'UTC') + interval '24 hours' AS da,
           date_trunc('day', b, 'UTC') AS db
    FROM (SELECT t AS a, lead(t) OVER (ORDER BY t) AS b FROM cuts) AS c
    WHERE b IS NOT NULL
  ),
  pieces AS (
    SELECT s.i, p.kind, p.lo, p.hi
    FROM spans s CROSS JOIN LATERAL (VALUES
      ('day', s.da, s.db),
      ('hour', s.ha, CASE WHEN s.da < s.db THEN s.da ELSE s.hb END),
      ('hour', CASE WHEN s.da < s.db THEN s.db ELSE s.hb END, s.hb),
      ('base', s.a, CASE WHEN s.ha < s.hb THEN s.ha ELSE s.b END),
      ('base', CASE WHEN s.ha < s.hb THEN s.hb ELSE s.b END, s.b)
    ) AS p(kind, lo, hi)
    WHERE p.lo < p.hi
  )`;
}

/** A rollup row `r` in scope: All Sites sums every site's (the base tables' All Sites counts them all too). */
function rollupScope(scope: DashboardScope): SQL {
  return scope.siteId === null ? sql`true` : sql`r.site_id = ${scope.siteId}`;
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
