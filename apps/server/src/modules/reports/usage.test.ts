import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { averageDuration, usageSeconds, type RideUsage } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, startTestServer } from '../../../test/helpers';
import type { DeviceRow } from '../../db/tables/devices';
import { bookings } from '../../db/tables/bookings';
import type { RideRow } from '../rides/rides.repository';
import { createRideClub, insertCart, insertRide, type RideClub } from '../guest/guest-rides.test-support';

/**
 * GET /api/dashboard/rides/chart (issue 19) against rides written in the test, in a London club: site days
 * and hours across midnight and on both 2026 clock changes (29 March, 25 October), the 36,000 s cap, the
 * outlier rule (the same answer as the domain's), filters, site scoping and bad input.
 */
let rt: Runtime;
let club: RideClub;
let other: RideClub;
let cartA: DeviceRow;
let cartB: DeviceRow;
let idleCart: DeviceRow;
let otherCart: DeviceRow;
/** Every counted ride of March 2026, as the test wrote it. */
const march: RideRow[] = [];

const utc = (iso: string) => new Date(`${iso}Z`);
const ride = async (cart: DeviceRow, start: string, values: Parameters<typeof insertRide>[2] = {}) =>
  insertRide(rt, cart, { start: utc(start), end: new Date(utc(start).getTime() + 3_600_000), ...values });
const booking = (cart: DeviceRow, start: string, values: Partial<typeof bookings.$inferInsert> = {}) => {
  const from = utc(start);
  const to = new Date(from.getTime() + 3_600_000);
  return rt.ctx.db
    .insert(bookings)
    .values({ siteId: cart.siteId, deviceId: cart.id, start: from, end: to, blockedUntil: to, ...values });
};

beforeAll(async () => {
  rt = await startTestServer();
  [club, other] = await Promise.all([createRideClub(rt), createRideClub(rt)]);
  cartA = await insertCart(rt, club.siteId, { carNumber: '2', carName: 'Two' });
  cartB = await insertCart(rt, club.siteId, { carNumber: '10', carName: 'Ten' });
  idleCart = await insertCart(rt, club.siteId, { carNumber: '3', carName: 'Three' });
  otherCart = await insertCart(rt, other.siteId, { carNumber: '2' });
  const paid = { serviceId: club.serviceId, priceId: club.dailyPriceId };

  march.push(
    // Tuesday 10 March, London = UTC (GMT): 09:00, and 23:30 ending after midnight on the 11th.
    await ride(cartA, '2026-03-10T09:00:00', { ...paid, type: 'payment', duration: 3600 }),
    await ride(cartA, '2026-03-10T23:30:00', { ...paid, type: 'payment', duration: 3000 }),
    // Saturday 28 March 23:30, and Sunday 29 March (clocks go forward at 01:00 UTC): 00:30 GMT, 02:30 BST.
    await ride(cartB, '2026-03-28T23:30:00', { type: 'booking', duration: 3300 }),
    await ride(cartB, '2026-03-29T00:30:00', { type: 'booking', duration: 3900 }),
    await ride(cartB, '2026-03-29T01:30:00', { type: 'manual', duration: 3500 }),
    // Tuesday 31 March 23:30 BST (22:30 UTC): still March on the site's clock.
    await ride(cartA, '2026-03-31T22:30:00', { type: 'manual', duration: 3700 }),
    // No duration stored: end − start counts, and over 36,000 s it is 0.
    await ride(cartA, '2026-03-12T10:00:00', { duration: null, end: utc('2026-03-12T10:45:00') }),
    await ride(cartA, '2026-03-13T08:00:00', { duration: null, end: utc('2026-03-14T00:00:00') }),
    // Stored as 0 by the cap, and an outlier of 8 hours.
    await ride(cartB, '2026-03-14T08:00:00', { duration: 0, end: utc('2026-03-14T20:00:00') }),
    await ride(cartB, '2026-03-15T08:00:00', { duration: 28_800, end: utc('2026-03-15T16:00:00') }),
    // Still running: a round without a length.
    await ride(cartA, '2026-03-16T08:00:00', { status: 'active', end: null, duration: null }),
  );
  // Not counted: 00:30 BST on 1 April, unconfirmed, deleted, another site's.
  await ride(cartA, '2026-03-31T23:30:00');
  await ride(cartA, '2026-03-20T08:00:00', { confirmed: false, status: 'ended' });
  await ride(cartA, '2026-03-21T08:00:00', { deleted: true });
  await ride(otherCart, '2026-03-10T09:00:00');

  // Sunday 25 October (clocks go back at 01:00 UTC): 00:30 BST, 01:30 BST and 01:30 GMT.
  await ride(cartA, '2026-10-24T23:30:00', { duration: 1800 });
  await ride(cartA, '2026-10-25T00:30:00', { duration: 1800 });
  await ride(cartB, '2026-10-25T01:30:00', { duration: 1800 });
  // Saturday 24 October 23:30 BST: the day before.
  await ride(cartB, '2026-10-24T22:30:00', { duration: 1800 });

  await booking(cartA, '2026-03-29T01:30:00', { code: '111111' });
  await booking(cartA, '2026-03-10T09:00:00', { status: 'no_show', code: '222222' });
  await booking(cartB, '2026-03-10T09:00:00', { status: 'cancelled', code: '333333' });
  await booking(cartB, '2026-03-11T09:00:00', { bookingType: 'cart_maintenance' });
  await booking(otherCart, '2026-03-10T09:00:00', { code: '444444' });
});
afterAll(() => rt.stop());

