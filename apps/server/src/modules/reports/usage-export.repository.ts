import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { UsageFilter } from './usage.repository';

/** What the exports need of the site (and the cart of the filter), and the asking user's language. */
export interface ExportScope {
  siteName: string;
  timezone: string;
  currency: string;
  siteLang: string;
  userLang: string | null;
  /** the filter's cart; null without a filter, or when it is not the site's */
  cart: { carNumber: string | null; carName: string | null } | null;
}

/** One ride of the CSV, its times already on the site's clock. */
export interface ExportRide {
  /** the site day of its start, 'YYYY-MM-DD' */
  day: string;
  /** 'HH:MM:SS' of the site's clock */
  startTime: string;
  endTime: string | null;
  start: Date;
  end: Date | null;
  duration: number | null;
  carNumber: string | null;
  carName: string | null;
  type: string;
  serviceName: string | null;
  priceName: string | null;
  /** the member's name, else the name the guest gave */
  driver: string | null;
  distance: number | null;
  amount: number | null;
}

type RideBatchFilter = Pick<UsageFilter, 'siteId' | 'timezone' | 'start' | 'end' | 'deviceId' | 'types'>;

type RideRow = {
  id: string;
  start_key: string;
  day: string;
  start_time: string;
  end_time: string | null;
  start_ms: string;
  end_ms: string | null;
  duration: number | null;
  car_number: string | null;
  car_name: string | null;
  type: string;
  service_name: string | null;
  price_name: string | null;
  driver: string | null;
  distance: number | null;
  amount: number | null;
};

/** Rides read per query: a two-year range streams out without ever being held in memory whole. */
export const EXPORT_BATCH_SIZE = 5000;

/** The Usage exports' reads (issue 19): the scope, and the rides of the range in batches. */
export class UsageExportRepository {
  constructor(private readonly db: Db) {}

  async scope(siteId: string, userId: string, deviceId: string | null): Promise<ExportScope | null> {
    const { rows } = await this.db.execute<{
      name: string;
      timezone: string;
      currency: string;
      lang: string;
      user_lang: string | null;
      car_found: boolean;
      car_number: string | null;
      car_name: string | null;
    }>(sql`
      SELECT s.name, s.timezone, s.currency, s.lang,
             (SELECT u.lang FROM users u WHERE u.id = ${userId}::uuid) AS user_lang,
             d.id IS NOT NULL AS car_found, d.car_number, d.car_name
      FROM sites s
      LEFT JOIN devices d ON d.id = ${deviceId}::uuid AND d.site_id = s.id
      WHERE s.id = ${siteId}::uuid`);
    const row = rows[0];
    if (!row) return null;
    return {
      siteName: row.name,
      timezone: row.timezone,
      currency: row.currency,
      siteLang: row.lang,
      userLang: row.user_lang,
      cart: row.car_found ? { carNumber: row.car_number, carName: row.car_name } : null,
    };
  }

  /**
   * The rides the chart counts (confirmed, undeleted, started in [start, end), the filters applied), oldest
   * first, `batchSize` at a time: each batch continues after the last (start, id) of the one before, so
   * rides written meanwhile never shift a page.
   */
  async *rides(filter: RideBatchFilter, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<ExportRide[]> {
    const { siteId, timezone, start, end, deviceId, types } = filter;
    const typeList = sql.param(types);
    // The start as PostgreSQL's own text keeps its microseconds, so the next batch starts exactly after it.
    let next: { start: string; id: string } | null = null;
    for (;;) {
      const cursor: { start: string; id: string } | null = next;
      // After the previous batch's last ride; `start >=` lets the (site_id, start) index skip what was read.
      const after = cursor
        ? sql`AND r.start >= ${cursor.start}::timestamptz
              AND (r.start, r.id) > (${cursor.start}::timestamptz, ${cursor.id}::uuid)`
        : sql``;
      const { rows }: { rows: RideRow[] } = await this.db.execute<RideRow>(sql`
        SELECT r.id, r.start::text AS start_key,
               to_char(r.start AT TIME ZONE ${timezone}::text, 'YYYY-MM-DD') AS day,
               to_char(r.start AT TIME ZONE ${timezone}::text, 'HH24:MI:SS') AS start_time,
               to_char(r."end" AT TIME ZONE ${timezone}::text, 'HH24:MI:SS') AS end_time,
               extract(epoch FROM r.start) * 1000 AS start_ms, extract(epoch FROM r."end") * 1000 AS end_ms,
               r.duration,
               coalesce(r.car_number, d.car_number) AS car_number, d.car_name, r.type,
               s.name AS service_name, p.name AS price_name,
               coalesce(m.name, nullif(r.meta->>'name', '')) AS driver,
               r.distance, r.amount
        FROM rides r
        JOIN devices d ON d.id = r.device_id
        LEFT JOIN services s ON s.id = r.service_id
        LEFT JOIN prices p ON p.id = r.price_id
        LEFT JOIN members m ON m.id = r.member_id
        WHERE r.site_id = ${siteId}::uuid AND r.start >= ${start}::timestamptz AND r.start < ${end}::timestamptz
          AND r.confirmed AND NOT r.deleted
          AND (${deviceId}::uuid IS NULL OR r.device_id = ${deviceId}::uuid)
          AND (${typeList}::text[] IS NULL OR r.type = ANY(${typeList}::text[]))
          ${after}
        ORDER BY r.start, r.id
        LIMIT ${batchSize}`);
      if (rows.length === 0) return;
      yield rows.map((row) => ({
        day: row.day,
        startTime: row.start_time,
        endTime: row.end_time,
        // numeric arrives as text: whole milliseconds, as a Date holds them
        start: new Date(Math.round(Number(row.start_ms))),
        end: row.end_ms === null ? null : new Date(Math.round(Number(row.end_ms))),
        duration: row.duration,
        carNumber: row.car_number,
        carName: row.car_name,
        type: row.type,
        serviceName: row.service_name,
        priceName: row.price_name,
        driver: row.driver,
        distance: row.distance,
        amount: row.amount,
      }));
      if (rows.length < batchSize) return;
      const last: RideRow = rows.at(-1)!;
      next = { start: last.start_key, id: last.id };
    }
  }
}
