import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import type { RideHistory } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';
import { hashToken, randomToken } from '../../lib/tokens';
import { devices, positions } from '../../db/tables/devices';
import { HistoryRepository } from './history.repository';
import { HistoryService } from './history.service';

// The demo club is in Europe/London: in July its days run 23:00–23:00 UTC, so a UTC day would cut them.
const DAY_1 = '2024-07-09T23:00:00.000Z';
const DAY_2 = '2024-07-10T23:00:00.000Z';
const DAY_3 = '2024-07-11T23:00:00.000Z';
const AFTER = '2024-07-13T12:00:00.000Z';
const CENTRE: [number, number] = [56.3498, -2.8135];
const METRE = 1 / 111_195;
const METRE_LAT_M = 111_195;
const METRE_LNG_M = 111_195 * Math.cos((CENTRE[0] * Math.PI) / 180);
const DAY_MS = 86_400_000;

let rt: Runtime;
let admin: string;
let staff: string;
let operator2: string;
let demoId: string;
let secondId: string;
let cartA: string;
let cartB: string;
let secondCart: string;
let movingInDemo = 0;

type Report = { deviceId: string; ts: number; lat: number; lng: number; speed: number };

/** Reports every 5 s around a 600 m loop (three quarters of a circle and back), starting at `at`. */
function lap(deviceId: string, at: number, laps: number, speed = 12): Report[] {
  const reports: Report[] = [];
  const perLap = 36;
  for (let i = 0; i < laps * perLap; i++) {
    const angle = ((i % perLap) / perLap) * 2 * Math.PI;
    reports.push({
      deviceId,
      ts: at + i * 5_000,
      lat: CENTRE[0] + 100 * Math.sin(angle) * METRE,
      lng: CENTRE[1] + 160 * Math.cos(angle) * METRE,
      speed,
    });
  }
  return reports;
}

async function insertCart(siteId: string, carNumber: string): Promise<string> {
  const [row] = await rt.ctx.db
    .insert(devices)
    .values({
      serial: `HIST-${randomToken(6)}`,
      secretHash: hashToken(randomToken()),
      siteId,
      carNumber,
      carName: `History ${carNumber}`,
    })
    .returning({ id: devices.id });
  return row!.id;
}

async function insertReports(reports: Report[]): Promise<void> {
  await rt.ctx.db.insert(positions).values(
    reports.map((r) => ({
      deviceId: r.deviceId,
      ts: new Date(r.ts),
      lat: r.lat,
      lng: r.lng,
      speed: r.speed,
    })),
  );
}

const history = (token: string | null, siteId: string | undefined, query: Record<string, string>) =>
  rt.app.inject({
    url: '/api/dashboard/rides/history',
    query,
    headers: token ? asUser(token, siteId) : {},
  });

async function answer(mode: 'trail' | 'heatmap', start = DAY_1, end = DAY_3): Promise<RideHistory> {
  const res = await history(admin, demoId, { start, end, mode });
  expect(res.statusCode).toBe(200);
  return res.json<RideHistory>();
}

async function rolledUpDays(from: string, to: string): Promise<string[]> {
  const { rows } = await rt.ctx.db.execute<{ day: string }>(
    sql`SELECT day::text FROM history_rollups WHERE site_id = ${demoId} AND day BETWEEN ${from} AND ${to} ORDER BY day`,
  );
  return rows.map((row) => row.day);
}

const trailsOf = (body: RideHistory) => (body.mode === 'trail' ? body.carts : []);
const totalWeight = (body: RideHistory) =>
  body.mode === 'heatmap' ? body.points.reduce((sum, [, , weight]) => sum + weight, 0) : 0;

