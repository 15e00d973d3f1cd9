import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatteryPage } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, DEMO_PASSWORD, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';
import { hashPassword } from '../../lib/passwords';
import { users } from '../../db/tables/users';
import { devices, positions } from '../../db/tables/devices';

let rt: Runtime;
let staff: string;
let admin: string;
let demoId: string;
let secondId: string;
let cartId: string;
let secondClubCartId: string;

const T0 = Date.parse('2024-03-01T10:00:00Z');
const at = (minutes: number, seconds = 0) => new Date(T0 + minutes * 60_000 + seconds * 1000);
const iso = (minutes: number) => at(minutes).toISOString();

async function insertCart(siteId: string): Promise<string> {
  const [row] = await rt.ctx.db
    .insert(devices)
    .values({ serial: `BATT-${randomUUID()}`, secretHash: 'unused', siteId })
    .returning({ id: devices.id });
  return row!.id;
}

beforeAll(async () => {
  rt = await startTestServer();
  [staff, admin] = (await Promise.all(
    ['staff@example.com', 'admin@example.com'].map((email) => loginAs(rt, email)),
  )) as [string, string];
  ({ demo: demoId, second: secondId } = await demoSiteIds(rt));
  cartId = await insertCart(demoId);
  secondClubCartId = await insertCart(secondId);
  // Bucket 10:00 averages 50 and 51; 10:05 has one reading; a report without a voltage counts for nothing;
  // 10:10 is empty; 10:15 and 10:20 have one each. Five buckets in all.
  const reports: Array<[Date, number | null]> = [
    [at(0), 50],
    [at(2, 30), 51],
    [at(4, 59), null],
    [at(5), 49],
    [at(15, 10), 48.123],
    [at(20), 47],
  ];
  await rt.ctx.db
    .insert(positions)
    .values(
      reports.map(([ts, battVoltage]) => ({ deviceId: cartId, ts, lat: 50, lng: 14, speed: 0, battVoltage })),
    );
  await rt.ctx.db
    .insert(positions)
    .values({ deviceId: secondClubCartId, ts: at(0), lat: 50, lng: 14, speed: 0, battVoltage: 50 });
});
afterAll(() => rt.stop());

const battery = (query = '', token = staff, siteId = demoId, id = cartId) =>
  rt.app.inject({ url: `/api/dashboard/devices/${id}/battery${query}`, headers: asUser(token, siteId) });

describe('GET /api/dashboard/devices/:id/battery', () => {
  it('answers 5-minute averages, oldest first, 100 to a page by default', async () => {
    const res = await battery();
    expect(res.statusCode).toBe(200);
    expect(res.json<BatteryPage>()).toEqual({
      data: [
        { timestamp: iso(0), volts: 50.5 },
        { timestamp: iso(5), volts: 49 },
        { timestamp: iso(15), volts: 48.12 },
        { timestamp: iso(20), volts: 47 },
      ],
      pagination: {
        currentPage: 1,
        totalPages: 1,
        totalItems: 4,
        itemsPerPage: 100,
        nextPage: null,
        prevPage: null,
      },
    });
  });

  it('pages through the buckets and keeps the total past the last page', async () => {
    const second = (await battery('?limit=3&page=2')).json<BatteryPage>();
    expect(second.data.map((reading) => reading.timestamp)).toEqual([iso(20)]);
    expect(second.pagination).toEqual({
      currentPage: 2,
      totalPages: 2,
      totalItems: 4,
      itemsPerPage: 3,
      nextPage: null,
      prevPage: 1,
    });
    expect((await battery('?limit=3')).json<BatteryPage>().pagination.nextPage).toBe(2);
    const past = (await battery('?limit=3&page=5')).json<BatteryPage>();
    expect(past.data).toEqual([]);
    expect(past.pagination).toMatchObject({ totalItems: 4, totalPages: 2, nextPage: null, prevPage: 4 });
  });

  it('sorts newest first on request, paging in that order', async () => {
    const res = (await battery('?sort=timestamp:desc&limit=2')).json<BatteryPage>();
    expect(res.data.map((reading) => reading.timestamp)).toEqual([iso(20), iso(15)]);
  });

  it('filters by start and end date, both inclusive, with buckets aligned to the start', async () => {
    const inclusive = (
      await battery(`?startDate=${iso(5)}&endDate=${encodeURIComponent(at(15, 10).toISOString())}`)
    ).json<BatteryPage>();
    expect(inclusive.data).toEqual([
      { timestamp: iso(5), volts: 49 },
      { timestamp: iso(15), volts: 48.12 },
    ]);
    // From 10:02 the first bucket is 10:02–10:07 (51 and 49), never a bucket starting before 10:02.
    const aligned = (await battery(`?startDate=${iso(2)}&endDate=${iso(6)}`)).json<BatteryPage>();
    expect(aligned.data).toEqual([{ timestamp: iso(2), volts: 50 }]);
    // An offset other than Z is the same instant.
    const offset = (
      await battery(`?startDate=${encodeURIComponent('2024-03-01T11:20:00+01:00')}`)
    ).json<BatteryPage>();
    expect(offset.data).toEqual([{ timestamp: iso(20), volts: 47 }]);
  });

  it('answers an empty page for a range without readings', async () => {
    const res = (await battery('?startDate=2024-04-01T00:00:00Z')).json<BatteryPage>();
    expect(res).toEqual({
      data: [],
      pagination: {
        currentPage: 1,
        totalPages: 0,
        totalItems: 0,
        itemsPerPage: 100,
        nextPage: null,
        prevPage: null,
      },
    });
  });

  it("answers 404 for another site's cart and for an unknown one", async () => {
    const other = await battery('', admin, demoId, secondClubCartId);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Device not found' });
    expect((await battery('', admin, demoId, randomUUID())).statusCode).toBe(404);
  });

  it('needs a login, the site, and role basic', async () => {
    const anonymous = await rt.app.inject({ url: `/api/dashboard/devices/${cartId}/battery` });
    expect(anonymous.statusCode).toBe(401);
    expect((await battery('', admin, secondId)).statusCode).toBe(403);

    const email = `guest-${randomUUID()}@example.com`;
    await rt.ctx.db
      .insert(users)
      .values({ email, role: 'guest', passwordHash: await hashPassword(DEMO_PASSWORD), sites: [demoId] });
    expect((await battery('', await loginAs(rt, email))).statusCode).toBe(403);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=10001', 'limit'],
    ['page=0', 'page'],
    ['sort=volts:asc', 'sort'],
    ['startDate=yesterday', 'startDate'],
    [`startDate=${iso(10)}&endDate=${iso(5)}`, 'endDate'],
  ])('refuses %s with 400 naming the field', async (query, field) => {
    const res = await battery(`?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(new RegExp(`^${field}`));
  });

  it('refuses an id that is not a uuid with 400', async () => {
    expect((await battery('', staff, demoId, 'cart-1')).statusCode).toBe(400);
  });
});
