/**
 * `npm run bench:admin`: the platform dashboard for 200 sites (issue 21, item 1 "fast for 200 sites").
 *
 *   1. 200 sites of 25 carts each (5,000 carts, a fifth of them online), with a year of history generated in
 *      PostgreSQL: 30 guest bookings a day per site (a tenth cancelled, plus maintenance blocks), 20
 *      succeeded card payments a day per site (in two currencies), and 100 members per site linked to
 *      guest-app profiles created over the year;
 *   2. times GET /api/admin/dashboard over real HTTP as a superadmin for All Sites and for one site, for
 *      Today, the Last 12 months and All time (p50/p95 of BENCH_GET_RUNS calls each, default 30, after 5
 *      warm-up calls), and prints the plans of the All Sites bookings and payments statements for Today and
 *      the Last 12 months (EXPLAIN ANALYZE), so a sequential scan of a big table shows.
 *
 * The whole server runs in this process on loopback. PostgreSQL is the embedded server in a temporary
 * DATA_DIR, or a database `fairway_bench_admin` created (and dropped afterwards) on the server
 * BENCH_DATABASE_URL names (bench/lib/bench-database.ts). Seeding takes a few minutes on two cores.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { addDays, localDate, zonedInstant, type AdminDashboardView } from '@fairway/domain';
import type { DbExecutor } from '../apps/server/src/db/client';
import { AdminDashboardRepository } from '../apps/server/src/modules/admin-dashboard/admin-dashboard.repository';
import { dashboardBucket } from '../apps/server/src/modules/admin-dashboard/admin-dashboard.service';
import type { Runtime } from '../apps/server/src/runtime';
import { withBenchRuntime, writeBenchResult } from './lib/bench-runtime';
import { machine } from './lib/machine';
import { benchSuperadminToken } from './lib/session-token';

const SITES = Number(process.env.BENCH_SITES ?? 200);
const CARTS = 25;
const DAYS = 365;
const BOOKINGS_PER_DAY = 30;
const PAYMENTS_PER_DAY = 20;
const MEMBERS = 100;
const GET_RUNS = Number(process.env.BENCH_GET_RUNS ?? 30);
const WARM_UP = 5;
const TZ = 'Europe/London';
const HALF_HOUR_TZ = 'Asia/Kolkata';
/**
 * BENCH_ADMIN_KEEP=1 keeps the seeded database; BENCH_ADMIN_REUSE=1 (with BENCH_DATABASE_URL) times it again
 * without seeding (seeding takes about 15 minutes on two shared cores) and keeps it.
 */
const REUSE = process.env.BENCH_ADMIN_REUSE === '1';
/** What "fast" means here: a dashboard call well inside a page load. */
const TARGET_P95_MS = 500;

interface Timed {
  label: string;
  p50: number;
  p95: number;
  max: number;
  bytes: number;
}

async function main(): Promise<void> {
  await withBenchRuntime(
    'fairway_bench_admin',
    async (rt) => {
      const started = performance.now();
      const counts = REUSE ? await seeded(rt) : await seed(rt);
      const seedMs = performance.now() - started;
      console.log(`seeded in ${(seedMs / 1000).toFixed(0)} s: ${JSON.stringify(counts)}\n`);

      const token = await benchSuperadminToken(rt);
      const { rows } = await rt.ctx.database.pool.query<{ id: string }>(
        `SELECT id FROM sites WHERE NOT staging ORDER BY name LIMIT 1`,
      );
      const oneSite = rows[0]!.id;

      const today = localDate(Date.now(), TZ);
      const at = (date: string) => new Date(zonedInstant(date, '00:00', TZ)).toISOString();
      const ranges = {
        Today: { from: at(today), to: at(addDays(today, 1)), timeZone: TZ },
        'Last 12 months': { from: at(addDays(today, -365)), to: at(addDays(today, 1)), timeZone: TZ },
        'All time': { from: '2000-01-01T00:00:00.000Z', to: at(addDays(today, 1)), timeZone: TZ },
        // A zone whose midnights are not on a UTC hour: each day's first half hour is read from the base
        // tables, per site (the rollups' worst case: 92 such edges).
        'Last 92 days, Kolkata': {
          from: new Date(zonedInstant(addDays(today, -91), '00:00', HALF_HOUR_TZ)).toISOString(),
          to: new Date(zonedInstant(addDays(today, 1), '00:00', HALF_HOUR_TZ)).toISOString(),
          timeZone: HALF_HOUR_TZ,
        },
      };
      const timed: Timed[] = [];
      for (const [scope, siteId] of [
        ['All Sites', null],
        ['one site', oneSite],
      ] as const) {
        for (const [name, range] of Object.entries(ranges)) {
          const query = new URLSearchParams({ ...range, ...(siteId ? { siteId } : {}) });
          const result = await timeGet(rt, token, `${scope}, ${name}`, query.toString());
          timed.push(result);
          console.log(
            `${result.label.padEnd(34)} p50 ${result.p50.toFixed(1).padStart(7)} ms, p95 ` +
              `${result.p95.toFixed(1).padStart(7)} ms, max ${result.max.toFixed(1).padStart(7)} ms, ` +
              `${(result.bytes / 1024).toFixed(1)} KB`,
          );
        }
      }
      await explain(rt, 'Today', ranges.Today);
      await explain(rt, 'Last 12 months', ranges['Last 12 months']);
      await explain(rt, 'Last 92 days, Kolkata', ranges['Last 92 days, Kolkata']);

      const report = {
        date: new Date().toISOString(),
        machine: await machine(rt),
        database: process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'embedded',
        sites: SITES,
        cartsPerSite: CARTS,
        days: DAYS,
        seeded: counts,
        seedSeconds: Math.round(seedMs / 1000),
        runs: GET_RUNS,
        cases: timed,
        targetP95Ms: TARGET_P95_MS,
      };
      const file = await writeBenchResult('admin-dashboard', report);
      const met = timed.every((result) => result.p95 < TARGET_P95_MS);
      console.log(`\nEvery case p95 < ${TARGET_P95_MS} ms: ${met ? 'met' : 'MISSED'}. ${file}`);
    },
    { keep: process.env.BENCH_ADMIN_KEEP === '1' || REUSE, reuse: REUSE },
  );
}

