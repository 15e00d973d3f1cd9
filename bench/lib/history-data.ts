import type pg from 'pg';

/**
 * Months of a fleet's positions, made inside PostgreSQL with generate_series (31 million rows would take
 * far longer through the client). Each cart drives rounds on a ~2.4 km loop course for six hours a day in
 * two sessions with a pause between them, reporting every 5 s while moving, with GPS noise of ±3 m, a
 * lateral offset of its own and, on one day in three, excursions of up to 25 m onto the fairways: so trails
 * differ from cart to cart and day to day as real ones do, and grow over months instead of repeating.
 */
export interface FleetHistoryPlan {
  siteId: string;
  timezone: string;
  /** course centre */
  lat: number;
  lng: number;
  cartIds: string[];
  /** The site days to fill, oldest first ('YYYY-MM-DD'); reports after `until` are left out (today). */
  days: string[];
  until: Date;
}

export const REPORTS_PER_CART_DAY = (6 * 3600) / 5;
const SESSION_REPORTS = REPORTS_PER_CART_DAY / 2;

const INSERT_DAY = `
  INSERT INTO positions (device_id, ts, lat, lng, speed, batt_voltage)
  SELECT c.id, r.ts,
         $4 + (r.north + (random() - 0.5) * 6) / 111195.0,
         $5 + (r.east + (random() - 0.5) * 6) / (111195.0 * cos(radians($4))),
         r.speed, 50.5
  FROM unnest($1::uuid[]) WITH ORDINALITY AS c(id, k)
  CROSS JOIN generate_series(0, ${REPORTS_PER_CART_DAY - 1}) AS i
  CROSS JOIN LATERAL (
    SELECT ($2::date + time '08:00')::timestamp AT TIME ZONE $3
             + make_interval(secs => c.k * 420 + i * 5 + CASE WHEN i >= ${SESSION_REPORTS} THEN 2700 ELSE 0 END) AS ts,
           -- angle on the loop: every cart its own pace (a lap in 12–17 minutes) and starting point
           2 * pi() * (c.k * 0.137 + i * 5.0 / (720 + (c.k % 8) * 40)) AS a,
           ($2::date - date '2000-01-01') AS day_number
  ) AS t
  CROSS JOIN LATERAL (
    SELECT 300 + 40 * sin(5 * t.a) + 15 * sin(13 * t.a) + ((c.k % 5) - 2) * 1.0
             + CASE WHEN t.day_number % 3 = 0 THEN 25 * power(greatest(0, sin(3 * t.a + t.day_number)), 4) ELSE 0 END
             AS radius
  ) AS shape
  CROSS JOIN LATERAL (
    SELECT t.ts, shape.radius * sin(t.a) AS north, 1.3 * shape.radius * cos(t.a) AS east,
           (12 + 4 * sin(i / 30.0 + c.k))::real AS speed
  ) AS r
  WHERE r.ts < $6`;

/** Inserts the plan day by day, reporting progress; returns the number of positions written. */
export async function generateFleetHistory(
  pool: pg.Pool,
  plan: FleetHistoryPlan,
  progress: (done: number, total: number) => void,
): Promise<number> {
  let rows = 0;
  for (const [i, day] of plan.days.entries()) {
    const result = await pool.query(INSERT_DAY, [
      plan.cartIds,
      day,
      plan.timezone,
      plan.lat,
      plan.lng,
      plan.until,
    ]);
    rows += result.rowCount ?? 0;
    progress(i + 1, plan.days.length);
  }
  return rows;
}
