import type pg from 'pg';
import type { DayChunk } from './history-plan';
import type { Segment, TrailReport } from './trail-builder';

export interface TimeWindow {
  from: Date;
  to: Date;
}

export interface SiteCart {
  id: string;
  carNumber: string | null;
}

/** Raw moving reports per cart id and window index, time-ordered. */
export type RawTrails = Map<string, Map<number, TrailReport[]>>;

/**
 * One cart's moving reports in one window, time-ordered when a trail needs them so. OFFSET 0 keeps the
 * subquery apart, so it runs as an index scan per cart and window: joined into the outer query, PostgreSQL
 * estimated the window bounds badly and scanned all of positions (10 s for a day of 40 carts, not 0.1 s).
 */
const positionsOf = (cart: string, from: string, to: string, minKmh: string, ordered: boolean) => `
  SELECT ts, lat, lng FROM positions
  WHERE device_id = ${cart} AND ts >= ${from} AND ts < ${to} AND speed >= ${minKmh}
  ${ordered ? 'ORDER BY ts' : ''} OFFSET 0`;

/**
 * Moving reports per heat cell of carts $1 in windows ($2 starts, $3 ends), with cell size $4 (degrees) and
 * minimum speed $5: the roll-up stores exactly this per day, and the history answer reads it for the rest.
 */
export const RAW_HEAT_CELLS = `
  SELECT floor(p.lat / $4::float8)::int AS lat_cell, floor(p.lng / $4::float8)::int AS lng_cell,
         count(*)::int AS weight
  FROM unnest($1::uuid[]) AS c(id)
  CROSS JOIN unnest($2::timestamptz[], $3::timestamptz[]) AS w(f, t)
  CROSS JOIN LATERAL (${positionsOf('c.id', 'w.f', 'w.t', '$5', false)}) AS p
  GROUP BY 1, 2`;

/**
 * SQL of the ride history, through node-postgres with array rows: months of a fleet are hundreds of
 * thousands of rows, and mapping them through a query builder would cost more than PostgreSQL spends.
 */
export class HistoryRepository {
  constructor(private readonly db: Pick<pg.ClientBase, 'query'>) {}

  /** The same queries on one connection the calling service holds (the composition root builds the pool one). */
  in(db: Pick<pg.ClientBase, 'query'>): HistoryRepository {
    return new HistoryRepository(db);
  }

