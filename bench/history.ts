/**
 * `npm run bench:history`: ride history for six months of a 40-cart fleet (issue #3, item 10).
 *
 *   1. generates the positions inside PostgreSQL (bench/lib/history-data.ts): ~33 million rows;
 *   2. runs the roll-up job over every ended day, today so far and every whole week, and times it;
 *   3. times GET /api/dashboard/rides/history over real HTTP, trail and heatmap, for today, 7 days, 1, 3
 *      and 6 months (p50/p99 of several runs) and records what the browser receives, in bytes;
 *   4. times today once more with today not rolled up (a job that runs only nightly).
 * Targets: under 500 ms and under 2 MB for six months. Takes 15–40 minutes, most of it generating.
 *
 * The database is the embedded PostgreSQL in a temporary DATA_DIR, or a database `fairway_bench_history`
 * created (and dropped afterwards) on the server BENCH_DATABASE_URL names. BENCH_HISTORY_KEEP=1 keeps it,
 * and a later run with the same variable reuses its positions and roll-ups (for tuning the query alone).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { loadConfig } from '../apps/server/src/config';
import { startRuntime, type Runtime } from '../apps/server/src/runtime';
import { hashToken, randomToken } from '../apps/server/src/lib/tokens';
import { devices } from '../apps/server/src/db/tables/devices';
import { sites } from '../apps/server/src/db/tables/sites';
import { users } from '../apps/server/src/db/tables/users';
import { generateFleetHistory, type FleetHistoryPlan } from './lib/history-data';
import { machine } from './lib/machine';
import { sessionToken } from './lib/session-token';

const here = path.dirname(fileURLToPath(import.meta.url));
/** 40 by default; BENCH_HISTORY_CARTS makes a smaller fleet (a quicker run on a busy machine). */
const CARTS = Number(process.env.BENCH_HISTORY_CARTS ?? 40);
const DATABASE = 'fairway_bench_history';
const SITE = { name: 'Bench History Links', timezone: 'Europe/London', lat: 56.3498, lng: -2.8135 };
const TARGET_MS = 500;
const TARGET_BYTES = 2 * 1024 * 1024;
const RANGES: Array<{ label: string; months: number; days: number; runs: number }> = [
  { label: 'today', months: 0, days: 0, runs: 10 },
  { label: '7 days', months: 0, days: 6, runs: 10 },
  { label: '1 month', months: 1, days: 0, runs: 10 },
  { label: '3 months', months: 3, days: 0, runs: 10 },
  { label: '6 months', months: 6, days: 0, runs: 30 },
];

interface QueryResult {
  range: string;
  mode: 'trail' | 'heatmap';
  runs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  bytes: number;
  items: number;
  points: number;
}

const keep = process.env.BENCH_HISTORY_KEEP === '1';

async function main(): Promise<void> {
  const database = await openDatabase();
  const log = pino({ level: 'warn' });
  const rt = await startRuntime(
    loadConfig({
      NODE_ENV: 'production',
      ...database.env,
      PORT: '0',
      HOST: '127.0.0.1',
      MQTT_PORT: '0',
      SIMULATOR: 'off',
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
    }),
    log,
  );
  try {
    const { siteId, token, generated } = await prepareSite(rt);
    const now = new Date();
    const rollupStarted = performance.now();
    const rollup = await rt.ctx.historyRollup.run(now, { budgetMs: Number.POSITIVE_INFINITY });
    const rollupMs = performance.now() - rollupStarted;
    console.log(
      `Roll-up: ${rollup.days} site days and ${rollup.weeks} weeks in ${(rollupMs / 1000).toFixed(1)} s`,
    );

    const results: QueryResult[] = [];
    for (const range of RANGES) {
      const start = await rangeStart(rt, range.months, range.days);
      for (const mode of ['trail', 'heatmap'] as const) {
        results.push(await measure(rt, token, siteId, { ...range, start, end: now.toISOString(), mode }));
        printResult(results.at(-1)!);
      }
    }

    // The same "today" with the day not rolled up at all, as when the job runs only nightly.
    await rt.ctx.database.pool.query(
      `DELETE FROM history_rollups WHERE site_id = $1 AND span = 1 AND day = (now() AT TIME ZONE $2)::date`,
      [siteId, SITE.timezone],
    );
    const today = await rangeStart(rt, 0, 0);
    for (const mode of ['trail', 'heatmap'] as const) {
      results.push(
        await measure(rt, token, siteId, {
          ...RANGES[0]!,
          label: 'today, raw',
          start: today,
          end: now.toISOString(),
          mode,
        }),
      );
      printResult(results.at(-1)!);
    }

    const stats = await tableStats(rt);
    const report = {
      date: now.toISOString(),
      machine: await machine(rt),
      carts: CARTS,
      generated,
      rollup: { days: rollup.days, weeks: rollup.weeks, ms: Math.round(rollupMs) },
      tables: stats,
      queries: results,
      targets: { ms: TARGET_MS, bytes: TARGET_BYTES },
    };
    await fs.mkdir(path.join(here, 'results'), { recursive: true });
    const file = path.join(here, 'results', `history-${now.toISOString().replaceAll(':', '-')}.json`);
    await fs.writeFile(file, JSON.stringify(report, null, 2));
    const six = results.filter((r) => r.range === '6 months');
    const met = six.every((r) => r.p99Ms < TARGET_MS && r.bytes < TARGET_BYTES);
    console.log(`\n6 months: ${met ? 'targets met' : 'TARGETS MISSED'} (< ${TARGET_MS} ms, < 2 MB). ${file}`);
  } finally {
    await rt.stop();
    await database.close();
  }
}

