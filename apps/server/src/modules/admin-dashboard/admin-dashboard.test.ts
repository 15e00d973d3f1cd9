import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedInstant, type AdminDashboardView } from '@fairway/domain';
import type { DbExecutor } from '../../db/client';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startAsSuperadmin } from '../../../test/helpers';
import { AdminDashboardRepository, type DashboardScope } from './admin-dashboard.repository';
import { dashboardBucket } from './admin-dashboard.service';

/**
 * The platform dashboard (spec §2 Admin → Dashboard, issue 21 item 1), on a club of its own whose figures
 * are known, bucketed in Auckland time (UTC+13 in January) so that a UTC bucketing would show.
 */
let rt: Runtime;
let superadmin: string;
let stagingId: string;
let siteId: string;

const TZ = 'Pacific/Auckland';
/** Auckland's 10, 11 and 12 January 2025. */
const RANGE = { from: '2025-01-09T11:00:00.000Z', to: '2025-01-12T11:00:00.000Z' };

const dashboard = (query: Record<string, string>, token = superadmin) =>
  rt.app.inject({ url: `/api/admin/dashboard?${new URLSearchParams(query)}`, headers: asUser(token) });

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  ({ staging: stagingId } = await demoSiteIds(rt));
  siteId = await seedClub();
});
afterAll(() => rt?.stop());

async function seedClub(): Promise<string> {
  const { pool } = rt.ctx.database;
  const q = async (text: string, values: unknown[] = []) => (await pool.query(text, values)).rows;
  const [site] = await q(
    `INSERT INTO sites (name, country, currency, center_lat_long, timezone, opening_hours)
     VALUES ($1, 'New Zealand', 'NZD', '-36.850000, 174.760000', $2, '[]') RETURNING id`,
    [`Dashboard Club ${randomUUID().slice(0, 6)}`, TZ],
  );
  const id = site!.id as string;
  const cart = async (carNumber: string, online: boolean, reportedSecondsAgo: number | null) =>
    (
      await q(
        `INSERT INTO devices (serial, secret_hash, site_id, car_number, online, last_report_at, lat, lng)
         VALUES ($1, 'x', $2, $3, $4, now() - make_interval(secs => $5), -36.85, 174.76) RETURNING id`,
        [`DASH-${randomUUID().slice(0, 8)}`, id, carNumber, online, reportedSecondsAgo],
      )
    )[0]!.id as string;
  const fresh = await cart('1', true, 5);
  await cart('2', true, 3600); // connected by the broker's word, but silent for an hour: offline
  await cart('3', false, null);

  const booking = (start: string, status: string, kind = 'booking') =>
    q(
      `INSERT INTO bookings (site_id, device_id, booking_type, status, start, "end", blocked_until)
       VALUES ($1, $2, $3, $4, $5::timestamptz, $5::timestamptz + interval '1 hour', $5::timestamptz + interval '1 hour')`,
      [id, fresh, kind, status, start],
    );
  await booking('2025-01-09T12:00:00Z', 'confirmed'); // Auckland 10 Jan 01:00
  await booking('2025-01-10T12:00:00Z', 'confirmed'); // Auckland 11 Jan 01:00 (UTC would say the 10th)
  await booking('2025-01-10T14:00:00Z', 'no_show'); // 11 Jan
  await booking('2025-01-10T16:00:00Z', 'cancelled'); // 11 Jan, counted apart
  await booking('2025-01-10T18:00:00Z', 'failed'); // never a booking
  await booking('2025-01-10T20:00:00Z', 'confirmed', 'cart_maintenance'); // a block, not a booking
  await booking('2025-01-12T12:00:00Z', 'confirmed'); // 13 Jan: after the range

  const payment = (at: string, total: number, currency: string, status = 'succeeded', refunded = false) =>
    q(
      `INSERT INTO payments (site_id, purpose, status, provider, provider_account_id, description, customer_name,
                             customer_email, total, currency, succeeded_at, refunded_at)
       VALUES ($1, 'ride', $2, 'sandbox', 'acct_x', 'Ride', 'Guest', 'g@example.org', $3, $4, $5::timestamptz,
               CASE WHEN $6 THEN $5::timestamptz END)`,
      [id, status, total, currency, at, refunded],
    );
  await payment('2025-01-09T12:00:00Z', 500, 'NZD'); // 10 Jan
  await payment('2025-01-10T12:00:00Z', 1000, 'NZD'); // 11 Jan
  await payment('2025-01-11T12:00:00Z', 700, 'EUR'); // 12 Jan
  await payment('2025-01-11T13:00:00Z', 900, 'NZD', 'succeeded', true); // refunded: left out
  await payment('2025-01-11T14:00:00Z', 300, 'NZD', 'pending'); // not paid

  const profile = async (createdAt: string) =>
    (
      await q(`INSERT INTO profiles (email, created_at) VALUES ($1, $2::timestamptz) RETURNING id`, [
        `p-${randomUUID().slice(0, 8)}@example.org`,
        createdAt,
      ])
    )[0]!.id as string;
  const linked = await profile('2025-01-11T00:00:00Z'); // Auckland 11 Jan 13:00
  await profile('2025-01-11T00:00:00Z'); // nobody's member: not the site's
  await q(`INSERT INTO members (site_id, name, email, profile_id) VALUES ($1, 'Member', $2, $3)`, [
    id,
    `m-${randomUUID().slice(0, 8)}@example.org`,
    linked,
  ]);
  return id;
}

