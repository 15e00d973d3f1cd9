/**
 * `npm run bench:members`: the members list at club scale (issue #4).
 *
 *   1. imports 10,000 members through POST /api/dashboard/members/import over real HTTP, into a fresh site
 *      each run (BENCH_RUNS, default 5), and reports wall time p50/max and rows/s. Target: well under 10 s.
 *   2. on the last site (10,000 members, a third with a code), times GET /api/dashboard/members pages of
 *      100: unfiltered, deep, sorted by credits, and searched (p50/p99 of BENCH_GET_RUNS calls, default 100).
 *
 * The whole server runs in this process on loopback. PostgreSQL is the embedded server in a temporary
 * DATA_DIR, or a database `fairway_bench_members` created (and dropped afterwards) on the server
 * BENCH_DATABASE_URL names. Takes under a minute.
 */
import type { MemberImportResult, MemberImportRow, MembersPage } from '@fairway/domain';
import type { Runtime } from '../apps/server/src/runtime';
import {
  COMPANIES,
  emailLocalPart,
  FIRST_NAMES,
  LAST_NAMES,
  PHONE,
  type Origin,
} from '../apps/server/src/demo/demo-member-names';
import { sites } from '../apps/server/src/db/tables/sites';
import { users } from '../apps/server/src/db/tables/users';
import { withBenchRuntime, writeBenchResult } from './lib/bench-runtime';
import { summarize } from './lib/report';
import type { LatencySummary } from './lib/protocol';
import { machine } from './lib/machine';
import { sessionToken } from './lib/session-token';

const ROWS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GET_RUNS = Number(process.env.BENCH_GET_RUNS ?? 100);
const TARGET_IMPORT_MS = 10_000;

/** The list calls the members page makes, on 10,000 members (query strings as the web app sends them). */
const LIST_CASES: Array<{ label: string; query: Record<string, string> }> = [
  { label: 'first page, by name', query: { page: '1', limit: '100', sort: 'name:asc' } },
  { label: 'page 50, by name', query: { page: '50', limit: '100', sort: 'name:asc' } },
  { label: 'page 10, by credits desc', query: { page: '10', limit: '100', sort: 'credits:desc' } },
  { label: "search 'sen' (all fields)", query: { page: '1', limit: '100', sort: 'name:asc', query: 'sen' } },
  {
    label: "search 'ØSTER' (all fields)",
    query: { page: '1', limit: '100', sort: 'name:asc', query: 'ØSTER' },
  },
  { label: "search 'aps' in company", query: { limit: '100', query: 'aps', searchIn: 'company' } },
  { label: "search '.4242@' in email", query: { limit: '100', query: '.4242@', searchIn: 'email' } },
];

interface ListResult extends LatencySummary {
  label: string;
  matches: number;
  bytes: number;
}

async function main(): Promise<void> {
  await withBenchRuntime('fairway_bench_members', async (rt) => {
    const importMs: number[] = [];
    let last: { siteId: string; token: string } | null = null;
    for (let run = 1; run <= RUNS; run++) {
      last = await benchSite(rt, run);
      const rows = memberRows(run);
      const started = performance.now();
      const res = await fetch(`${rt.url}/api/dashboard/members/import`, {
        method: 'POST',
        headers: { ...headers(last), 'content-type': 'application/json' },
        body: JSON.stringify({ members: rows }),
      });
      const body = await res.text();
      const ms = performance.now() - started;
      if (!res.ok) throw new Error(`import run ${run}: ${res.status} ${body.slice(0, 300)}`);
      const result = JSON.parse(body) as MemberImportResult;
      if (result.imported !== ROWS)
        throw new Error(`import run ${run} imported ${result.imported} of ${ROWS}`);
      importMs.push(ms);
      console.log(`Import run ${run}: ${ROWS.toLocaleString('en')} members in ${ms.toFixed(0)} ms`);
    }
    const imports = summarize(importMs);
    const rowsPerSecond = Math.round(ROWS / (imports.p50 / 1000));
    console.log(
      `\nImport of ${ROWS.toLocaleString('en')}: p50 ${imports.p50} ms, max ${imports.max} ms, ` +
        `${rowsPerSecond.toLocaleString('en')} rows/s at p50 (target < ${TARGET_IMPORT_MS / 1000} s)\n`,
    );

    await giveCodes(rt, last!.siteId);
    const lists: ListResult[] = [];
    for (const { label, query } of LIST_CASES) {
      lists.push(await timeList(rt, last!, label, query));
      const r = lists.at(-1)!;
      console.log(
        `${label.padEnd(30)} p50 ${r.p50.toFixed(1).padStart(5)} ms, p99 ${r.p99.toFixed(1).padStart(5)} ms, ` +
          `max ${r.max.toFixed(1).padStart(5)} ms, ${r.matches.toLocaleString('en').padStart(6)} matches, ` +
          `${(r.bytes / 1024).toFixed(0)} KB`,
      );
    }

    const report = {
      date: new Date().toISOString(),
      machine: await machine(rt),
      database: process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'embedded',
      import: { rows: ROWS, runs: RUNS, ms: imports, rowsPerSecond, targetMs: TARGET_IMPORT_MS },
      list: { members: ROWS, runs: GET_RUNS, cases: lists },
    };
    const file = await writeBenchResult('members', report);
    const met = imports.max < TARGET_IMPORT_MS;
    console.log(`\nImport: ${met ? 'target met' : 'TARGET MISSED'} (every run < 10 s). ${file}`);
  });
}