  async siteTimezone(siteId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ timezone: string }>('SELECT timezone FROM sites WHERE id = $1', [
      siteId,
    ]);
    return rows[0]?.timezone ?? null;
  }

  /** The site's carts, in a fixed order. */
  async carts(siteId: string): Promise<SiteCart[]> {
    const { rows } = await this.db.query<[string, string | null]>({
      rowMode: 'array',
      text: 'SELECT id, car_number FROM devices WHERE site_id = $1 ORDER BY id',
      values: [siteId],
    });
    return rows.map(([id, carNumber]) => ({ id, carNumber }));
  }

  /** The site days [start, end) touches, cut to the range, with what is rolled up of each. */
  async dayChunks(siteId: string, timezone: string, start: Date, end: Date): Promise<DayChunk[]> {
    const { rows } = await this.db.query<
      [string, string, number, number, number, number, number | null, boolean]
    >({
      rowMode: 'array',
      text: `
        WITH days AS (
          SELECT d::date AS day,
                 d::date::timestamp AT TIME ZONE $2::text AS day_start,
                 (d::date + 1)::timestamp AT TIME ZONE $2::text AS day_end
          FROM generate_series(($3::timestamptz AT TIME ZONE $2::text)::date,
                               ($4::timestamptz AT TIME ZONE $2::text)::date, interval '1 day') AS d
        )
        SELECT days.day::text, date_trunc('week', days.day)::date::text,
               ${epochMs('day_start')}, ${epochMs('day_end')},
               ${epochMs('greatest(day_start, $3)')}, ${epochMs('least(day_end, $4)')},
               ${epochMs('d.upto')}, w.day IS NOT NULL
        FROM days
        LEFT JOIN history_rollups d ON d.site_id = $1 AND d.span = 1 AND d.day = days.day
        LEFT JOIN history_rollups w ON w.site_id = $1 AND w.span = 7 AND w.day = date_trunc('week', days.day)::date
        WHERE greatest(day_start, $3) < least(day_end, $4)
        ORDER BY days.day`,
      values: [siteId, timezone, start, end],
    });
    return rows.map(([day, week, dayStart, dayEnd, from, to, upto, weekRolledUp]) => ({
      day,
      week,
      dayStart,
      dayEnd,
      from,
      to,
      upto,
      weekRolledUp,
    }));
  }

  /** Rolled-up trails of the given carts at the site: of the days, then of the weeks (from their Monday). */
  async storedTrails(
    siteId: string,
    cartIds: string[],
    spans: { days: string[]; weeks: string[] },
  ): Promise<Array<[deviceId: string, span: 1 | 7, day: string, segments: Segment[]]>> {
    if (cartIds.length === 0 || spans.days.length + spans.weeks.length === 0) return [];
    const { rows } = await this.db.query<[string, 1 | 7, string, Segment[]]>({
      rowMode: 'array',
      text: `
        SELECT device_id, 1, day::text, coordinates FROM trail_daily
        WHERE site_id = $1 AND day = ANY($3::date[]) AND device_id = ANY($2::uuid[])
        UNION ALL
        SELECT device_id, 7, week::text, coordinates FROM trail_weekly
        WHERE site_id = $1 AND week = ANY($4::date[]) AND device_id = ANY($2::uuid[])`,
      values: [siteId, cartIds, spans.days, spans.weeks],
    });
    return rows;
  }

  /**
   * Moving reports of the carts in each window (`windows[i]` → key i), time-ordered per cart. Rows name
   * the cart by its index in `cartIds`: a day of a fleet is ~170,000 rows, too many for a uuid string each.
   */
  async rawTrails(cartIds: string[], windows: TimeWindow[], minKmh: number): Promise<RawTrails> {
    const result: RawTrails = new Map();
    if (windows.length === 0 || cartIds.length === 0) return result;
    const { rows } = await this.db.query<[number, number, number, number, number]>({
      rowMode: 'array',
      text: `
        SELECT c.i::int, w.i::int, (extract(epoch FROM p.ts) * 1000)::float8, p.lat, p.lng
        FROM unnest($1::uuid[]) WITH ORDINALITY AS c(id, i)
        CROSS JOIN unnest($2::timestamptz[], $3::timestamptz[]) WITH ORDINALITY AS w(f, t, i)
        CROSS JOIN LATERAL (${positionsOf('c.id', 'w.f', 'w.t', '$4', true)}) AS p`,
      values: [cartIds, windows.map((w) => w.from), windows.map((w) => w.to), minKmh],
    });
    for (const [cart, window, ts, lat, lng] of rows) {
      const deviceId = cartIds[cart - 1]!;
      let byWindow = result.get(deviceId);
      if (!byWindow) result.set(deviceId, (byWindow = new Map()));
      let reports = byWindow.get(window - 1);
      if (!reports) byWindow.set(window - 1, (reports = []));
      reports.push({ ts, lat, lng });
    }
    // Each cart's window is its own ordered index scan, and the plan emits them whole; should a plan ever
    // interleave them, the order is restored here rather than trusted.
    for (const byWindow of result.values()) for (const reports of byWindow.values()) sortByTime(reports);
    return result;
  }

  /** Moving reports of the carts in the windows, counted up to `limit` (the count stops there). */
  async countRawReports(
    cartIds: string[],
    windows: TimeWindow[],
    minKmh: number,
    limit: number,
  ): Promise<number> {
    if (windows.length === 0 || cartIds.length === 0) return 0;
    const { rows } = await this.db.query<[number]>({
      rowMode: 'array',
      text: `
        SELECT count(*)::int FROM (
          SELECT 1 FROM unnest($1::uuid[]) AS c(id)
          CROSS JOIN unnest($2::timestamptz[], $3::timestamptz[]) AS w(f, t)
          CROSS JOIN LATERAL (${positionsOf('c.id', 'w.f', 'w.t', '$4', false)}) AS p
          LIMIT $5
        ) AS reports`,
      values: [cartIds, windows.map((w) => w.from), windows.map((w) => w.to), minKmh, limit],
    });
    return rows[0]![0];
  }

  /**
   * Heat cells of the range, summed in SQL: the site's rolled-up weeks and days plus the raw windows of its
   * carts; the busiest `limit` cells.
   */
  async heatCells(
    siteId: string,
    spans: { days: string[]; weeks: string[] },
    cartIds: string[],
    windows: TimeWindow[],
    options: { cellDegrees: number; minKmh: number; limit: number },
  ): Promise<Array<[latCell: number, lngCell: number, weight: number]>> {
    const { rows } = await this.db.query<[number, number, number]>({
      rowMode: 'array',
      text: `
        SELECT lat_cell, lng_cell, sum(weight)::int AS weight FROM (
          SELECT lat_cell, lng_cell, weight FROM heat_weekly WHERE site_id = $6 AND week = ANY($8::date[])
          UNION ALL
          SELECT lat_cell, lng_cell, weight FROM heat_daily WHERE site_id = $6 AND day = ANY($7::date[])
          UNION ALL ${RAW_HEAT_CELLS}
        ) AS cells
        GROUP BY lat_cell, lng_cell ORDER BY weight DESC, lat_cell, lng_cell LIMIT $9`,
      values: [
        cartIds,
        windows.map((w) => w.from),
        windows.map((w) => w.to),
        options.cellDegrees,
        options.minKmh,
        siteId,
        spans.days,
        spans.weeks,
        options.limit,
      ],
    });
    return rows;
  }
}

/** A timestamptz as epoch milliseconds (float8): node-postgres turns those into numbers, not Dates. */
const epochMs = (column: string) => `(extract(epoch FROM ${column}) * 1000)::float8`;

function sortByTime(reports: TrailReport[]): void {
  for (let i = 1; i < reports.length; i++) {
    if (reports[i]!.ts < reports[i - 1]!.ts) {
      reports.sort((a, b) => a.ts - b.ts);
      return;
    }
  }
}
