/**
 * `npm run bench:bookings`: bookings at club scale (issue 17).
 *
 *   1. a club of 16 carts with two years of bookings behind it (three rounds a cart a day, ~35,000 rows)
 *      and the next two weeks half booked;
 *   2. times, over real HTTP, the calls the calendar and the booking dialog make: a day of slots for a
 *      4-hour service (target < 50 ms), the carts free for a slot with the recommendation, and the
 *      calendar's day list (p50/p99 of BENCH_GET_RUNS calls each, default 200);
 *   3. fires 20 overlapping creates for one cart at once and checks exactly one is stored (wall time).
 *
 * The whole server runs in this process on loopback. PostgreSQL is the embedded server in a temporary
 * DATA_DIR, or a database `fairway_bench_bookings` created (and dropped afterwards) on the server
 * BENCH_DATABASE_URL names. Takes well under a minute.
 */
import { addDays, localDate, zonedInstant, type ServiceView } from '@fairway/domain';
import type { Runtime } from '../apps/server/src/runtime';
import { sites } from '../apps/server/src/db/tables/sites';
import { users } from '../apps/server/src/db/tables/users';
import { withBenchRuntime, writeBenchResult } from './lib/bench-runtime';
import { summarize } from './lib/report';
import type { LatencySummary } from './lib/protocol';
import { machine } from './lib/machine';
import { sessionToken } from './lib/session-token';

const TZ = 'Europe/Copenhagen';
const CARTS = 16;
const DAYS_BEHIND = 730;
const DAYS_AHEAD = 14;
const GET_RUNS = Number(process.env.BENCH_GET_RUNS ?? 200);
const TARGET_SLOTS_MS = 50;
const CONCURRENT_CREATES = 20;

interface Timed extends LatencySummary {
  label: string;
  bytes: number;
}

async function main(): Promise<void> {
  await withBenchRuntime('fairway_bench_bookings', async (rt) => {
    const club = await benchClub(rt);
    const started = performance.now();
    const rows = await fillBookings(rt, club.siteId);
    console.log(
      `${rows.toLocaleString('en')} bookings stored in ${(performance.now() - started).toFixed(0)} ms\n`,
    );

    const day = addDays(localDate(Date.now(), TZ), 1);
    const slotStart = new Date(zonedInstant(day, '10:00', TZ)).toISOString();
    const slotEnd = new Date(zonedInstant(day, '14:00', TZ)).toISOString();
    const dayStart = new Date(zonedInstant(day, '00:00', TZ)).toISOString();
    const dayEnd = new Date(zonedInstant(addDays(day, 1), '00:00', TZ)).toISOString();
    const cases: Array<{ label: string; url: string }> = [
      {
        label: 'slots of a day (4 h service)',
        url: `/availability/slots?serviceId=${club.serviceId}&dateString=${day}`,
      },
      {
        label: 'carts free for a slot',
        url: `/availability/carts?${new URLSearchParams({ start: slotStart, end: slotEnd })}`,
      },
      {
        label: 'calendar day list',
        url: `/?${new URLSearchParams({ start: dayStart, end: dayEnd })}`,
      },
    ];
    const timed: Timed[] = [];
    for (const { label, url } of cases) {
      timed.push(await timeGet(rt, club, label, url));
      const r = timed.at(-1)!;
      console.log(
        `${label.padEnd(30)} p50 ${r.p50.toFixed(1).padStart(5)} ms, p99 ${r.p99.toFixed(1).padStart(5)} ms, ` +
          `max ${r.max.toFixed(1).padStart(5)} ms, ${(r.bytes / 1024).toFixed(1)} KB`,
      );
    }

    const race = await concurrentCreates(rt, club, day);
    console.log(
      `\n${CONCURRENT_CREATES} overlapping creates at once: ${race.stored} stored, ${race.refused} refused (409), ` +
        `${race.ms.toFixed(0)} ms wall`,
    );

    const report = {
      date: new Date().toISOString(),
      machine: await machine(rt),
      database: process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'embedded',
      bookings: rows,
      carts: CARTS,
      runs: GET_RUNS,
      cases: timed,
      concurrentCreates: race,
      targetSlotsMs: TARGET_SLOTS_MS,
    };
    const file = await writeBenchResult('bookings', report);
    const met = timed[0]!.p99 < TARGET_SLOTS_MS && race.stored === 1;
    console.log(
      `\nSlots p99 < ${TARGET_SLOTS_MS} ms and one booking stored: ${met ? 'met' : 'MISSED'}. ${file}`,
    );
  });
}

interface Club {
  siteId: string;
  token: string;
  serviceId: string;
  carts: string[];
}

const headers = (club: Club) => ({ authorization: `Bearer ${club.token}`, 'site-id': club.siteId });