/** Sites, carts, a year of bookings and payments, members and profiles: all generated in PostgreSQL. */
async function seed(rt: Runtime): Promise<Record<string, number>> {
  const { pool } = rt.ctx.database;
  const first = addDays(localDate(Date.now(), TZ), 1 - DAYS);
  const count = async (text: string, values: unknown[] = []) =>
    (await pool.query(text, values)).rowCount ?? 0;
  const sites = await count(
    `INSERT INTO sites (name, country, currency, center_lat_long, timezone, opening_hours)
     SELECT 'Bench Club ' || lpad(n::text, 3, '0'), 'United Kingdom', CASE WHEN n % 4 = 0 THEN 'EUR' ELSE 'GBP' END,
            to_char(50 + n * 0.01, 'FM990.000000') || ', ' || to_char(-2 + n * 0.01, 'FM990.000000'), '${TZ}', '[]'
     FROM generate_series(1, ${SITES}) AS n`,
  );
  // A fifth of the carts reported seconds ago (online), the rest an hour ago or never.
  const carts = await count(
    `INSERT INTO devices (serial, secret_hash, site_id, car_number, online, last_report_at, lat, lng)
     SELECT 'BENCH-' || s.id || '-' || c, 'unused', s.id, c::text, c % 5 = 0,
            CASE WHEN c % 5 = 0 THEN now() - interval '5 seconds' WHEN c % 2 = 0 THEN now() - interval '1 hour' END,
            50 + random(), -2 + random()
     FROM sites s CROSS JOIN generate_series(1, ${CARTS}) AS c WHERE NOT s.staging`,
  );
  // Per cart and day, hour-long slots two hours apart from 07:00 (no two overlap on a cart): slot k of the
  // day goes to cart k % 25. A tenth are cancelled; one slot a day is a maintenance block.
  const bookings = await count(
    `INSERT INTO bookings (site_id, device_id, booking_type, status, start, "end", blocked_until, name)
     SELECT d.site_id, d.id, CASE WHEN k = 0 THEN 'cart_maintenance' ELSE 'booking' END,
            CASE WHEN k % 10 = 3 THEN 'cancelled' ELSE 'confirmed' END,
            t.start, t.start + interval '1 hour', t.start + interval '1 hour', 'Bench guest'
     FROM generate_series($1::date, $1::date + ${DAYS - 1}, interval '1 day') AS day
     CROSS JOIN generate_series(0, ${BOOKINGS_PER_DAY}) AS k
     JOIN devices d ON d.car_number = ((k % ${CARTS}) + 1)::text AND d.serial LIKE 'BENCH-%'
     CROSS JOIN LATERAL (
       SELECT ((day + make_interval(hours => 7 + 2 * (k / ${CARTS})))::timestamp AT TIME ZONE '${TZ}') AS start
     ) AS t`,
    [first],
  );
  const payments = await count(
    `INSERT INTO payments (site_id, purpose, status, provider, provider_account_id, description, customer_name,
                           customer_email, total, currency, created_at, succeeded_at)
     SELECT s.id, 'ride', 'succeeded', 'sandbox', 'acct_bench', 'Ride', 'Bench guest', 'guest@example.org',
            1500 + (k % 5) * 500, s.currency, t.at, t.at
     FROM sites s
     CROSS JOIN generate_series($1::date, $1::date + ${DAYS - 1}, interval '1 day') AS day
     CROSS JOIN generate_series(1, ${PAYMENTS_PER_DAY}) AS k
     CROSS JOIN LATERAL (
       SELECT ((day + make_interval(mins => 420 + k * 30))::timestamp AT TIME ZONE '${TZ}') AS at
     ) AS t
     WHERE NOT s.staging`,
    [first],
  );
  const profiles = await count(
    `INSERT INTO profiles (email, first_name, created_at)
     SELECT 'bench-' || s.id || '-' || m || '@example.org', 'Guest ' || m,
            $1::date + make_interval(days => (m * 3) % ${DAYS})
     FROM sites s CROSS JOIN generate_series(1, ${MEMBERS}) AS m WHERE NOT s.staging`,
    [first],
  );
  const members = await count(
    `INSERT INTO members (site_id, name, email, profile_id)
     SELECT s.id, 'Member ' || m, 'bench-' || s.id || '-' || m || '@example.org', p.id
     FROM sites s CROSS JOIN generate_series(1, ${MEMBERS}) AS m
     JOIN profiles p ON p.email = 'bench-' || s.id || '-' || m || '@example.org'
     WHERE NOT s.staging`,
  );
  await pool.query(
    'ANALYZE sites; ANALYZE devices; ANALYZE bookings; ANALYZE payments; ANALYZE profiles; ANALYZE members',
  );
  return { sites, carts, bookings, payments, profiles, members };
}