beforeAll(async () => {
  // No durable jobs: the roll-up job would race these tests' own runs of it.
  rt = await startTestServer({ JOBS: 'off' });
  [admin, staff, operator2] = (await Promise.all(
    ['admin@example.com', 'staff@example.com', 'operator2@example.com'].map((email) => loginAs(rt, email)),
  )) as [string, string, string];
  ({ demo: demoId, second: secondId } = await demoSiteIds(rt));
  const suffix = String(Date.now()).slice(-5);
  cartA = await insertCart(demoId, `7${suffix}`);
  cartB = await insertCart(demoId, `8${suffix}`);
  secondCart = await insertCart(secondId, `9${suffix}`);

  const day1 = Date.parse(DAY_1);
  const morning = day1 + 9 * 3_600_000; // 09:00 local (08:00 UTC)
  const moving = [
    // Cart A: three laps of the same loop, a 20-minute pause, then one more lap, on day 1.
    ...lap(cartA, morning, 3),
    ...lap(cartA, morning + 3 * 36 * 5_000 + 20 * 60_000, 1),
    // Cart B: one lap in the first local hour of day 2 (still the evening of the UTC day before), and
    // one on the morning of day 4.
    ...lap(cartB, Date.parse(DAY_2) + 10 * 60_000, 1),
    ...lap(cartB, Date.parse(DAY_3) + DAY_MS + 10 * 3_600_000, 1),
  ];
  movingInDemo = moving.filter((r) => r.ts < Date.parse(DAY_3)).length;
  await insertReports([
    ...moving,
    // Parked at the barn all night: standing reports count neither as trail nor as heat.
    ...Array.from({ length: 20 }, (_, i) => ({
      deviceId: cartA,
      ts: day1 + i * 15_000,
      lat: CENTRE[0] + 500 * METRE,
      lng: CENTRE[1],
      speed: 0,
    })),
    // Another club's cart, the same day.
    ...lap(secondCart, morning, 1),
  ]);
});
afterAll(async () => {
  // Their positions go with them, so no later test's roll-up walks back to these days.
  await rt.ctx.db.delete(devices).where(inArray(devices.id, [cartA, cartB, secondCart]));
  await rt.stop();
});

