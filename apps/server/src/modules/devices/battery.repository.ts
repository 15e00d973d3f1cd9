import { and, eq, gte, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices, positions } from '../../db/tables/devices';

export interface BatteryRange {
  deviceId: string;
  start?: Date;
  end?: Date;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export interface BatteryRows {
  /** Buckets in the whole range, for the pagination. */
  total: number;
  readings: Array<{ timestamp: Date; volts: number }>;
}

/** Any fixed instant serves as the bucket origin when no start is given; buckets then sit on :00, :05 … */
const DEFAULT_ORIGIN = new Date('2000-01-01T00:00:00Z');

export class BatteryRepository {
  constructor(private readonly db: Db) {}

  async deviceInSite(deviceId: string, siteId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.id, deviceId), eq(devices.siteId, siteId)));
    return row !== undefined;
  }

  /**
   * Battery voltage as 5-minute averages (a cart reports every few seconds, so 30 days of raw rows would be
   * hundreds of thousands of points). Each bucket is labelled with its start; with a start date the buckets
   * are aligned to it, so none begins before the range asked for.
   *
   * One statement, one pass over the range: it is read through positions_device_ts_idx (device, time),
   * grouped once, and both the page and the total come from that grouping. The LEFT JOIN keeps the total
   * when the page is past the end.
   */
  async fiveMinuteAverages(range: BatteryRange): Promise<BatteryRows> {
    const origin = range.start ?? DEFAULT_ORIGIN;
    const conditions = [
      eq(positions.deviceId, range.deviceId),
      isNotNull(positions.battVoltage),
      range.start && gte(positions.ts, range.start),
      range.end && lte(positions.ts, range.end),
    ];
    // Only two fixed values reach sql.raw, never the request's text.
    const direction = sql.raw(range.order === 'asc' ? 'ASC' : 'DESC');
    // The bucket comes back as epoch milliseconds: the driver's timestamp parsing is the ORM's business.
    const result = await this.db.execute<{ total: number; ms: number | null; volts: number | null }>(sql`
      WITH buckets AS MATERIALIZED (
        SELECT date_bin('5 minutes', ${positions.ts}, ${origin.toISOString()}::timestamptz) AS bucket,
               round(avg(${positions.battVoltage})::numeric, 2)::float8 AS volts
        FROM ${positions}
        WHERE ${and(...conditions)}
        GROUP BY 1
      )
      SELECT total.n AS total, (extract(epoch FROM page.bucket) * 1000)::float8 AS ms, page.volts
      FROM (SELECT count(*)::int AS n FROM buckets) AS total
      LEFT JOIN LATERAL (
        SELECT bucket, volts FROM buckets ORDER BY bucket ${direction} LIMIT ${range.limit} OFFSET ${range.offset}
      ) AS page ON true
      ORDER BY page.bucket ${direction}`);
    const rows = result.rows;
    return {
      total: rows[0]?.total ?? 0,
      readings: rows.flatMap((row) =>
        row.ms === null || row.volts === null ? [] : [{ timestamp: new Date(row.ms), volts: row.volts }],
      ),
    };
  }
}