describe('GET /api/admin/dashboard', () => {
  it("sums one site's range by Auckland day, empty days zero", async () => {
    const res = await dashboard({ siteId, ...RANGE, timeZone: TZ });
    expect(res.statusCode).toBe(200);
    const view = res.json<AdminDashboardView>();
    expect(view.bucket).toBe('day');
    expect(view.bookings).toEqual({
      total: 3,
      cancelled: 1,
      series: [
        { date: '2025-01-10', count: 1 },
        { date: '2025-01-11', count: 2 },
        { date: '2025-01-12', count: 0 },
      ],
    });
    expect(view.payments).toEqual({
      count: 3,
      totals: [
        { currency: 'EUR', amount: 700 },
        { currency: 'NZD', amount: 1500 },
      ],
      series: [
        { date: '2025-01-10', currency: 'EUR', amount: 0 },
        { date: '2025-01-10', currency: 'NZD', amount: 500 },
        { date: '2025-01-11', currency: 'EUR', amount: 0 },
        { date: '2025-01-11', currency: 'NZD', amount: 1000 },
        { date: '2025-01-12', currency: 'EUR', amount: 700 },
        { date: '2025-01-12', currency: 'NZD', amount: 0 },
      ],
    });
    expect(view.profiles).toEqual({
      total: 1,
      created: 1,
      series: [
        { date: '2025-01-10', count: 0 },
        { date: '2025-01-11', count: 1 },
        { date: '2025-01-12', count: 0 },
      ],
    });
  });

  it('counts the carts online by the fleet rule (connected and heard lately) and places them on the map', async () => {
    const view = (await dashboard({ siteId, ...RANGE })).json<AdminDashboardView>();
    expect(view.devices.online).toBe(1);
    expect(view.devices.offline).toBe(2);
    expect(view.devices.sites).toEqual([
      expect.objectContaining({
        _id: siteId,
        centerLatLong: '-36.850000, 174.760000',
        online: 1,
        offline: 2,
      }),
    ]);
    expect(view.devices.carts.map((cart) => [cart.carNumber, cart.online, cart.lat])).toEqual([
      ['1', true, -36.85],
      ['2', false, -36.85],
      ['3', false, -36.85],
    ]);
  });

  it('switches to months past 92 days and buckets them in the time zone', async () => {
    // Auckland's November 2024 to February 2025.
    const res = await dashboard({
      siteId,
      from: '2024-10-31T11:00:00.000Z',
      to: '2025-02-28T11:00:00.000Z',
      timeZone: TZ,
    });
    const view = res.json<AdminDashboardView>();
    expect(view.bucket).toBe('month');
    expect(view.bookings.series).toEqual([
      { date: '2024-11-01', count: 0 },
      { date: '2024-12-01', count: 0 },
      { date: '2025-01-01', count: 4 },
      { date: '2025-02-01', count: 0 },
    ]);
    expect(view.bookings.cancelled).toBe(1);
  });

  it('for All Sites lists every site but staging, without cart positions, and includes this club', async () => {
    const view = (await dashboard(RANGE)).json<AdminDashboardView>();
    const ids = view.devices.sites.map((site) => site._id);
    expect(ids).toContain(siteId);
    expect(ids).not.toContain(stagingId);
    expect(view.devices.carts).toEqual([]);
    expect(view.bookings.total).toBeGreaterThanOrEqual(3);
    expect(view.payments.totals).toEqual(
      expect.arrayContaining([expect.objectContaining({ currency: 'NZD' })]),
    );
  });

  it('answers 404 for an unknown site, 400 for a bad range or zone, 403 below superadmin', async () => {
    const unknown = await dashboard({ siteId: randomUUID(), ...RANGE });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Site not found' });
    expect((await dashboard({ from: RANGE.to, to: RANGE.from })).statusCode).toBe(400);
    const zone = await dashboard({ ...RANGE, timeZone: 'Mars/Olympus' });
    expect(zone.statusCode).toBe(400);
    expect(zone.json<{ message: string }>().message).toMatch(/time zone/i);
    const admin = await loginAs(rt, 'admin@example.com');
    expect((await dashboard(RANGE, admin)).statusCode).toBe(403);
    expect(
      (await rt.app.inject({ url: `/api/admin/dashboard?${new URLSearchParams(RANGE)}` })).statusCode,
    ).toBe(401);
  });
});