const headers = (site: { siteId: string; token: string }) => ({
  authorization: `Bearer ${site.token}`,
  'site-id': site.siteId,
});

/** A fresh Danish club and an admin's token for it (a bench inserts them directly). */
async function benchSite(rt: Runtime, run: number): Promise<{ siteId: string; token: string }> {
  const [site] = await rt.ctx.db
    .insert(sites)
    .values({
      name: `Bench Members ${run}`,
      country: 'Denmark',
      currency: 'DKK',
      centerLatLong: '55.676100, 12.568300',
      timezone: 'Europe/Copenhagen',
      openingHours: Array.from({ length: 7 }, () => ({ openTime: '06:00', closeTime: '21:00' })),
      lang: 'da',
    })
    .returning();
  const [admin] = await rt.ctx.db
    .insert(users)
    .values({
      email: `bench-members-${run}@example.com`,
      passwordHash: 'unused',
      role: 'admin',
      sites: [site!.id],
    })
    .returning();
  return { siteId: site!.id, token: await sessionToken(rt, admin!.id, 'admin') };
}

/** 10,000 rows as a club's CSV export gives them: every column filled, names in three languages. */
function memberRows(run: number): MemberImportRow[] {
  const origins: Origin[] = ['da', 'de', 'en'];
  const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
  return Array.from({ length: ROWS }, (_, i) => {
    const origin = pick(origins, i);
    const first = pick(FIRST_NAMES[origin], i * 7);
    const last = pick(LAST_NAMES[origin], i * 13 + run);
    return {
      name: `${first} ${last}`,
      email: `${emailLocalPart(first, last)}.${i}@example.org`,
      memberNumber: String(10_000 + i),
      company: i % 4 === 0 ? null : pick(COMPANIES[origin], i),
      phone: PHONE[origin](String(10_000_000 + i * 7919).slice(-8)),
    };
  });
}

/** A third of the members get a virtual key and the credits vary, as on a real club's list. */
async function giveCodes(rt: Runtime, siteId: string): Promise<void> {
  const { pool } = rt.ctx.database;
  await pool.query(
    `UPDATE members SET credits = CASE WHEN abs(hashtext(id::text)) % 7 = 0 THEN -1
                                        ELSE abs(hashtext(id::text)) % 21 END
      WHERE site_id = $1`,
    [siteId],
  );
  await pool.query(
    `INSERT INTO codes (site_id, member_id, type, code, all_devices)
     SELECT site_id, id, 'virtualKey', (100000 + row_number() OVER (ORDER BY id))::text, true
       FROM members WHERE site_id = $1 AND abs(hashtext(id::text)) % 3 = 0`,
    [siteId],
  );
  await pool.query('ANALYZE members; ANALYZE codes');
}

async function timeList(
  rt: Runtime,
  site: { siteId: string; token: string },
  label: string,
  query: Record<string, string>,
): Promise<ListResult> {
  const url = `${rt.url}/api/dashboard/members?${new URLSearchParams(query).toString()}`;
  const times: number[] = [];
  let body = '';
  // One warm-up call: the first pays for PostgreSQL's plan and cold pages, which a busy server has warm.
  for (let run = 0; run <= GET_RUNS; run++) {
    const started = performance.now();
    const res = await fetch(url, { headers: headers(site) });
    body = await res.text();
    if (!res.ok) throw new Error(`${label}: ${res.status} ${body.slice(0, 300)}`);
    if (run > 0) times.push(performance.now() - started);
  }
  const page = JSON.parse(body) as MembersPage;
  return { label, ...summarize(times), matches: page.pagination.totalItems, bytes: Buffer.byteLength(body) };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