/** What a kept database holds, for the report of a run that reused it. */
async function seeded(rt: Runtime): Promise<Record<string, number>> {
  const { rows } = await rt.ctx.database.pool.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM sites WHERE NOT staging) AS sites, (SELECT count(*) FROM devices) AS carts,
            (SELECT count(*) FROM bookings) AS bookings, (SELECT count(*) FROM payments) AS payments,
            (SELECT count(*) FROM profiles) AS profiles, (SELECT count(*) FROM members) AS members`,
  );
  return Object.fromEntries(Object.entries(rows[0]!).map(([key, value]) => [key, Number(value)]));
}

async function timeGet(rt: Runtime, token: string, label: string, query: string): Promise<Timed> {
  const ms: number[] = [];
  let bytes = 0;
  for (let run = 0; run < GET_RUNS + WARM_UP; run++) {
    const started = performance.now();
    const res = await fetch(`${rt.url}/api/admin/dashboard?${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await res.text();
    const took = performance.now() - started;
    if (!res.ok) throw new Error(`${label}: ${res.status} ${body.slice(0, 300)}`);
    if (run >= WARM_UP) ms.push(took);
    bytes = body.length;
    JSON.parse(body) as AdminDashboardView;
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
  return { label, p50: at(0.5), p95: at(0.95), max: ms.at(-1)!, bytes };
}

/**
 * The repository's own All Sites bookings and payments statements for a range, as PostgreSQL runs them: the
 * repository is handed a database whose transactions run its statements under EXPLAIN ANALYZE, keeping
 * the plans (its `SET LOCAL` runs as it is).
 */
async function explain(
  rt: Runtime,
  name: string,
  range: { from: string; to: string; timeZone: string },
): Promise<void> {
  const plans: string[] = [];
  const dialect = new PgDialect();
  const explaining = {
    transaction: <T>(work: (tx: unknown) => Promise<T>) =>
      rt.ctx.db.transaction((tx) =>
        work({
          async execute(query: SQL) {
            if (!dialect.sqlToQuery(query).sql.trimStart().startsWith('WITH')) return tx.execute(query);
            const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN ANALYZE ${query}`);
            plans.push(rows.map((row) => `  ${row['QUERY PLAN']}`).join('\n'));
            return { rows: [] };
          },
        }),
      ),
  } as unknown as DbExecutor;
  const repository = new AdminDashboardRepository(explaining);
  const from = new Date(range.from);
  const to = new Date(range.to);
  const scope = { siteId: null, from, to, timeZone: range.timeZone, bucket: dashboardBucket(from, to) };
  await repository.bookings(scope);
  await repository.payments(scope);
  console.log(`\nAll Sites, ${name}, bookings:\n${plans[0]}\n\nAll Sites, ${name}, payments:\n${plans[1]}`);
}

await main();
