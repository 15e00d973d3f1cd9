/**
 * `npm run bench:devices`: the Device Manager with 5,000 trackers (issue 20, item 1 "fast with 5,000 devices").
 *
 *   1. 50 sites of 100 trackers each (5,000), a fifth online, with CCIDs, carriers and firmware versions;
 *   2. times over real HTTP as a superadmin (p50/p95 of BENCH_GET_RUNS calls each, default 30, after 5 warm-up
 *      calls): the first page of 20 sorted by car (the page as it opens), a page of 100 sorted by site deep in
 *      the list, a search by part of a serial, a messy serial through Find Device, every tracker at once
 *      (`pageSize=all`, what 'All' asks) and the CSV export of all of them.
 *
 * The whole server runs in this process on loopback. PostgreSQL is the embedded server in a temporary
 * DATA_DIR, or a database `fairway_bench_devices` created (and dropped afterwards) on the server
 * BENCH_DATABASE_URL names (bench/lib/bench-database.ts).
 */
import type { AdminDevicePage } from '@fairway/domain';
import type { Runtime } from '../apps/server/src/runtime';
import { withBenchRuntime, writeBenchResult } from './lib/bench-runtime';
import { machine } from './lib/machine';
import { benchSuperadminToken } from './lib/session-token';

const SITES = 50;
const TRACKERS_PER_SITE = 100;
const GET_RUNS = Number(process.env.BENCH_GET_RUNS ?? 30);
const WARM_UP = 5;
/** A page of the table well inside a click; all 5,000 within a few seconds. */
const TARGETS_P95_MS = { page: 200, all: 3_000 };

interface Timed {
  label: string;
  p50: number;
  p95: number;
  max: number;
  bytes: number;
  targetP95Ms: number;
}

const CASES: Array<{ label: string; path: string; target: keyof typeof TARGETS_P95_MS }> = [
  { label: 'first page, 20 by car', path: '/?pageSize=20', target: 'page' },
  {
    label: 'page 40 of 100 by site, desc',
    path: '/?pageSize=100&page=40&sort=site&dir=desc',
    target: 'page',
  },
  { label: 'search part of a serial', path: '/?pageSize=50&q=bench-04-002', target: 'page' },
  {
    label: 'find a messy serial',
    path: `/find?serial=${encodeURIComponent(' bench_02 - 0042 ')}`,
    target: 'page',
  },
  { label: 'all 5,000', path: '/?pageSize=all', target: 'all' },
  { label: 'CSV export of all', path: '/export', target: 'all' },
];

async function main(): Promise<void> {
  await withBenchRuntime('fairway_bench_devices', async (rt) => {
    const started = performance.now();
    const trackers = await seed(rt);
    console.log(`seeded ${trackers} trackers in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
    const token = await benchSuperadminToken(rt);

    const timed: Timed[] = [];
    for (const { label, path, target } of CASES) {
      const result = await timeGet(rt, token, label, path, TARGETS_P95_MS[target]);
      timed.push(result);
      console.log(
        `${label.padEnd(32)} p50 ${result.p50.toFixed(1).padStart(7)} ms, p95 ${result.p95.toFixed(1).padStart(7)} ms, ` +
          `max ${result.max.toFixed(1).padStart(7)} ms, ${(result.bytes / 1024).toFixed(0)} KB`,
      );
    }
    const report = {
      date: new Date().toISOString(),
      machine: await machine(rt),
      database: process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'embedded',
      trackers,
      runs: GET_RUNS,
      cases: timed,
    };
    const file = await writeBenchResult('admin-devices', report);
    const met = timed.every((result) => result.p95 < result.targetP95Ms);
    console.log(`\nEvery case within its p95 target: ${met ? 'met' : 'MISSED'}. ${file}`);
  });
}

/** 50 sites of 100 trackers: serials BENCH-<site>-<n>, a fifth online, each with a SIM and a firmware. */
async function seed(rt: Runtime): Promise<number> {
  const { pool } = rt.ctx.database;
  await pool.query(
    `INSERT INTO sites (name, country, currency, center_lat_long, timezone, opening_hours)
     SELECT 'Bench Club ' || lpad(n::text, 2, '0'), 'United Kingdom', 'GBP', '51.500000, -0.100000',
            'Europe/London', '[]'
     FROM generate_series(1, ${SITES}) AS n`,
  );
  const inserted = await pool.query(
    `INSERT INTO devices (serial, secret_hash, site_id, car_number, car_name, online, last_report_at, uptime,
                          firmware, gprs_ccid, gprs_carrier, batt_voltage, gps_lock, temp, con_type)
     SELECT 'BENCH-' || lpad(s.n::text, 2, '0') || '-' || lpad(c::text, 4, '0'), 'unused', s.id, c::text,
            'Cart ' || c, c % 5 = 0, now() - make_interval(secs => CASE WHEN c % 5 = 0 THEN 5 ELSE 3600 END),
            c * 97, 'fw-2.' || (c % 4) || '.0', '894501' || lpad((s.n * 1000 + c)::text, 13, '0'),
            CASE WHEN c % 2 = 0 THEN 'Telenor DK' ELSE 'Vodafone UK' END, 48 + (c % 40) * 0.1, c % 9,
            20 + c % 15, CASE WHEN c % 3 = 0 THEN 'W' ELSE 'G' END
     FROM (SELECT id, row_number() OVER (ORDER BY name) AS n FROM sites WHERE name LIKE 'Bench Club %') AS s
     CROSS JOIN generate_series(1, ${TRACKERS_PER_SITE}) AS c`,
  );
  await pool.query('ANALYZE sites; ANALYZE devices');
  return inserted.rowCount ?? 0;
}

async function timeGet(
  rt: Runtime,
  token: string,
  label: string,
  path: string,
  targetP95Ms: number,
): Promise<Timed> {
  const ms: number[] = [];
  let bytes = 0;
  for (let run = 0; run < GET_RUNS + WARM_UP; run++) {
    const started = performance.now();
    const res = await fetch(`${rt.url}/api/admin/devices${path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await res.text();
    const took = performance.now() - started;
    if (!res.ok) throw new Error(`${label}: ${res.status} ${body.slice(0, 300)}`);
    if (run === 0 && path.startsWith('/?') && (JSON.parse(body) as AdminDevicePage).data.length === 0)
      throw new Error(`${label}: no trackers in the answer`);
    if (run >= WARM_UP) ms.push(took);
    bytes = body.length;
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!;
  return { label, p50: at(0.5), p95: at(0.95), max: ms.at(-1)!, bytes, targetP95Ms };
}

await main();