describe('GET /api/dashboard/rides/history: access and validation', () => {
  it('needs role user: basic staff are refused', async () => {
    const res = await history(staff, demoId, { start: DAY_1, end: DAY_3, mode: 'trail' });
    expect(res.statusCode).toBe(403);
    expect((await history(null, demoId, { start: DAY_1, end: DAY_3, mode: 'trail' })).statusCode).toBe(401);
  });

  it("refuses a site the user does not hold and answers for one's own site only", async () => {
    expect((await history(operator2, demoId, { start: DAY_1, end: DAY_3, mode: 'trail' })).statusCode).toBe(
      403,
    );
    const own = await history(operator2, secondId, { start: DAY_1, end: DAY_3, mode: 'trail' });
    expect(own.statusCode).toBe(200);
    const ids = trailsOf(own.json<RideHistory>()).map((trail) => trail.deviceId);
    expect(ids).toEqual([secondCart]);
  });

  it('refuses an end before the start, a range over 190 days, a bad mode or date, naming the field', async () => {
    const cases: Array<[Record<string, string>, RegExp]> = [
      [{ start: DAY_2, end: DAY_1, mode: 'trail' }, /^end: /],
      [{ start: '2024-01-01T00:00:00Z', end: '2024-07-10T00:00:00Z', mode: 'trail' }, /^end: .*190 days/],
      [{ start: DAY_1, end: DAY_3, mode: 'lines' }, /^mode: /],
      [{ start: 'yesterday', end: DAY_3, mode: 'trail' }, /^start: /],
    ];
    for (const [query, message] of cases) {
      const res = await history(admin, demoId, query);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    const sixMonths = await history(admin, demoId, {
      start: '2024-01-10T00:00:00Z',
      end: '2024-07-10T00:00:00Z',
      mode: 'heatmap',
    });
    expect(sixMonths.statusCode).toBe(200);
  });
});

describe('GET /api/dashboard/rides/history: answers from raw positions', () => {
  it("draws each demo cart's trail once, split at the pause, without parked reports", async () => {
    const carts = trailsOf(await answer('trail'));
    expect(carts.map((trail) => trail.deviceId).sort()).toEqual([cartA, cartB].sort());
    const a = carts.find((trail) => trail.deviceId === cartA)!;
    // Three laps and one more after the pause cover one loop: the laps driven again are left out.
    const points = a.segments.flat();
    expect(points.length).toBeGreaterThan(10);
    expect(points.length).toBeLessThan(3 * 36);
    const barn = CENTRE[0] + 500 * METRE;
    expect(points.every(([lat]) => Math.abs(lat - barn) > 100 * METRE)).toBe(true);
    for (const [lat, lng] of points) {
      expect(Math.abs(lat - CENTRE[0])).toBeLessThan(101 * METRE);
      expect(Math.abs(lng - CENTRE[1])).toBeLessThan(0.003);
      expect(Math.round(lat * 1e6) / 1e6).toBe(lat);
    }
  });

  it('keeps the days of the asked range only, in the site time zone', async () => {
    // Day 2 alone (London): only cart B, whose lap was at 00:10 local, 23:10 UTC the evening before.
    const carts = trailsOf(await answer('trail', DAY_2, DAY_3));
    expect(carts.map((trail) => trail.deviceId)).toEqual([cartB]);
  });

  it('counts every moving report of the site in the heatmap, and nothing parked', async () => {
    const body = await answer('heatmap');
    expect(body.mode).toBe('heatmap');
    expect(totalWeight(body)).toBe(movingInDemo);
    if (body.mode === 'heatmap') {
      expect(body.cellSize).toBeGreaterThan(0);
      const weights = body.points.map(([, , weight]) => weight);
      expect(weights).toEqual([...weights].sort((x, y) => y - x));
    }
  });

  it('refuses with 503 a range whose many days not rolled up hold too many reports to read raw', async () => {
    const strict = new HistoryService(rt.ctx.database.pool, new HistoryRepository(rt.ctx.database.pool), 10);
    const query = {
      start: new Date(Date.parse(DAY_1) - DAY_MS).toISOString(),
      end: AFTER,
      mode: 'trail' as const,
    };
    await expect(strict.rideHistory(demoId, query)).rejects.toMatchObject({
      statusCode: 503,
      code: 'historyNotReady',
    });
    // Within the usual raw days (today, yesterday, a cut end) nothing is counted or refused.
    await expect(strict.rideHistory(demoId, { ...query, start: DAY_1, end: DAY_3 })).resolves.toMatchObject({
      mode: 'trail',
    });
  });

  it('answers an empty period with empty lists', async () => {
    const start = '2023-01-01T00:00:00Z';
    const end = '2023-01-08T00:00:00Z';
    expect(trailsOf(await answer('trail', start, end))).toEqual([]);
    expect(await answer('heatmap', start, end)).toMatchObject({ mode: 'heatmap', points: [] });
  });
});

describe('rollUpHistory', () => {
  const WEEK_START = '2024-07-07T23:00:00.000Z'; // Monday 8 July, London
  const WEEK_END = '2024-07-14T23:00:00.000Z';
  const DAY_4_END = '2024-07-13T23:00:00.000Z';
  const ranges: Array<[string, string]> = [
    [DAY_1, DAY_3],
    // Cut ends: parts of days 1 and 2 come from raw positions even once both are rolled up.
    ['2024-07-10T08:30:00.000Z', '2024-07-10T23:30:00.000Z'],
    [WEEK_START, WEEK_END],
    [DAY_3, DAY_4_END],
  ];
  let rawOnly: RideHistory[];
  const snapshot = async () =>
    Promise.all(
      ranges.flatMap(([start, end]) => [answer('trail', start, end), answer('heatmap', start, end)]),
    );
  const uptoOf = async (span: 1 | 7, day: string) => {
    const { rows } = await rt.ctx.db.execute<{ upto: string }>(
      sql`SELECT upto::text FROM history_rollups WHERE site_id = ${demoId} AND span = ${span} AND day = ${day}`,
    );
    return rows[0] ? new Date(rows[0].upto).toISOString() : null;
  };

  beforeAll(async () => {
    rawOnly = await snapshot();
  });

  it('rolls up the ended days and today so far, and the answers cover the same ground', async () => {
    const first = await rt.ctx.historyRollup.run(new Date(AFTER));
    expect(first.days).toBeGreaterThanOrEqual(6);
    expect(first.remaining).toBe(0);
    // From the Monday of the first report's week, so that week can be rolled up whole later.
    expect(await rolledUpDays('2024-07-08', '2024-07-14')).toEqual([
      '2024-07-08',
      '2024-07-09',
      '2024-07-10',
      '2024-07-11',
      '2024-07-12',
      '2024-07-13',
    ]);
    expect(await uptoOf(1, '2024-07-12')).toBe('2024-07-12T23:00:00.000Z');
    // Today (13 July) as far as 15 minutes ago: reports may still be on their way.
    expect(await uptoOf(1, '2024-07-13')).toBe('2024-07-13T11:45:00.000Z');
    expect(await rt.ctx.historyRollup.run(new Date(AFTER))).toEqual({ days: 0, weeks: 0, remaining: 0 });
    expectSameAnswers(await snapshot(), rawOnly);
  });

  it('rolls up today again as it goes on, and the day once it has ended 15 minutes ago', async () => {
    await rt.ctx.historyRollup.run(new Date(Date.parse(DAY_4_END) + 60_000));
    expect(await uptoOf(1, '2024-07-13')).toBe('2024-07-13T22:46:00.000Z');
    await rt.ctx.historyRollup.run(new Date(Date.parse(DAY_4_END) + 16 * 60_000));
    expect(await uptoOf(1, '2024-07-13')).toBe(DAY_4_END);
    expectSameAnswers(await snapshot(), rawOnly);
  });

  it('rolls up a whole week as one, and a range holding it reads it', async () => {
    const result = await rt.ctx.historyRollup.run(new Date('2024-07-16T12:00:00.000Z'));
    expect(result.weeks).toBeGreaterThanOrEqual(1);
    expect(await uptoOf(7, '2024-07-08')).toBe(WEEK_END);
    const { rows } = await rt.ctx.db.execute(
      sql`SELECT 1 FROM trail_weekly WHERE device_id = ${cartA} AND week = '2024-07-08'`,
    );
    expect(rows).toHaveLength(1);
    expectSameAnswers(await snapshot(), rawOnly);
  });

  it('is safe to run concurrently', async () => {
    await rt.ctx.db.execute(sql`DELETE FROM history_rollups WHERE day BETWEEN '2024-07-01' AND '2024-07-31'`);
    const runs = await Promise.all(
      [0, 1].map(() => rt.ctx.historyRollup.run(new Date('2024-07-16T12:00:00.000Z'))),
    );
    const rest = await rt.ctx.historyRollup.run(new Date('2024-07-16T12:00:00.000Z'));
    expect(runs[0]!.weeks + runs[1]!.weeks + rest.weeks).toBeGreaterThanOrEqual(1);
    expect(await rt.ctx.historyRollup.run(new Date('2024-07-16T12:00:00.000Z'))).toEqual({
      days: 0,
      weeks: 0,
      remaining: 0,
    });
    expectSameAnswers(await snapshot(), rawOnly);
  });
});

/**
 * Heatmaps are sums, so they match exactly. Trails rolled up per day and week leave out a stretch driven
 * again on a different day than trails made in one go, and simplify it from other points: they must cover
 * the same ground, each point of one within 20 m of the other.
 */
function expectSameAnswers(actual: RideHistory[], expected: RideHistory[]) {
  expect(actual.map((body) => body.mode)).toEqual(expected.map((body) => body.mode));
  actual.forEach((body, i) => {
    const other = expected[i]!;
    if (body.mode === 'heatmap' || other.mode === 'heatmap') {
      expect(body).toEqual(other);
      return;
    }
    expect(body.carts.map((trail) => trail.deviceId)).toEqual(other.carts.map((trail) => trail.deviceId));
    body.carts.forEach((trail, j) => {
      const otherSegments = other.carts[j]!.segments;
      expect(farthestMetres(trail.segments, otherSegments)).toBeLessThan(20);
      expect(farthestMetres(otherSegments, trail.segments)).toBeLessThan(20);
    });
  });
}

/** How far the point of `a` farthest from `b`'s polylines is from them, in metres. */
function farthestMetres(a: Array<Array<[number, number]>>, b: Array<Array<[number, number]>>): number {
  const xy = ([lat, lng]: [number, number]): [number, number] => [
    (lng - CENTRE[1]) * METRE_LNG_M,
    (lat - CENTRE[0]) * METRE_LAT_M,
  ];
  const lines = b.flatMap((segment) =>
    segment.slice(1).map((point, i): [[number, number], [number, number]] => [xy(segment[i]!), xy(point)]),
  );
  let farthest = 0;
  for (const point of a.flat()) {
    const [px, py] = xy(point);
    let nearest = Number.POSITIVE_INFINITY;
    for (const [[ax, ay], [bx, by]] of lines) {
      const dx = bx - ax;
      const dy = by - ay;
      const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
      nearest = Math.min(nearest, Math.hypot(px - ax - t * dx, py - ay - t * dy));
    }
    farthest = Math.max(farthest, nearest);
  }
  return farthest;
}
