import { sql } from 'drizzle-orm';
import {
  MAX_RIDE_SECONDS,
  MIN_DURATIONS_FOR_OUTLIERS,
  OUTLIER_IQR_FACTOR,
  type RideType,
  type UsageGrouping,
} from '@fairway/domain';
import type { Db } from '../../db/client';

export interface UsageFilter {
  siteId: string;
  timezone: string;
  /** [start, end) on the ride's (and the booking's) start */
  start: Date;
  end: Date;
  /** the site days the range covers, 'YYYY-MM-DD', for the empty buckets */
  firstDay: string;
  lastDay: string;
  grouping: UsageGrouping;
  deviceId: string | null;
  /** ride types of the origin filter; null: every ride */
  types: readonly RideType[] | null;
}

/** weekday (0 = Monday) × hour of the site's clock, and the count there */
export type HeatCell = [weekday: number, hour: number, count: number];

export interface UsageAggregates {
  rounds: number;
  average: number | null;
  counted: number;
  /** rounds with a known length (> 0 s): counted + outliers */
  known: number;
  usage: Array<[period: string, rounds: number, seconds: number]>;
  carts: Array<
    [device: string, carNumber: string | null, carName: string | null, rounds: number, seconds: number]
  >;
  services: Array<[service: string | null, name: string | null, rounds: number]>;
  prices: Array<[price: string | null, name: string | null, serviceName: string | null, rounds: number]>;
  roundCells: HeatCell[];
  bookingCells: HeatCell[];
}

/** Bookings that stand for demand on the heatmap: held or kept, not cancelled or failed. */
const DEMAND_STATUSES = ['confirmed', 'payment_pending', 'no_show'];

/**
 * GROUPING(period, device_id, service_id, price_id, weekday, hour, length) of each grouping set: the first
 * column is the highest bit, and a bit is set where the set leaves that column out.
 */
const SET = {
  period: 0b0111111,
  cart: 0b1011111,
  service: 0b1101111,
  price: 0b1110111,
  cell: 0b1111001,
  length: 0b1111110,
  all: 0b1111111,
} as const;

const BUCKETS = {
  day: { unit: 'day', format: 'YYYY-MM-DD', step: '1 day' },
  month: { unit: 'month', format: 'YYYY-MM', step: '1 month' },
} as const;

/**
 * The Usage report in one statement (issue 19): the site's confirmed, undeleted rides that started in the
 * range are read once, and everything the page shows is counted from them in PostgreSQL, so a two-year
 * range of a 40-cart club (~44,000 rides) never leaves the database as rows.
 */
export class UsageRepository {
  constructor(private readonly db: Db) {}

  /** The site's time zone, and whether `deviceId` (when given) is one of its carts; null for no such site. */
  async siteScope(
    siteId: string,
    deviceId: string | null,
  ): Promise<{ timezone: string; cartFound: boolean } | null> {
    const { rows } = await this.db.execute<{ timezone: string; cart_found: boolean }>(sql`
      SELECT s.timezone,
             ${deviceId}::uuid IS NULL
               OR EXISTS (SELECT 1 FROM devices d WHERE d.id = ${deviceId}::uuid AND d.site_id = s.id) AS cart_found
      FROM sites s WHERE s.id = ${siteId}`);
    const row = rows[0];
    return row ? { timezone: row.timezone, cartFound: row.cart_found } : null;
  }

