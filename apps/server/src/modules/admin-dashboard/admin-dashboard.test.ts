import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboardView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';
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
  rt = await startTestServer();
  superadmin = await loginAs(rt, 'superadmin@example.com');
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