function printResult(r: QueryResult): void {
  const ms = (value: number) => value.toFixed(0).padStart(4);
  console.log(
    `${r.range.padEnd(10)} ${r.mode.padEnd(7)} p50 ${ms(r.p50Ms)} ms, p99 ${ms(r.p99Ms)} ms, ` +
      `${(r.bytes / 1024).toFixed(0).padStart(5)} KB, ${r.items} ${r.mode === 'trail' ? 'carts' : 'cells'}, ${r.points} points`,
  );
}

/** The bench's own database: created on BENCH_DATABASE_URL's server, or an embedded one. */
async function openDatabase(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fairway-bench-history-'));
    await fs.chmod(dataDir, 0o755);
    return {
      env: { DATA_DIR: dataDir, EMBEDDED_PG_PORT: process.env.BENCH_PG_PORT ?? '5495' },
      close: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  }
  const admin = new pg.Client(adminUrl);
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount;
  if (exists && !keep) await admin.query(`DROP DATABASE ${DATABASE} WITH (FORCE)`);
  if (!exists || !keep) await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  return {
    env: { DATABASE_URL: url.toString() },
    async close() {
      if (keep) return;
      const cleanup = new pg.Client(adminUrl);
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** The bench site, its carts, an admin and six months of positions (reused when kept from a run before). */
async function prepareSite(rt: Runtime): Promise<{ siteId: string; token: string; generated: boolean }> {
  const { db } = rt.ctx;
  const existing = await db.query.sites.findFirst({ where: (s, { eq }) => eq(s.name, SITE.name) });
  const [site] = existing
    ? [existing]
    : await db
        .insert(sites)
        .values({
          name: SITE.name,
          country: 'United Kingdom',
          currency: 'GBP',
          centerLatLong: `${SITE.lat.toFixed(6)}, ${SITE.lng.toFixed(6)}`,
          timezone: SITE.timezone,
          openingHours: Array.from({ length: 7 }, () => ({ openTime: '07:00', closeTime: '21:00' })),
        })
        .returning();
  const siteId = site!.id;
  const [admin] = await db
    .insert(users)
    .values({
      email: `bench-history-${randomToken(4)}@example.com`,
      passwordHash: 'unused',
      role: 'admin',
      sites: [siteId],
    })
    .returning();
  const token = await sessionToken(rt, admin!.id, 'admin');
  if (existing) return { siteId, token, generated: false };

  const carts = await db
    .insert(devices)
    .values(
      Array.from({ length: CARTS }, (_, i) => ({
        serial: `BENCH-HISTORY-${String(i + 1).padStart(3, '0')}`,
        secretHash: hashToken(randomToken()),
        siteId,
        carNumber: String(i + 1),
        carName: `Cart ${i + 1}`,
      })),
    )
    .returning({ id: devices.id });
  const plan: FleetHistoryPlan = {
    siteId,
    timezone: SITE.timezone,
    lat: SITE.lat,
    lng: SITE.lng,
    cartIds: carts.map((cart) => cart.id),
    days: await siteDays(rt, 6, 7),
    until: new Date(),
  };
  // positions is partitioned by month (migration 0015): the months of the plan exist before their rows come.
  await rt.ctx.positionsPartitions.ensure(new Date(`${plan.days[0]!}T00:00:00Z`), plan.until);
  const started = performance.now();
  const rows = await generateFleetHistory(rt.ctx.database.pool, plan, (done, total) => {
    if (done % 10 === 0 || done === total)
      process.stdout.write(`\rGenerating positions: day ${done}/${total}`);
  });
  await rt.ctx.database.pool.query('ANALYZE positions');
  console.log(
    `\n${rows.toLocaleString('en')} positions in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  return { siteId, token, generated: true };
}

/** The site days from `months` months and `extraDays` days ago up to today, in the site's time zone. */
async function siteDays(rt: Runtime, months: number, extraDays: number): Promise<string[]> {
  const { rows } = await rt.ctx.database.pool.query<{ day: string }>(
    `SELECT d::date::text AS day FROM generate_series(
       (now() AT TIME ZONE $1)::date - make_interval(months => $2, days => $3),
       (now() AT TIME ZONE $1)::date, interval '1 day') AS d`,
    [SITE.timezone, months, extraDays],
  );
  return rows.map((row) => row.day);
}

/** What the map's quick range sends: the site's midnight `months` months and `days` days before today. */
async function rangeStart(rt: Runtime, months: number, days: number): Promise<string> {
  const { rows } = await rt.ctx.database.pool.query<{ start: Date }>(
    `SELECT ((now() AT TIME ZONE $1)::date - make_interval(months => $2, days => $3))::timestamp
              AT TIME ZONE $1 AS start`,
    [SITE.timezone, months, days],
  );
  return rows[0]!.start.toISOString();
}

async function measure(
  rt: Runtime,
  token: string,
  siteId: string,
  q: { label: string; runs: number; start: string; end: string; mode: 'trail' | 'heatmap' },
): Promise<QueryResult> {
  const url = `${rt.url}/api/dashboard/rides/history?${new URLSearchParams({ start: q.start, end: q.end, mode: q.mode })}`;
  const headers = { authorization: `Bearer ${token}`, 'site-id': siteId };
  const times: number[] = [];
  let body = '';
  // One warm-up call: the first pays for PostgreSQL's plan and cold pages, which a busy server has warm.
  for (let run = 0; run <= q.runs; run++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    body = await res.text();
    if (!res.ok) throw new Error(`${q.label} ${q.mode}: ${res.status} ${body}`);
    if (run > 0) times.push(performance.now() - started);
  }
  const parsed = JSON.parse(body) as
    { mode: 'trail'; carts: Array<{ segments: number[][][] }> } | { mode: 'heatmap'; points: number[][] };
  const items = parsed.mode === 'trail' ? parsed.carts.length : parsed.points.length;
  const points =
    parsed.mode === 'trail'
      ? parsed.carts.reduce((n, cart) => n + cart.segments.reduce((m, s) => m + s.length, 0), 0)
      : parsed.points.length;
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)]!;
  return {
    range: q.label,
    mode: q.mode,
    runs: q.runs,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: times.at(-1)!,
    bytes: Buffer.byteLength(body),
    items,
    points,
  };
}

/** Rows and on-disk size (with indexes) of positions and each roll-up table. */
async function tableStats(rt: Runtime) {
  const tables = ['positions', 'trail_daily', 'trail_weekly', 'heat_daily', 'heat_weekly'] as const;
  // Summed over the partitions (positions by month): a partitioned parent itself has no storage, and
  // pg_partition_tree lists nothing for a plain table.
  const { rows } = await rt.ctx.database.pool.query<{
    name: string;
    rows: string;
    bytes: string;
    heap: string;
    partitions: string;
  }>(
    tables
      .map(
        (table) =>
          `SELECT '${table}' AS name, (SELECT count(*) FROM ${table}) AS rows,
                  coalesce(sum(pg_total_relation_size(relid)), pg_total_relation_size('${table}')) AS bytes,
                  coalesce(sum(pg_relation_size(relid)), pg_relation_size('${table}')) AS heap,
                  count(*) FILTER (WHERE isleaf) AS partitions
             FROM pg_partition_tree('${table}')`,
      )
      .join(' UNION ALL '),
  );
  return Object.fromEntries(
    rows.map((row) => [
      row.name,
      {
        rows: Number(row.rows),
        mb: Math.round(Number(row.bytes) / 1024 / 1024),
        bytesPerRow: Number(row.rows) > 0 ? Math.round(Number(row.bytes) / Number(row.rows)) : null,
        heapBytesPerRow: Number(row.rows) > 0 ? Math.round(Number(row.heap) / Number(row.rows)) : null,
        partitions: Number(row.partitions),
      },
    ]),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