/** A Danish club open 06:00–21:00 with 16 carts and an 18-hole (4 h) service; inserted directly. */
async function benchClub(rt: Runtime): Promise<Club> {
  const [site] = await rt.ctx.db
    .insert(sites)
    .values({
      name: 'Bench Bookings',
      country: 'Denmark',
      currency: 'DKK',
      centerLatLong: '55.676100, 12.568300',
      timezone: TZ,
      openingHours: Array.from({ length: 7 }, () => ({ openTime: '06:00', closeTime: '21:00' })),
      lang: 'da',
    })
    .returning();
  const [admin] = await rt.ctx.db
    .insert(users)
    .values({ email: 'bench-bookings@example.com', passwordHash: 'unused', role: 'admin', sites: [site!.id] })
    .returning();
  const club: Club = {
    siteId: site!.id,
    token: await sessionToken(rt, admin!.id, 'admin'),
    serviceId: '',
    carts: [],
  };
  const { pool } = rt.ctx.database;
  const carts = await pool.query<{ id: string }>(
    `INSERT INTO devices (serial, secret_hash, site_id, car_number, odometer, batt_voltage, vehicle_info)
     SELECT 'BENCH-BOOK-' || n, 'unused', $1, n::text, 800 + (n * 37) % 400, 50 + (n % 3) * 0.5,
            '{"cart":{"model":"Precedent","brand":"Club Car"},"power":"FLA","notes":""}'::jsonb
       FROM generate_series(1, ${CARTS}) AS n RETURNING id`,
    [club.siteId],
  );
  club.carts = carts.rows.map((row) => row.id);
  const res = await fetch(`${rt.url}/api/dashboard/services`, {
    method: 'POST',
    headers: { ...headers(club), 'content-type': 'application/json' },
    body: JSON.stringify({
      name: '18 holes',
      duration: 240,
      prices: [{ name: 'Guest', amount: 45_000, userGroup: null }],
    }),
  });
  if (!res.ok) throw new Error(`service: ${res.status} ${await res.text()}`);
  club.serviceId = ((await res.json()) as ServiceView)._id;
  return club;
}

/**
 * Two years of rounds (06:00, 10:20 and 14:40 on every cart every day, 20 minutes' turnaround between), a
 * tenth cancelled and a twentieth no-shows; the next two weeks with every other cart booked, each with its
 * own code (codes must be unique among current and future bookings).
 */
async function fillBookings(rt: Runtime, siteId: string): Promise<number> {
  const { pool } = rt.ctx.database;
  const today = localDate(Date.now(), TZ);
  const insert = (from: string, days: number, cartFilter: string, status: string) =>
    pool.query(
      `INSERT INTO bookings (site_id, device_id, status, source, start, "end", blocked_until, code, name, amount)
       SELECT $1, d.id, ${status}, 'staff', s.start, s.start + interval '4 hours',
              s.start + interval '4 hours 20 minutes',
              (100000 + row_number() OVER ())::text, 'Guest ' || row_number() OVER (), 45000
         FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM devices WHERE site_id = $1) d
        CROSS JOIN LATERAL (
          SELECT ((($2::date + g) + t) AT TIME ZONE '${TZ}') AS start
            FROM generate_series(0, $3 - 1) AS g,
                 unnest(ARRAY['06:00'::time, '10:20'::time, '14:40'::time]) AS t
        ) s
        WHERE ${cartFilter}`,
      [siteId, from, days],
    );
  const past = await insert(
    addDays(today, -DAYS_BEHIND),
    DAYS_BEHIND,
    'true',
    `CASE WHEN random() < 0.1 THEN 'cancelled' WHEN random() < 0.05 THEN 'no_show' ELSE 'confirmed' END`,
  );
  const ahead = await insert(addDays(today, 1), DAYS_AHEAD, 'd.n % 2 = 0', `'confirmed'`);
  await pool.query('ANALYZE bookings');
  return (past.rowCount ?? 0) + (ahead.rowCount ?? 0);
}

async function timeGet(rt: Runtime, club: Club, label: string, url: string): Promise<Timed> {
  const ms: number[] = [];
  let bytes = 0;
  for (let run = 0; run < GET_RUNS + 10; run++) {
    const started = performance.now();
    const res = await fetch(`${rt.url}/api/dashboard/bookings${url}`, { headers: headers(club) });
    const body = await res.text();
    const took = performance.now() - started;
    if (!res.ok) throw new Error(`${label}: ${res.status} ${body.slice(0, 300)}`);
    // The first calls warm the connection pool and the query plans.
    if (run >= 10) ms.push(took);
    bytes = body.length;
  }
  return { label, bytes, ...summarize(ms) };
}

async function concurrentCreates(rt: Runtime, club: Club, day: string) {
  // An odd cart (free in the coming weeks) at 06:00.
  const body = JSON.stringify({
    start: new Date(zonedInstant(day, '06:00', TZ)).toISOString(),
    end: new Date(zonedInstant(day, '10:00', TZ)).toISOString(),
    device: await oddCart(rt, club.siteId),
    name: 'Race',
    service: club.serviceId,
  });
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: CONCURRENT_CREATES }, async () => {
      const res = await fetch(`${rt.url}/api/dashboard/bookings`, {
        method: 'POST',
        headers: { ...headers(club), 'content-type': 'application/json' },
        body,
      });
      await res.text();
      return res.status;
    }),
  );
  const ms = performance.now() - started;
  return {
    stored: statuses.filter((status) => status === 201).length,
    refused: statuses.filter((status) => status === 409).length,
    other: statuses.filter((status) => status !== 201 && status !== 409).length,
    ms,
  };
}

async function oddCart(rt: Runtime, siteId: string): Promise<string> {
  const { rows } = await rt.ctx.database.pool.query<{ id: string }>(
    'SELECT id FROM devices WHERE site_id = $1 ORDER BY id LIMIT 1',
    [siteId],
  );
  return rows[0]!.id;
}

await main();