describe('dashboardBucket', () => {
  const day = 24 * 60 * 60 * 1000;
  const from = new Date('2025-07-01T00:00:00Z');
  it('is days up to 92 days (an hour of summer time spare), months beyond', () => {
    expect(dashboardBucket(from, new Date(from.getTime() + 92 * day))).toBe('day');
    expect(dashboardBucket(from, new Date(from.getTime() + 92 * day + 60 * 60 * 1000))).toBe('day');
    expect(dashboardBucket(from, new Date(from.getTime() + 93 * day))).toBe('month');
  });
});

/**
 * The rollups (migration 0014) change where the figures are read, never what they are: every answer must
 * equal the one the bookings and payments alone give, in zones whose midnight is not on a UTC hour, over
 * summer-time changes, for ranges not on an hour, and after rows are inserted, changed, moved and deleted.
 */
describe('the dashboard rollups', () => {
  let edgeSite: string;
  let otherSite: string;

  const local = (date: string, timeZone: string) =>
    new Date(zonedInstant(date, '00:00', timeZone)).toISOString();
  const ZONES = [
    'UTC',
    'Europe/London',
    'Pacific/Auckland',
    'Asia/Kolkata', // +05:30
    'Asia/Kathmandu', // +05:45
    'Pacific/Chatham', // +13:45 / +12:45
    'America/St_Johns', // -02:30 / -03:30
  ];
  const RANGES = [
    ...ZONES.flatMap((timeZone) => [
      // Europe's spring change (30 March) and New Zealand's autumn one (6 April), by day.
      { timeZone, from: local('2025-03-27', timeZone), to: local('2025-04-09', timeZone) },
      // Europe's autumn change (26 October) and North America's (2 November), by day.
      { timeZone, from: local('2025-10-22', timeZone), to: local('2025-11-04', timeZone) },
      // A year by month.
      { timeZone, from: local('2025-01-01', timeZone), to: local('2026-01-01', timeZone) },
    ]),
    // Ranges that start and end inside an hour, and all time.
    { timeZone: 'UTC', from: '2025-03-29T10:17:00.000Z', to: '2025-03-31T08:43:00.000Z' },
    { timeZone: 'Asia/Kolkata', from: '2025-03-29T10:05:00.000Z', to: '2025-03-29T10:50:00.000Z' },
    { timeZone: 'Europe/London', from: '2000-01-01T00:00:00.000Z', to: '2030-01-01T00:00:00.000Z' },
  ];

  const q = async (text: string, values: unknown[] = []) =>
    (await rt.ctx.database.pool.query(text, values)).rows;

  beforeAll(async () => {
    const site = async (name: string) =>
      (
        await q(
          `INSERT INTO sites (name, country, currency, center_lat_long, timezone, opening_hours)
           VALUES ($1, 'India', 'INR', '19.0, 72.8', 'Asia/Kolkata', '[]') RETURNING id`,
          [`${name} ${randomUUID().slice(0, 6)}`],
        )
      )[0]!.id as string;
    edgeSite = await site('Rollup Club');
    otherSite = await site('Rollup Neighbour');
    const carts = await q(
      `INSERT INTO devices (serial, secret_hash, site_id, car_number)
       SELECT 'ROLL-' || left(gen_random_uuid()::text, 8), 'x', $1, n::text FROM generate_series(1, 4) AS n
       RETURNING id, car_number`,
      [edgeSite],
    );
    const cart = (n: number) => carts.find((row) => row.car_number === String(n))!.id as string;
    // One statement each, as a bulk import would: minute-long bookings every 37 minutes over the two
    // summer-time windows and every 5½ days through the year, in every status, a seventh of them blocks.
    await q(
      `INSERT INTO bookings (site_id, device_id, booking_type, status, start, "end", blocked_until)
       SELECT $1, w.cart, CASE WHEN n % 7 = 0 THEN 'cart_maintenance' ELSE 'booking' END,
              (ARRAY['confirmed', 'payment_pending', 'no_show', 'cancelled', 'failed'])[n % 5 + 1],
              t.start, t.start + interval '1 minute', t.start + interval '1 minute'
       FROM (VALUES ($2::uuid, '2025-03-27T00:00:00Z'::timestamptz, interval '37 minutes', 530),
                    ($3::uuid, '2025-10-21T00:00:00Z'::timestamptz, interval '37 minutes', 580),
                    ($4::uuid, '2025-01-01T00:00:00Z'::timestamptz, interval '5 days 13 hours 11 minutes', 66))
            AS w(cart, first, step, last)
       CROSS JOIN LATERAL generate_series(0, w.last) AS n
       CROSS JOIN LATERAL (SELECT w.first + w.step * n AS start) AS t`,
      [edgeSite, cart(1), cart(2), cart(3)],
    );
    // Exactly at the edges: Kolkata's, Kathmandu's and UTC's midnights, a microsecond before one, and the
    // instants London's clocks change.
    await q(
      `INSERT INTO bookings (site_id, device_id, status, start, "end", blocked_until)
       SELECT $1, $2, 'confirmed', t, t + interval '1 microsecond', t + interval '1 microsecond'
       FROM unnest($3::timestamptz[]) AS t`,
      [
        edgeSite,
        cart(4),
        [
          '2025-03-28T18:30:00Z',
          '2025-03-28T18:29:59.999999Z',
          '2025-03-28T18:15:00Z',
          '2025-03-29T00:00:00Z',
          '2025-03-29T23:59:59.999999Z',
          '2025-03-30T01:00:00Z',
          '2025-10-26T00:30:00Z',
          '2025-10-26T01:00:00Z',
          '2025-10-26T01:30:00Z',
        ],
      ],
    );
    // Payments every 23 minutes over the same windows, in three currencies, some refunded, some never
    // paid, one of them free.
    await q(
      `INSERT INTO payments (site_id, purpose, status, provider, provider_account_id, description, customer_name,
                             customer_email, total, currency, created_at, succeeded_at, refunded_at)
       SELECT $1, 'ride', s.status, 'sandbox', 'acct_x', 'Ride', 'Guest', 'g@example.org',
              CASE WHEN n = 11 THEN 0 ELSE 100 + (n * 37) % 4900 END,
              (ARRAY['EUR', 'GBP', 'INR'])[n % 3 + 1], t.at,
              CASE WHEN s.status = 'succeeded' THEN t.at END,
              CASE WHEN s.status = 'succeeded' AND n % 6 = 1 THEN t.at + interval '1 day' END
       FROM (VALUES ('2025-03-27T00:00:00Z'::timestamptz, interval '23 minutes', 850),
                    ('2025-10-21T00:00:00Z'::timestamptz, interval '23 minutes', 940),
                    ('2025-01-01T00:00:00Z'::timestamptz, interval '3 days 7 hours 3 minutes', 110),
                    ('2025-03-28T18:15:00Z'::timestamptz, interval '15 minutes', 4))
            AS w(first, step, last)
       CROSS JOIN LATERAL generate_series(0, w.last) AS n
       CROSS JOIN LATERAL (SELECT w.first + w.step * n AS at) AS t
       CROSS JOIN LATERAL (SELECT CASE WHEN n % 5 = 4 THEN 'pending' ELSE 'succeeded' END AS status) AS s`,
      [edgeSite],
    );
  });

  /**
   * The repository's figures and those of the bookings and payments alone (each row placed by converting
   * its instant to local time, not how the repository does it), in one snapshot so that other test files
   * writing at the same time cannot come between them.
   */
  async function compare(siteId: string | null) {
    await rt.ctx.db.transaction(
      async (tx) => {
        const repository = new AdminDashboardRepository(tx);
        for (const range of RANGES) {
          const scope = {
            siteId,
            from: new Date(range.from),
            to: new Date(range.to),
            timeZone: range.timeZone,
            bucket: dashboardBucket(new Date(range.from), new Date(range.to)),
          };
          const answer = {
            bookings: await repository.bookings(scope),
            payments: await repository.payments(scope),
          };
          expect({ range, ...answer }).toEqual({ range, ...(await fromBaseTables(tx, scope)) });
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  async function fromBaseTables(db: DbExecutor, scope: DashboardScope) {
    const { timeZone: tz, bucket, siteId } = scope;
    const [from, to] = [scope.from.toISOString(), scope.to.toISOString()];
    const local = (column: string) => sql.raw(`date_trunc('${bucket}', ${column} AT TIME ZONE '${tz}')`);
    const site = siteId ? sql`AND site_id = ${siteId}` : sql``;
    const buckets = sql`buckets AS (SELECT to_char(bucket, 'YYYY-MM-DD') AS date, bucket FROM generate_series(
      date_trunc(${bucket}::text, ${from}::timestamptz AT TIME ZONE ${tz}::text),
      date_trunc(${bucket}::text, (${to}::timestamptz - interval '1 microsecond') AT TIME ZONE ${tz}::text),
      ${`1 ${bucket}`}::interval) AS bucket)`;
    const booked = await db.execute<{ date: string; n: string; cancelled: string }>(sql`
      WITH ${buckets}, rows AS (
        SELECT ${local('start')} AS bucket, status FROM bookings
        WHERE booking_type <> 'cart_maintenance' AND status IN ('confirmed', 'payment_pending', 'no_show', 'cancelled')
          AND start >= ${from}::timestamptz AND start < ${to}::timestamptz ${site}
      )
      SELECT k.date, count(r.status) FILTER (WHERE r.status <> 'cancelled') AS n,
             count(r.status) FILTER (WHERE r.status = 'cancelled') AS cancelled
      FROM buckets k LEFT JOIN rows r ON r.bucket = k.bucket GROUP BY k.date ORDER BY k.date`);
    const paid = await db.execute<{ date: string; currency: string; amount: string; n: string }>(sql`
      WITH ${buckets}
      SELECT k.date, p.currency, sum(p.total) AS amount, count(*) AS n
      FROM buckets k JOIN payments p ON ${local('p.succeeded_at')} = k.bucket
      WHERE p.status = 'succeeded' AND p.refunded_at IS NULL
        AND p.succeeded_at >= ${from}::timestamptz AND p.succeeded_at < ${to}::timestamptz ${site}
      GROUP BY 1, 2`);
    const currencies = [...new Set(paid.rows.map((row) => row.currency))].sort();
    const cell = (date: string, currency: string) =>
      paid.rows.find((row) => row.date === date && row.currency === currency);
    return {
      bookings: booked.rows.map((row) => ({
        date: row.date,
        count: Number(row.n),
        cancelled: Number(row.cancelled),
      })),
      payments: booked.rows.flatMap(({ date }) =>
        currencies.map((currency) => ({
          date,
          currency,
          amount: Number(cell(date, currency)?.amount ?? 0),
          count: Number(cell(date, currency)?.n ?? 0),
        })),
      ),
    };
  }

  /**
   * The rollups as the triggers kept them equal the rollups the migration's backfill makes from the rows
   * now there: the backfill statements of 0014 run into temporary tables of the same names (which come
   * first on the search path), in one snapshot with the kept ones.
   */
  async function expectRollupsMatchBaseRows() {
    const migration = readFileSync(
      new URL('../../../drizzle/0014_dashboard-rollups.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .slice(migration.indexOf('-- Backfill'))
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter(Boolean);
    expect(backfill).toHaveLength(4);
    const client = await rt.ctx.database.pool.connect();
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      const tables = [
        'dashboard_booking_hours',
        'dashboard_booking_days',
        'dashboard_payment_hours',
        'dashboard_payment_days',
      ];
      for (const table of tables) {
        await client.query(`CREATE TEMP TABLE ${table} (LIKE public.${table} INCLUDING ALL) ON COMMIT DROP`);
      }
      for (const statement of backfill) await client.query(statement);
      for (const table of tables) {
        const figures = table.includes('booking')
          ? 'booked <> 0 OR cancelled <> 0'
          : 'count <> 0 OR amount <> 0';
        const rows = async (schema: string) =>
          (await client.query(`SELECT * FROM ${schema}.${table} WHERE ${figures} ORDER BY 1, 2, 3, 4`)).rows;
        const kept = await rows('public');
        expect(kept.length).toBeGreaterThan(0);
        expect({ table, rows: kept }).toEqual({ table, rows: await rows('pg_temp') });
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }

  it('answer exactly what the bookings and payments alone answer, in every zone and range', async () => {
    await expectRollupsMatchBaseRows();
    await compare(edgeSite);
    await compare(null);
  });

  it('stay exact when rows are added, cancelled, moved, refunded, paid late, and deleted', async () => {
    // Fresh rows, one at a time, as the booking and checkout services write them.
    const [cart] = await q(`SELECT id FROM devices WHERE site_id = $1 AND car_number = '4'`, [edgeSite]);
    await q(
      `INSERT INTO bookings (site_id, device_id, status, start, "end", blocked_until)
       VALUES ($1, $2, 'confirmed', '2025-03-29T05:45:00Z', '2025-03-29T06:00:00Z', '2025-03-29T06:00:00Z')`,
      [edgeSite, cart!.id],
    );
    await q(
      `INSERT INTO payments (site_id, purpose, status, provider, provider_account_id, description, customer_name,
                             customer_email, total, currency, succeeded_at)
       VALUES ($1, 'booking', 'succeeded', 'sandbox', 'acct_x', 'Booking', 'Guest', 'g@example.org', 4200, 'USD',
               '2025-10-26T01:15:00Z')`,
      [edgeSite],
    );
    // Cancel a third of the live bookings, move others by 50 minutes (into other hours and days), hand some
    // to the neighbour club, delete some.
    await q(
      `UPDATE bookings SET status = 'cancelled'
       WHERE site_id = $1 AND status = 'confirmed' AND extract(minute FROM start)::int % 3 = 0`,
      [edgeSite],
    );
    await q(
      `UPDATE bookings SET start = start + interval '50 minutes', "end" = "end" + interval '50 minutes',
              blocked_until = blocked_until + interval '50 minutes'
       WHERE site_id = $1 AND extract(minute FROM start)::int % 4 = 1
         AND device_id <> (SELECT id FROM devices WHERE site_id = $1 AND car_number = '4')`,
      [edgeSite],
    );
    await q(
      `UPDATE bookings SET site_id = $2 WHERE site_id = $1 AND extract(minute FROM start)::int % 10 = 7`,
      [edgeSite, otherSite],
    );
    await q(`DELETE FROM bookings WHERE site_id = $1 AND extract(minute FROM start)::int % 11 = 5`, [
      edgeSite,
    ]);
    // An update of nothing the dashboard counts (the triggers skip it), and one mixing both kinds of rows.
    await q(`UPDATE bookings SET note = 'seen' WHERE site_id = $1`, [edgeSite]);
    await q(
      `UPDATE bookings SET note = 'again', status = CASE WHEN status = 'no_show' THEN 'confirmed' ELSE status END
       WHERE site_id = $1`,
      [edgeSite],
    );
    // Refund some payments (the refund sweep's flag on a kept payment, or a refund that also cancelled it, as
    // the demo's refunds are), pay pending ones late, delete a few. Only statuses the app writes: the shared
    // test database is read by other files' lists too.
    await q(
      `UPDATE payments SET refunded_at = succeeded_at + interval '2 hours'
       WHERE site_id = $1 AND status = 'succeeded' AND extract(minute FROM succeeded_at)::int % 4 = 2`,
      [edgeSite],
    );
    await q(
      `UPDATE payments SET status = 'cancelled', refunded_at = succeeded_at + interval '3 hours'
       WHERE site_id = $1 AND status = 'succeeded' AND extract(minute FROM succeeded_at)::int % 7 = 3`,
      [edgeSite],
    );
    await q(
      `UPDATE payments SET status = 'succeeded', succeeded_at = created_at + interval '47 minutes'
       WHERE site_id = $1 AND status = 'pending'`,
      [edgeSite],
    );
    await q(`DELETE FROM payments WHERE site_id = $1 AND extract(minute FROM created_at)::int % 13 = 0`, [
      edgeSite,
    ]);

    await expectRollupsMatchBaseRows();
    await compare(edgeSite);
    await compare(otherSite);
    await compare(null);
  });

  it('let a site with bookings and payments be deleted, and forget it', async () => {
    const [moved] = await q(`SELECT count(*)::int AS n FROM dashboard_booking_hours WHERE site_id = $1`, [
      otherSite,
    ]);
    expect(moved!.n).toBeGreaterThan(0);
    await q(`DELETE FROM sites WHERE id = $1`, [otherSite]);
    const left = await q(
      `SELECT (SELECT count(*) FROM dashboard_booking_hours WHERE site_id = $1)
            + (SELECT count(*) FROM dashboard_booking_days WHERE site_id = $1) AS n`,
      [otherSite],
    );
    expect(Number(left[0]!.n)).toBe(0);
    await expectRollupsMatchBaseRows();
  });
});