  async aggregate(filter: UsageFilter): Promise<UsageAggregates> {
    const { siteId, timezone, start, end, deviceId, types } = filter;
    const bucket = BUCKETS[filter.grouping];
    // A whole array as one parameter (drizzle spreads a plain array into a list).
    const typeList = sql.param(types);
    // The domain's rules (rules/ride-usage.ts usageSeconds, averageDuration) in SQL: a stored duration, or
    // end − start; 0 outside [0, 36,000]; type-7 quartiles of the lengths > 0; inclusive fences, none under
    // 4 lengths. The rides are read once: one pass of grouping sets counts every chart and, as a histogram
    // of lengths (a few thousand distinct seconds), what the quartiles and the average need, so 44,000
    // rides are never sorted or kept aside.
    const { rows } = await this.db.execute<{ usage: UsageAggregates }>(sql`
      WITH g AS (
        -- GROUPING(...) tells the sets apart: a bit is 1 where the set does not group by that column.
        SELECT GROUPING(period, device_id, service_id, price_id, weekday, hour, length) AS grp,
               period, device_id, service_id, price_id, weekday, hour, length,
               count(*) AS rounds, coalesce(sum(length), 0) AS seconds
        FROM (
          SELECT device_id, service_id, price_id,
                 date_trunc(${bucket.unit}::text, local_start)::date AS period,
                 date_part('isodow', local_start)::int - 1 AS weekday,
                 date_part('hour', local_start)::int AS hour,
                 CASE WHEN s < 0 OR s > ${MAX_RIDE_SECONDS}::int THEN 0 ELSE s END AS length
          FROM (
            -- OFFSET 0 keeps this apart, so each ride's site time is computed once, not once per use.
            SELECT device_id, service_id, price_id, start AT TIME ZONE ${timezone}::text AS local_start,
                   coalesce(duration, round(extract(epoch FROM "end" - start))::int) AS s
            FROM rides
            WHERE site_id = ${siteId}::uuid AND start >= ${start}::timestamptz AND start < ${end}::timestamptz
              AND confirmed AND NOT deleted
              AND (${deviceId}::uuid IS NULL OR device_id = ${deviceId}::uuid)
              AND (${typeList}::text[] IS NULL OR type = ANY(${typeList}::text[]))
            OFFSET 0
          ) AS site_rides
        ) AS r
        GROUP BY GROUPING SETS ((period), (device_id), (service_id), (price_id), (weekday, hour), (length), ())
      ),
      -- Known lengths, each with how many rides had it and how many had it or less.
      lengths AS (
        SELECT length, rounds, sum(rounds) OVER (ORDER BY length) AS upto
        FROM g WHERE grp = ${SET.length} AND length > 0
      ),
      known AS (SELECT coalesce(sum(rounds), 0) AS n FROM lengths),
      -- percentile_cont (type 7): at h = (n - 1) p, the value of rank floor(h) (0-based) and of the next one,
      -- interpolated; the value of rank k is the least length with more than k rides up to it.
      quartiles AS (
        SELECT p, lo + (hi - lo) * (h - floor(h)) AS q
        FROM (
          SELECT p, h,
                 (SELECT length FROM lengths WHERE upto > floor(h) ORDER BY length LIMIT 1)::float8 AS lo,
                 (SELECT length FROM lengths WHERE upto > least(floor(h) + 1, known.n - 1)
                  ORDER BY length LIMIT 1)::float8 AS hi
          FROM known CROSS JOIN LATERAL (
            SELECT p, (known.n - 1) * p AS h FROM unnest(ARRAY[0.25, 0.75]::float8[]) AS p
          ) AS positions
          WHERE known.n > 0
        ) AS ranks
      ),
      fences AS (
        SELECT known.n >= ${MIN_DURATIONS_FOR_OUTLIERS}::int AS applies,
               q1.q - ${OUTLIER_IQR_FACTOR}::float8 * (q3.q - q1.q) AS lower,
               q3.q + ${OUTLIER_IQR_FACTOR}::float8 * (q3.q - q1.q) AS upper
        FROM known
        LEFT JOIN quartiles q1 ON q1.p = 0.25
        LEFT JOIN quartiles q3 ON q3.p = 0.75
      ),
      kept AS (
        SELECT coalesce(sum(rounds), 0) AS counted,
               round(sum(length * rounds)::numeric / sum(rounds))::int AS average
        FROM lengths CROSS JOIN fences f
        WHERE NOT f.applies OR (length >= f.lower AND length <= f.upper)
      )
      SELECT json_build_object(
        'rounds', coalesce((SELECT rounds FROM g WHERE grp = ${SET.all}), 0),
        'average', (SELECT average FROM kept),
        'counted', (SELECT counted FROM kept),
        'known', (SELECT n FROM known),
        'usage', (
          SELECT coalesce(json_agg(json_build_array(to_char(b.period, ${bucket.format}::text),
                                                    coalesce(p.rounds, 0), coalesce(p.seconds, 0))
                                   ORDER BY b.period), '[]')
          FROM (
            SELECT d::date AS period
            FROM generate_series(date_trunc(${bucket.unit}::text, ${filter.firstDay}::date), ${filter.lastDay}::date,
                                 ${bucket.step}::interval) AS d
          ) AS b LEFT JOIN (SELECT * FROM g WHERE grp = ${SET.period}) AS p USING (period)
        ),
        'carts', (
          SELECT coalesce(json_agg(json_build_array(d.id, d.car_number, d.car_name, coalesce(c.rounds, 0),
                                                    coalesce(c.seconds, 0))
                                   ORDER BY length(d.car_number), d.car_number, d.id), '[]')
          FROM devices d LEFT JOIN (SELECT * FROM g WHERE grp = ${SET.cart}) AS c ON c.device_id = d.id
          -- the site's carts, idle ones too, and a cart that has since moved to another site for its rides here
          WHERE (d.site_id = ${siteId}::uuid OR c.device_id IS NOT NULL)
            AND (${deviceId}::uuid IS NULL OR d.id = ${deviceId}::uuid)
        ),
        'services', (
          SELECT coalesce(json_agg(json_build_array(g.service_id, s.name, g.rounds) ORDER BY g.rounds DESC, s.name),
                          '[]')
          FROM g LEFT JOIN services s ON s.id = g.service_id WHERE g.grp = ${SET.service}
        ),
        'prices', (
          SELECT coalesce(json_agg(json_build_array(g.price_id, p.name, s.name, g.rounds)
                                   ORDER BY g.rounds DESC, p.name, s.name), '[]')
          FROM g LEFT JOIN prices p ON p.id = g.price_id LEFT JOIN services s ON s.id = p.service_id
          WHERE g.grp = ${SET.price}
        ),
        'roundCells', (
          SELECT coalesce(json_agg(json_build_array(weekday, hour, rounds)), '[]') FROM g WHERE grp = ${SET.cell}
        ),
        'bookingCells', (
          SELECT coalesce(json_agg(json_build_array(x.weekday, x.hour, x.n)), '[]')
          FROM (
            SELECT date_part('isodow', b.local_start)::int - 1 AS weekday,
                   date_part('hour', b.local_start)::int AS hour, count(*) AS n
            FROM (
              SELECT start AT TIME ZONE ${timezone}::text AS local_start FROM bookings
              WHERE site_id = ${siteId}::uuid AND start >= ${start}::timestamptz AND start < ${end}::timestamptz
                AND booking_type = 'booking' AND status = ANY(${sql.param(DEMAND_STATUSES)}::text[])
                AND (${deviceId}::uuid IS NULL OR device_id = ${deviceId}::uuid)
            ) AS b
            GROUP BY 1, 2
          ) AS x
        )
      ) AS usage`);
    return rows[0]!.usage;
  }
}
