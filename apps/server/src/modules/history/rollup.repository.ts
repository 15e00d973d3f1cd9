import type pg from 'pg';
import { RAW_HEAT_CELLS, type TimeWindow } from './history.repository';
import type { Segment } from './trail-builder';

/** A site day to roll up from its start to `to`: its end, or for today the time so far. */
export interface PendingDay extends TimeWindow {
  siteId: string;
  day: string;
}

/** A site week (from its Monday) whose seven days are rolled up, but not the week as one. */
export interface PendingWeek {
  siteId: string;
  week: string;
}

export interface StoredTrail {
  deviceId: string;
  segments: Segment[];
  rawPoints: number;
}

/** Arbitrary constant: the advisory-lock namespace of history roll-ups (the key is the site day's hash). */
const ROLLUP_LOCK = 7_421_002;
/**
 * Roll-ups reach back at most this far: a tracker whose clock once said 1970 must not make the first run
 * roll up half a century of empty days. Older days are still answered, from raw positions.
 */
const MAX_DAYS_BACK = 730;

/** SQL of the roll-up job. Writes are upserts, so a repeated or concurrent roll-up changes nothing. */
export class RollupRepository {
  constructor(private readonly db: Pick<pg.PoolClient, 'query'>) {}

  /** The same queries on one connection the calling service holds (the composition root builds the pool one). */
  in(db: Pick<pg.PoolClient, 'query'>): RollupRepository {
    return new RollupRepository(db);
  }

  /**
   * Every site day from the Monday before the site's first report (so that week can be rolled up whole)
   * that has ended by `cutoff` and is not rolled up to its end, and today when its roll-up ends more than
   * `partialStepMs` before `cutoff`; oldest first.
   */
  async pendingDays(cutoff: Date, partialStepMs: number): Promise<PendingDay[]> {
    const { rows } = await this.db.query<[string, string, Date, Date]>({
      rowMode: 'array',
      text: `
        WITH firsts AS (
          SELECT s.id AS site_id, s.timezone,
                 (SELECT min(f.ts) FROM devices d CROSS JOIN LATERAL (
                    SELECT ts FROM positions WHERE device_id = d.id ORDER BY ts LIMIT 1) AS f
                  WHERE d.site_id = s.id) AS first_ts
          FROM sites s
        ), days AS (
          SELECT f.site_id, d::date AS day,
                 d::date::timestamp AT TIME ZONE f.timezone AS day_start,
                 least((d::date + 1)::timestamp AT TIME ZONE f.timezone, $1::timestamptz) AS until
          FROM firsts f
          CROSS JOIN generate_series(
            date_trunc('week', greatest(f.first_ts, $1::timestamptz - make_interval(days => $3))
                                 AT TIME ZONE f.timezone)::date,
            ($1::timestamptz AT TIME ZONE f.timezone)::date, interval '1 day') AS d
          WHERE f.first_ts IS NOT NULL
        )
        SELECT days.site_id, days.day::text, day_start, until FROM days
        WHERE day_start < until AND NOT EXISTS (
          SELECT 1 FROM history_rollups r
          WHERE r.site_id = days.site_id AND r.span = 1 AND r.day = days.day
            AND r.upto >= CASE WHEN until < $1::timestamptz THEN until
                               ELSE until - make_interval(secs => $2::float8 / 1000) END)
        ORDER BY days.day, days.site_id`,
      values: [cutoff, partialStepMs, MAX_DAYS_BACK],
    });
    return rows.map(([siteId, day, from, to]) => ({ siteId, day, from, to }));
  }

  /** Weeks ended by `cutoff` whose seven days are rolled up to their ends, but not the week as one. */
  async pendingWeeks(cutoff: Date): Promise<PendingWeek[]> {
    const { rows } = await this.db.query<[string, string]>({
      rowMode: 'array',
      text: `
        SELECT r.site_id, date_trunc('week', r.day)::date::text AS week
        FROM history_rollups r JOIN sites s ON s.id = r.site_id
        WHERE r.span = 1 AND r.upto >= (r.day + 1)::timestamp AT TIME ZONE s.timezone
          AND (date_trunc('week', r.day)::date + 7)::timestamp AT TIME ZONE s.timezone <= $1
        GROUP BY 1, 2 HAVING count(*) = 7
        EXCEPT SELECT site_id, day::text FROM history_rollups WHERE span = 7
        ORDER BY 2, 1`,
      values: [cutoff],
    });
    return rows.map(([siteId, week]) => ({ siteId, week }));
  }

