/**
 * `npm run bench:usage`: Reports → Usage for two years of a 40-cart club (issue 19, item 3).
 *
 *   1. a London club of 40 carts with two years of rides behind it (about 60 a day, more at weekends and
 *      in summer, mornings busiest; ~44,000 rows) and a booking for each booking ride, beside two more
 *      clubs of the same size (the tables hold ~130,000 rides);
 *   2. times GET /api/dashboard/rides/chart over real HTTP as basic staff, for the two years (by month),
 *      the last month (by day) and the two years of one cart and one origin (p50/p99 of BENCH_GET_RUNS
 *      calls each, default 30, after 5 warm-up calls).
 * Target: p99 under 300 ms for the two years.
 *
 * The whole server runs in this process on loopback. PostgreSQL is the embedded server in a temporary
 * DATA_DIR, or a database `fairway_bench_usage` created (and dropped afterwards) on the server
 * BENCH_DATABASE_URL names (bench/lib/bench-database.ts). Takes well under a minute.
 */
import { addDays, localDate, zonedInstant, type RideUsage } from '@fairway/domain';
import type { Runtime } from '../apps/server/src/runtime';
import { sites } from '../apps/server/src/db/tables/sites';
import { users } from '../apps/server/src/db/tables/users';
import { withBenchRuntime, writeBenchResult } from './lib/bench-runtime';
import { machine } from './lib/machine';
import type { LatencySummary } from './lib/protocol';
import { summarize } from './lib/report';
import { sessionToken } from './lib/session-token';

const TZ = 'Europe/London';
const CARTS = 40;
const DAYS = 730;
const GET_RUNS = Number(process.env.BENCH_GET_RUNS ?? 30);
const WARM_UP = 5;
const TARGET_MS = 300;

interface Club {
  siteId: string;
  token: string;
  carts: string[];
}

interface Timed extends LatencySummary {
  label: string;
  bytes: number;
  rounds: number;
}

async function main(): Promise<void> {
  await withBenchRuntime(
    'fairway_bench_usage',
    async (rt) => {
      const club = await benchClub(rt, 'Bench Usage Links');
      const started = performance.now();
      const { rides, bookings } = await fillHistory(rt, club.siteId);
      // Two neighbouring clubs of the same size share the tables: the query must pick the club's rows out.
      let tableRides = rides;
      for (const name of ['Bench Usage North', 'Bench Usage South']) {
        tableRides += (await fillHistory(rt, (await benchClub(rt, name)).siteId)).rides;
      }
      console.log(
        `${rides.toLocaleString('en')} rides and ${bookings.toLocaleString('en')} bookings of the club ` +
          `(${tableRides.toLocaleString('en')} rides of 3 clubs) stored in ` +
          `${(performance.now() - started).toFixed(0)} ms\n`,
      );

      const today = localDate(Date.now(), TZ);
      const tomorrow = new Date(zonedInstant(addDays(today, 1), '00:00', TZ)).toISOString();
      const twoYears = new Date(zonedInstant(addDays(today, 1 - DAYS), '00:00', TZ)).toISOString();
      const lastMonth = new Date(zonedInstant(addDays(today, -30), '00:00', TZ)).toISOString();
      const cases: Array<{ label: string; query: Record<string, string> }> = [
        { label: 'two years (by month)', query: { start: twoYears, end: tomorrow } },
        { label: 'last 31 days (by day)', query: { start: lastMonth, end: tomorrow } },
        {
          label: 'two years, one cart, bookings',
          query: { start: twoYears, end: tomorrow, device: club.carts[0]!, origin: 'booking' },
        },
      ];
      const timed: Timed[] = [];
      for (const { label, query } of cases) {
        const r = await timeGet(rt, club, label, new URLSearchParams(query).toString());
        timed.push(r);
        console.log(
          `${label.padEnd(32)} p50 ${r.p50.toFixed(1).padStart(6)} ms, p99 ${r.p99.toFixed(1).padStart(6)} ms, ` +
            `max ${r.max.toFixed(1).padStart(6)} ms, ${(r.bytes / 1024).toFixed(1)} KB, ${r.rounds} rounds`,
        );
      }

      const report = {
        date: new Date().toISOString(),
        machine: await machine(rt),
        database: process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'embedded',
        rides,
        bookings,
        tableRides,
        carts: CARTS,
        days: DAYS,
        runs: GET_RUNS,
        cases: timed,
        targetMs: TARGET_MS,
      };
      const file = await writeBenchResult('usage', report);
      const met = timed[0]!.p99 < TARGET_MS;
      console.log(`\nTwo years p99 < ${TARGET_MS} ms: ${met ? 'met' : 'MISSED'}. ${file}`);
    },
    { keep: process.env.BENCH_USAGE_KEEP === '1' },
  );
}