const get = (query: Record<string, string>, token = club.basic, siteId = club.siteId) =>
  rt.app.inject({
    url: `/api/dashboard/rides/chart?${new URLSearchParams(query)}`,
    headers: asUser(token, siteId),
  });
async function usage(query: Record<string, string>): Promise<RideUsage> {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<RideUsage>();
}
/** March 2026 in London: 1 March 00:00 GMT to 1 April 00:00 BST. */
const MARCH = { start: '2026-03-01T00:00:00Z', end: '2026-03-31T23:00:00Z' };
/** The site's Sunday 25 October, 25 hours long. */
const OCTOBER_25 = { start: '2026-10-24T23:00:00Z', end: '2026-10-26T00:00:00Z' };
const cell = (grid: number[][], weekday: number, hour: number) => grid[weekday]![hour];
const total = (grid: number[][]) => grid.flat().reduce((sum, n) => sum + n, 0);

describe('GET /rides/chart', () => {
  it('is its own route: it no longer falls into /rides/:id, which still answers', async () => {
    const res = await get(MARCH);
    expect(res.statusCode, res.body).toBe(200);
    const detail = await rt.app.inject({
      url: `/api/dashboard/rides/${march[0]!.id}`,
      headers: asUser(club.basic, club.siteId),
    });
    expect(detail.statusCode, detail.body).toBe(200);
  });

  it("counts the site's rounds of the month by its days, across midnight and the spring clock change", async () => {
    const answer = await usage(MARCH);
    expect(answer).toMatchObject({
      timeZone: 'Europe/London',
      firstDay: '2026-03-01',
      lastDay: '2026-03-31',
      grouping: 'day',
    });
    expect(answer.totals.rounds).toBe(march.length);
    expect(answer.usage).toHaveLength(31);
    const day = (period: string) => answer.usage.find((bucket) => bucket.period === period);
    expect(day('2026-03-01')).toEqual({ period: '2026-03-01', rounds: 0, seconds: 0 });
    expect(day('2026-03-10')).toEqual({ period: '2026-03-10', rounds: 2, seconds: 6600 });
    expect(day('2026-03-11')?.rounds).toBe(0);
    expect(day('2026-03-28')).toEqual({ period: '2026-03-28', rounds: 1, seconds: 3300 });
    expect(day('2026-03-29')).toEqual({ period: '2026-03-29', rounds: 2, seconds: 7400 });
    expect(day('2026-03-31')).toEqual({ period: '2026-03-31', rounds: 1, seconds: 3700 });
    // 45 minutes computed from end − start; 16 hours capped to 0; the open ride has no length.
    expect(day('2026-03-12')?.seconds).toBe(2700);
    expect(day('2026-03-13')).toEqual({ period: '2026-03-13', rounds: 1, seconds: 0 });
    expect(day('2026-03-16')).toEqual({ period: '2026-03-16', rounds: 1, seconds: 0 });
    expect(answer.usage.reduce((sum, bucket) => sum + bucket.rounds, 0)).toBe(march.length);
  });

  it('puts rounds on the heatmap by the site weekday (Monday first) and hour', async () => {
    const { heatmap } = await usage(MARCH);
    expect(heatmap.rounds).toHaveLength(7);
    expect(total(heatmap.rounds)).toBe(march.length);
    const [TUESDAY, SATURDAY, SUNDAY] = [1, 5, 6];
    expect(cell(heatmap.rounds, TUESDAY, 9)).toBe(1);
    expect(cell(heatmap.rounds, TUESDAY, 23)).toBe(2); // 10 March 23:30 GMT, 31 March 23:30 BST
    expect(cell(heatmap.rounds, SATURDAY, 23)).toBe(1);
    expect(cell(heatmap.rounds, SUNDAY, 0)).toBe(1);
    expect(cell(heatmap.rounds, SUNDAY, 1)).toBe(0); // 01:00–02:00 did not happen on 29 March
    expect(cell(heatmap.rounds, SUNDAY, 2)).toBe(1);
  });

  it('counts the long autumn Sunday as one day, its repeated hour in the same cell', async () => {
    const answer = await usage(OCTOBER_25);
    expect(answer).toMatchObject({ firstDay: '2026-10-25', lastDay: '2026-10-25', grouping: 'day' });
    expect(answer.usage).toEqual([{ period: '2026-10-25', rounds: 3, seconds: 5400 }]);
    expect(cell(answer.heatmap.rounds, 6, 0)).toBe(1);
    expect(cell(answer.heatmap.rounds, 6, 1)).toBe(2);
    expect(total(answer.heatmap.rounds)).toBe(3);
  });

  it('groups a year by month, in site months', async () => {
    const answer = await usage({ start: '2026-01-01T00:00:00Z', end: '2027-01-01T00:00:00Z' });
    expect(answer.grouping).toBe('month');
    expect(answer.usage.map((bucket) => bucket.period)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`),
    );
    const month = (period: string) => answer.usage.find((bucket) => bucket.period === period)?.rounds;
    expect(month('2026-03')).toBe(march.length);
    expect(month('2026-04')).toBe(1); // 1 April 00:30 BST
    expect(month('2026-10')).toBe(4);
    expect(month('2026-06')).toBe(0);
  });

  it('averages the known lengths without outliers, as the domain rule does on the same rides', async () => {
    const { totals } = await usage(MARCH);
    const domain = averageDuration(march.map(usageSeconds));
    expect(totals).toEqual({
      rounds: march.length,
      averageDuration: domain.average,
      durationsCounted: domain.counted,
      outliers: domain.outliers,
    });
    // The 8-hour ride is the outlier; the capped, the 0 and the open ride have no length.
    expect(totals).toMatchObject({ durationsCounted: 7, outliers: 1 });
    expect(totals.averageDuration).toBe(Math.round((3600 + 3000 + 3300 + 3900 + 3500 + 3700 + 2700) / 7));
  });

  it('counts per cart (idle ones too, by car number), per service and per price', async () => {
    const answer = await usage(MARCH);
    expect(answer.carts).toEqual([
      { device: cartA.id, carNumber: '2', carName: 'Two', rounds: 6, seconds: 13_000 },
      { device: idleCart.id, carNumber: '3', carName: 'Three', rounds: 0, seconds: 0 },
      { device: cartB.id, carNumber: '10', carName: 'Ten', rounds: 5, seconds: 39_500 },
    ]);
    expect(answer.services).toEqual([
      { service: null, name: null, rounds: march.length - 2 },
      { service: club.serviceId, name: '18 holes', rounds: 2 },
    ]);
    expect(answer.prices).toEqual([
      { price: null, name: null, serviceName: null, rounds: march.length - 2 },
      { price: club.dailyPriceId, name: 'Guest', serviceName: '18 holes', rounds: 2 },
    ]);
  });

  it("puts the site's bookings on their heatmap: held and no-shows, not cancelled ones or maintenance", async () => {
    const { heatmap } = await usage(MARCH);
    expect(cell(heatmap.bookings, 6, 2)).toBe(1);
    expect(cell(heatmap.bookings, 1, 9)).toBe(1);
    expect(total(heatmap.bookings)).toBe(2);
  });

  it('filters on one cart and on the origin', async () => {
    const ofB = await usage({ ...MARCH, device: cartB.id });
    expect(ofB.totals.rounds).toBe(5);
    expect(ofB.carts.map((cart) => cart.device)).toEqual([cartB.id]);
    expect(total(ofB.heatmap.bookings)).toBe(0);
    const booked = await usage({ ...MARCH, origin: 'booking' });
    expect(booked.totals.rounds).toBe(2);
    const manual = await usage({ ...MARCH, origin: 'manual' });
    expect(manual.totals.rounds).toBe(2);
    expect(cell(manual.heatmap.rounds, 6, 2)).toBe(1);
    const bothFilters = await usage({ ...MARCH, origin: 'manual', device: cartA.id });
    expect(bothFilters.totals.rounds).toBe(1);
  });
});

describe('who may read usage', () => {
  it('lets basic staff of the site read it', async () => {
    expect((await get(MARCH, club.basic)).statusCode).toBe(200);
    expect((await get(MARCH, club.user)).statusCode).toBe(200);
  });

  it("refuses another site's staff, and never counts another site's rides", async () => {
    const refused = await get(MARCH, other.basic, club.siteId);
    expect(refused.statusCode).toBe(403);
    const theirs = await get(MARCH, other.basic, other.siteId);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json<RideUsage>().totals.rounds).toBe(1);
    expect(total(theirs.json<RideUsage>().heatmap.bookings)).toBe(1);
  });

  it("answers 404 for another site's cart", async () => {
    const res = await get({ ...MARCH, device: otherCart.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Cart not found' });
  });
});

describe('bad input', () => {
  it.each([
    [{ end: MARCH.end }, /^start: /],
    [{ start: MARCH.start }, /^end: /],
    [{ start: 'yesterday', end: MARCH.end }, /^start: /],
    [{ start: MARCH.end, end: MARCH.start }, /^end: Must be after start/],
    [{ start: '2010-01-01T00:00:00Z', end: MARCH.end }, /^end: The range may span at most/],
    [{ ...MARCH, origin: 'guest' }, /^origin: /],
    [{ ...MARCH, device: 'cart-7' }, /^device: /],
  ])('answers 400 naming the field for %j', async (query, message) => {
    const res = await get(query as Record<string, string>);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(message);
  });
});

describe('the outlier rule in SQL and in the domain', () => {
  let fences: RideClub;
  let cart: DeviceRow;
  const durations: Array<number | null> = [];
  const small: number[][] = [];
  /** Site days of June 2025 (BST): rides at noon of each, one day per data set. */
  const day = (n: number) => ({
    start: `2025-06-${String(n).padStart(2, '0')}T00:00:00+01:00`,
    end: `2025-06-${String(n + 1).padStart(2, '0')}T00:00:00+01:00`,
  });
  const nine = (lowest: number, highest: number) => [
    lowest,
    900,
    1000,
    1020,
    1050,
    1070,
    1100,
    1200,
    highest,
  ];

  let seed = 19;
  const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;

  beforeAll(async () => {
    fences = await createRideClub(rt);
    cart = await insertCart(rt, fences.siteId);
    // A cart has one open ride at most: each open ride gets a cart of its own.
    const write = (n: number, seconds: Array<number | null>) =>
      Promise.all(
        seconds.map(async (duration, i) =>
          insertRide(rt, duration === null ? await insertCart(rt, fences.siteId) : cart, {
            start: new Date(Date.parse(`2025-06-${String(n).padStart(2, '0')}T11:00:00Z`) + i * 1000),
            duration,
            ...(duration === null ? { end: null, status: 'active' as const } : {}),
          }),
        ),
      );
    await write(1, nine(850, 1250));
    await write(2, nine(849, 1251));
    // Day 3: 80 rides from a fixed generator, with open rides, capped ones and long and short outliers.
    for (let i = 0; i < 80; i++) {
      const roll = next();
      durations.push(
        roll < 0.05
          ? null
          : roll < 0.1
            ? 0
            : roll < 0.15
              ? Math.round(next() * 36_000)
              : 2400 + Math.round(next() * 3000),
      );
    }
    await write(3, durations);
    // Days 4–20: 4 to 20 heavy-tailed lengths, so the quartiles fall between ranks and outliers sit near
    // the fences: a quartile a rank off would move some of them across.
    for (let n = 4; n <= 20; n++) {
      small.push(Array.from({ length: n }, () => 1000 + Math.floor(Math.exp(next() * 8))));
      await write(n, small.at(-1)!);
    }
  });

  const totals = async (range: { start: string; end: string }) => {
    const res = await get(range, fences.basic, fences.siteId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RideUsage>().totals;
  };

  it('keeps a duration exactly on a fence and leaves out one a second beyond', async () => {
    expect(await totals(day(1))).toMatchObject({ rounds: 9, durationsCounted: 9, outliers: 0 });
    expect(await totals(day(2))).toMatchObject({ rounds: 9, durationsCounted: 7, outliers: 2 });
  });

  it('gives the same average, counted and outliers as the domain on the same rides', async () => {
    const domain = averageDuration(durations);
    expect(domain.outliers).toBeGreaterThan(0);
    expect(await totals(day(3))).toEqual({
      rounds: durations.length,
      averageDuration: domain.average,
      durationsCounted: domain.counted,
      outliers: domain.outliers,
    });
  });

  it('agrees with the domain on small samples, where the quartiles interpolate between ranks', async () => {
    const domain = small.map((sample) => averageDuration(sample));
    expect(domain.filter((answer) => answer.outliers > 0).length).toBeGreaterThan(3);
    const server = await Promise.all(small.map((sample) => totals(day(sample.length))));
    expect(server).toEqual(
      domain.map((answer, i) => ({
        rounds: small[i]!.length,
        averageDuration: answer.average,
        durationsCounted: answer.counted,
        outliers: answer.outliers,
      })),
    );
  });
});