  /**
   * In the caller's transaction: true when this session may roll up the span now. Another instance holding
   * it is rolling it up already; a span rolled up as far meanwhile is done.
   */
  async claim(siteId: string, span: 1 | 7, day: string, upto: Date | null): Promise<boolean> {
    const { rows } = await this.db.query<{ claimed: boolean }>(
      `SELECT pg_try_advisory_xact_lock($1, hashtext($6)) AND NOT EXISTS (
         SELECT 1 FROM history_rollups WHERE site_id = $2 AND span = $3 AND day = $4::date
           AND ($5::timestamptz IS NULL OR upto >= $5::timestamptz)) AS claimed`,
      [ROLLUP_LOCK, siteId, span, day, upto, `${siteId}/${span}/${day}`],
    );
    return rows[0]?.claimed === true;
  }

  async writeDayTrails(siteId: string, day: string, trails: StoredTrail[]): Promise<void> {
    await this.writeTrails('trail_daily', 'day', siteId, day, trails);
  }

  async writeWeekTrails(siteId: string, week: string, trails: StoredTrail[]): Promise<void> {
    await this.writeTrails('trail_weekly', 'week', siteId, week, trails);
  }

  /** The day trails of a week's seven days, in day order. */
  async dayTrailsOfWeek(siteId: string, week: string): Promise<StoredTrail[][]> {
    const { rows } = await this.db.query<[string, string, Segment[], number]>({
      rowMode: 'array',
      text: `
        SELECT device_id, day::text, coordinates, raw_points FROM trail_daily
        WHERE site_id = $1 AND day BETWEEN $2::date AND $2::date + 6 ORDER BY day`,
      values: [siteId, week],
    });
    const byDay = new Map<string, StoredTrail[]>();
    for (const [deviceId, day, segments, rawPoints] of rows) {
      const trails = byDay.get(day) ?? [];
      trails.push({ deviceId, segments, rawPoints });
      byDay.set(day, trails);
    }
    return [...byDay.values()];
  }

  /** The day's heat cells, from the same SQL the history answer uses for what is not rolled up. */
  async writeDayHeat(
    siteId: string,
    day: string,
    cartIds: string[],
    window: TimeWindow,
    options: { cellDegrees: number; minKmh: number },
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO heat_daily (site_id, day, lat_cell, lng_cell, weight)
       SELECT $6, $7::date, lat_cell, lng_cell, weight FROM (${RAW_HEAT_CELLS}) AS cells
       ON CONFLICT (site_id, day, lat_cell, lng_cell) DO UPDATE SET weight = excluded.weight`,
      [cartIds, [window.from], [window.to], options.cellDegrees, options.minKmh, siteId, day],
    );
  }

  async writeWeekHeat(siteId: string, week: string): Promise<void> {
    await this.db.query(
      `INSERT INTO heat_weekly (site_id, week, lat_cell, lng_cell, weight)
       SELECT site_id, $2::date, lat_cell, lng_cell, sum(weight) FROM heat_daily
       WHERE site_id = $1 AND day BETWEEN $2::date AND $2::date + 6
       GROUP BY site_id, lat_cell, lng_cell
       ON CONFLICT (site_id, week, lat_cell, lng_cell) DO UPDATE SET weight = excluded.weight`,
      [siteId, week],
    );
  }

  async markRolledUp(siteId: string, span: 1 | 7, day: string, upto: Date | null): Promise<void> {
    // A week is rolled up to the end of its last day, which its day roll-ups already know.
    await this.db.query(
      `INSERT INTO history_rollups (site_id, span, day, upto)
       SELECT $1::uuid, $2::smallint, $3::date, coalesce($4::timestamptz,
         (SELECT max(upto) FROM history_rollups WHERE site_id = $1 AND span = 1
            AND day BETWEEN $3::date AND $3::date + 6))
       ON CONFLICT (site_id, span, day) DO UPDATE SET upto = excluded.upto, rolled_up_at = now()`,
      [siteId, span, day, upto],
    );
  }

  private async writeTrails(
    table: 'trail_daily' | 'trail_weekly',
    column: 'day' | 'week',
    siteId: string,
    day: string,
    trails: StoredTrail[],
  ): Promise<void> {
    if (trails.length === 0) return;
    await this.db.query(
      `INSERT INTO ${table} (device_id, site_id, ${column}, coordinates, raw_points)
       SELECT t.device_id, $1, $2::date, t.coordinates, t.raw_points
       FROM unnest($3::uuid[], $4::jsonb[], $5::int[]) AS t(device_id, coordinates, raw_points)
       ON CONFLICT (device_id, ${column}) DO UPDATE
         SET site_id = excluded.site_id, coordinates = excluded.coordinates, raw_points = excluded.raw_points`,
      [
        siteId,
        day,
        trails.map((trail) => trail.deviceId),
        trails.map((trail) => JSON.stringify(trail.segments)),
        trails.map((trail) => trail.rawPoints),
      ],
    );
  }
}