/** A London club with 40 carts, two services of two prices each, and a basic staff member; inserted directly. */
async function benchClub(rt: Runtime, name: string): Promise<Club> {
  const [site] = await rt.ctx.db
    .insert(sites)
    .values({
      name,
      country: 'United Kingdom',
      currency: 'GBP',
      centerLatLong: '56.349800, -2.813500',
      timezone: TZ,
      openingHours: Array.from({ length: 7 }, () => ({ openTime: '06:00', closeTime: '21:00' })),
    })
    .returning();
  const siteId = site!.id;
  const [staff] = await rt.ctx.db
    .insert(users)
    .values({
      email: `${name.toLowerCase().replaceAll(' ', '-')}@example.com`,
      passwordHash: 'unused',
      role: 'basic',
      sites: [siteId],
    })
    .returning();
  const { pool } = rt.ctx.database;
  const carts = await pool.query<{ id: string }>(
    `INSERT INTO devices (serial, secret_hash, site_id, car_number, car_name)
     SELECT 'BENCH-' || left($1::text, 8) || '-' || n, 'unused', $1::uuid, n::text, 'Cart ' || n FROM generate_series(1, ${CARTS}) AS n
     RETURNING id`,
    [siteId],
  );
  await pool.query(
    `WITH s AS (
       INSERT INTO services (site_id, name, duration)
       VALUES ($1, '18 holes', 240), ($1, '9 holes', 120) RETURNING id, duration
     )
     INSERT INTO prices (service_id, name, amount)
     SELECT s.id, p.name, p.amount * s.duration / 120 FROM s,
            (VALUES ('Guest', 2500), ('Twilight', 1500)) AS p(name, amount)`,
    [siteId],
  );
  return {
    siteId,
    token: await sessionToken(rt, staff!.id, 'basic'),
    carts: carts.rows.map((row) => row.id),
  };
}

/**
 * Two years of rounds, generated in PostgreSQL: about 53 a weekday and 78 a weekend day, a third more in
 * summer, starting between 07:00 and 18:00 site time (mornings busiest), 40–100 minutes, with 1 % long
 * outliers and 0.3 % over the 10-hour cap (stored as 0). Types: 55 % card payments, 20 % bookings,
 * 15 % staff unlocks, 10 % keypad; a booking row for each booking ride.
 */
async function fillHistory(rt: Runtime, siteId: string): Promise<{ rides: number; bookings: number }> {
  const { pool } = rt.ctx.database;
  const first = addDays(localDate(Date.now(), TZ), 1 - DAYS);
  const rides = await pool.query(
    `WITH carts AS (SELECT array_agg(id ORDER BY car_number::int) AS ids FROM devices WHERE site_id = $1),
     offers AS (
       SELECT array_agg(p.service_id ORDER BY p.id) AS services, array_agg(p.id ORDER BY p.id) AS prices
       FROM prices p JOIN services s ON s.id = p.service_id WHERE s.site_id = $1
     ),
     days AS (
       SELECT d::date AS day,
              round((CASE WHEN extract(isodow FROM d) >= 6 THEN 78 ELSE 53 END)
                    * (1 + 0.33 * sin(pi() * (extract(doy FROM d) - 80) / 182.5))) AS n
       FROM generate_series($2::date, $2::date + ${DAYS - 1}, interval '1 day') AS d
     ),
     planned AS (
       SELECT days.day, random() AS kind, random() AS length, random() AS pick,
              ((days.day + make_interval(mins => 420 + floor(660 * power(random(), 1.6))::int))::timestamp
                AT TIME ZONE '${TZ}') AS start
       FROM days CROSS JOIN LATERAL generate_series(1, days.n::int) AS i
     )
     INSERT INTO rides (site_id, device_id, car_number, type, status, confirmed, service_id, price_id,
                        start, "end", duration)
     SELECT $1, c.ids[1 + floor(p.pick * ${CARTS})::int], (1 + floor(p.pick * ${CARTS})::int)::text,
            CASE WHEN p.kind < 0.55 THEN 'payment' WHEN p.kind < 0.75 THEN 'booking'
                 WHEN p.kind < 0.9 THEN 'manual' ELSE 'keypad' END,
            'ended', true,
            CASE WHEN p.kind < 0.75 THEN o.services[1 + floor(p.length * 4)::int] END,
            CASE WHEN p.kind < 0.75 THEN o.prices[1 + floor(p.length * 4)::int] END,
            p.start, p.start + make_interval(secs => l.seconds), CASE WHEN l.seconds > 36000 THEN 0 ELSE l.seconds END
     FROM planned p CROSS JOIN carts c CROSS JOIN offers o
     CROSS JOIN LATERAL (
       SELECT CASE WHEN p.length < 0.003 THEN 40000 WHEN p.length < 0.013 THEN 20000
                   ELSE 2400 + floor(p.length * 3600)::int END AS seconds
     ) AS l`,
    [siteId, first],
  );
  // One booking per booking ride, as the booking flow leaves it (its code need not be unique: past ones).
  const bookings = await pool.query(
    `INSERT INTO bookings (site_id, device_id, status, source, start, "end", blocked_until, name, service_id,
                           price_id)
     SELECT site_id, device_id, 'confirmed', 'app', start, start + interval '1 minute',
            start + interval '1 minute', 'Bench guest', service_id, price_id
     FROM rides WHERE site_id = $1 AND type = 'booking'
     ON CONFLICT DO NOTHING`,
    [siteId],
  );
  await pool.query('ANALYZE rides; ANALYZE bookings');
  return { rides: rides.rowCount ?? 0, bookings: bookings.rowCount ?? 0 };
}

async function timeGet(rt: Runtime, club: Club, label: string, query: string): Promise<Timed> {
  const ms: number[] = [];
  let bytes = 0;
  let rounds = 0;
  for (let run = 0; run < GET_RUNS + WARM_UP; run++) {
    const started = performance.now();
    const res = await fetch(`${rt.url}/api/dashboard/rides/chart?${query}`, {
      headers: { authorization: `Bearer ${club.token}`, 'site-id': club.siteId },
    });
    const body = await res.text();
    const took = performance.now() - started;
    if (!res.ok) throw new Error(`${label}: ${res.status} ${body.slice(0, 300)}`);
    // The first calls warm the connection pool and the query plans.
    if (run >= WARM_UP) ms.push(took);
    bytes = body.length;
    rounds = (JSON.parse(body) as RideUsage).totals.rounds;
  }
  return { label, bytes, rounds, ...summarize(ms) };
}

await main();
