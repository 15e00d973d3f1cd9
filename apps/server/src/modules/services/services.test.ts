import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { PriceBody, ServiceBody, ServiceView, UserGroupView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, startTestServer } from '../../../test/helpers';
import {
  freshSite,
  memberFixtures,
  tokenFor,
  uniqueTag,
  type MemberFixtures,
} from '../members/members.test-support';
import { sites } from '../../db/tables/sites';
import { prices } from '../../db/tables/services';

let rt: Runtime;
let f: MemberFixtures;

beforeAll(async () => {
  rt = await startTestServer();
  f = await memberFixtures(rt);
});
afterAll(() => rt.stop());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const servicesApi = (method: Method, path: string, token: string, siteId: string, payload?: object) =>
  rt.app.inject({ method, url: `/api/dashboard/services${path}`, headers: asUser(token, siteId), payload });

const guestPrice = (extra: Partial<PriceBody> = {}): PriceBody => ({
  name: 'Green fee',
  amount: 2500,
  userGroup: null,
  ...extra,
});
const serviceNamed = (extra: Partial<ServiceBody> = {}): ServiceBody => ({
  name: `18 holes ${uniqueTag()}`,
  duration: 240,
  ...extra,
});

async function createService(token: string, siteId: string, body: ServiceBody): Promise<ServiceView> {
  const res = await servicesApi('POST', '', token, siteId, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ServiceView>();
}
async function listServices(token: string, siteId: string): Promise<ServiceView[]> {
  const res = await servicesApi('GET', '', token, siteId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ServiceView[]>();
}
async function createGroup(
  token: string,
  siteId: string,
  name = `Group ${uniqueTag()}`,
): Promise<UserGroupView> {
  const res = await rt.app.inject({
    method: 'POST',
    url: '/api/dashboard/sites/user-groups',
    headers: asUser(token, siteId),
    payload: { name },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<UserGroupView>();
}
/** A club of its own in `currency`, with a role-user token. */
async function siteIn(currency: string): Promise<{ siteId: string; token: string }> {
  const site = await freshSite(rt);
  await rt.ctx.db.update(sites).set({ currency }).where(eq(sites.id, site.siteId));
  return site;
}
const storedPrices = (serviceId: string) =>
  rt.ctx.db.select().from(prices).where(eq(prices.serviceId, serviceId));
const expectRefused = (res: { statusCode: number; json: <T>() => T }, status: number, message: string) => {
  expect(res.statusCode).toBe(status);
  expect(res.json<{ message: string }>().message).toContain(message);
};

describe('GET /api/dashboard/services', () => {
  it("lists the site's services by name, guest prices first, with the site's currency, to role basic too", async () => {
    const { siteId, token } = await freshSite(rt);
    const juniors = await createGroup(token, siteId, 'Juniors');
    const nine = await createService(token, siteId, {
      name: 'nine holes',
      duration: 120,
      prices: [
        guestPrice({ name: 'Junior', amount: 3800, userGroup: juniors._id, credits: 1 }),
        guestPrice({ name: 'Walk-in', amount: 0, description: 'Free on Mondays' }),
      ],
    });
    const eighteen = await createService(token, siteId, { name: 'Eighteen holes', duration: 240 });

    const basic = await tokenFor(rt, 'basic', siteId);
    expect(await listServices(basic, siteId)).toEqual([
      { _id: eighteen._id, name: 'Eighteen holes', duration: 240, site: siteId, currency: 'DKK', prices: [] },
      {
        _id: nine._id,
        name: 'nine holes',
        duration: 120,
        site: siteId,
        currency: 'DKK',
        prices: [
          {
            _id: expect.any(String),
            name: 'Walk-in',
            amount: 0,
            credits: null,
            description: 'Free on Mondays',
            userGroup: null,
            userGroupName: null,
            availableTimes: [],
          },
          {
            _id: expect.any(String),
            name: 'Junior',
            amount: 3800,
            credits: 1,
            description: '',
            userGroup: juniors._id,
            userGroupName: 'Juniors',
            availableTimes: [],
          },
        ],
      },
    ]);
  });

  it("never lists another site's services and refuses a site the user does not hold", async () => {
    const theirs = await createService(f.operator2, f.secondId, serviceNamed());
    const mine = await listServices(f.staff, f.demoId);
    expect(mine.map((s) => s._id)).not.toContain(theirs._id);
    expect(mine.every((s) => s.site === f.demoId && s.currency === 'GBP')).toBe(true);
    expect((await servicesApi('GET', '', f.staff, f.secondId)).statusCode).toBe(403);
  });
});

describe('POST /api/dashboard/services', () => {
  it('creates the service with trimmed names, its prices and their schedules', async () => {
    const group = await createGroup(f.operator, f.demoId);
    const name = `Twilight ${uniqueTag()}`;
    const schedule = [
      { day: 1, start: '06:00', end: '19:00' },
      { day: 6, start: '20:00', end: '24:00' },
    ];
    const created = await createService(f.operator, f.demoId, {
      name: `  ${name} `,
      duration: 30,
      prices: [guestPrice({ name: ' Members ', userGroup: group._id, availableTimes: schedule, credits: 2 })],
    });
    expect(created).toMatchObject({ name, duration: 30, site: f.demoId, currency: 'GBP' });
    expect(created.prices).toEqual([
      {
        _id: expect.any(String),
        name: 'Members',
        amount: 2500,
        credits: 2,
        description: '',
        userGroup: group._id,
        userGroupName: group.name,
        availableTimes: schedule,
      },
    ]);
    expect((await listServices(f.operator, f.demoId)).find((s) => s._id === created._id)).toEqual(created);
  });

  it.each([
    ['GBP', 500],
    ['EUR', 500],
    ['USD', 600],
    ['DKK', 3800],
    ['CZK', 12_500],
    ['JPY', 5],
    ['KWD', 5000],
  ])(
    'takes 0 or at least the %s minimum (%d minor units), refusing one unit less',
    async (currency, minimum) => {
      const { siteId, token } = await siteIn(currency);
      const ok = await createService(token, siteId, {
        ...serviceNamed(),
        prices: [
          guestPrice({ amount: minimum }),
          guestPrice({ name: 'Free', amount: 0, userGroup: (await createGroup(token, siteId))._id }),
        ],
      });
      expect(ok.prices.map((p) => p.amount).sort((a, b) => a - b)).toEqual([0, minimum]);

      const below = serviceNamed({ prices: [guestPrice({ amount: minimum - 1 })] });
      const res = await servicesApi('POST', '', token, siteId, below);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: expect.stringMatching(/^Price must be 0 or at least /),
        code: 'priceBelowMinimum',
      });
      expect((await listServices(token, siteId)).map((s) => s.name)).not.toContain(below.name);
    },
  );

  it('names the minimum in the message', async () => {
    const { siteId, token } = await siteIn('DKK');
    const res = await servicesApi(
      'POST',
      '',
      token,
      siteId,
      serviceNamed({ prices: [guestPrice({ amount: 3799 })] }),
    );
    expect(res.json()).toEqual({
      message: 'Price must be 0 or at least 38.00 DKK',
      code: 'priceBelowMinimum',
    });
  });

  it('refuses a duration under 30 minutes', async () => {
    const res = await servicesApi('POST', '', f.operator, f.demoId, serviceNamed({ duration: 29 }));
    expectRefused(res, 400, 'duration: Duration must be at least 30 minutes');
  });

  it.each([
    [
      'a day twice',
      [
        { day: 2, start: '06:00', end: '08:00' },
        { day: 2, start: '10:00', end: '12:00' },
      ],
      'Each day can only be used once',
    ],
    [
      'a time off the 5-minute step',
      [{ day: 2, start: '06:02', end: '08:00' }],
      'Times must be in 5-minute steps',
    ],
    ['start equal to end', [{ day: 2, start: '08:00', end: '08:00' }], 'Start must be before end'],
    ['start after end', [{ day: 2, start: '09:00', end: '08:00' }], 'Start must be before end'],
  ])('refuses a schedule with %s', async (_case, availableTimes, message) => {
    const res = await servicesApi(
      'POST',
      '',
      f.operator,
      f.demoId,
      serviceNamed({ prices: [guestPrice({ availableTimes })] }),
    );
    expectRefused(res, 400, message);
    expect(res.json<{ message: string }>().message).toMatch(/^prices\.0\.availableTimes\./);
  });

  it("refuses a 'temp-' id and any id that is not a price of the service", async () => {
    const temp = await servicesApi(
      'POST',
      '',
      f.operator,
      f.demoId,
      serviceNamed({ prices: [guestPrice({ _id: 'temp-1' })] }),
    );
    expectRefused(temp, 400, 'prices.0._id: Unknown price');
    const stranger = await servicesApi(
      'POST',
      '',
      f.operator,
      f.demoId,
      serviceNamed({ prices: [guestPrice({ _id: randomUUID() })] }),
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toEqual({ message: 'Unknown price', code: 'unknownPrice' });
  });

  it("refuses another site's user group and a group that does not exist", async () => {
    const theirs = await createGroup(f.operator2, f.secondId);
    for (const userGroup of [theirs._id, randomUUID()]) {
      const body = serviceNamed({ prices: [guestPrice(), guestPrice({ userGroup })] });
      const res = await servicesApi('POST', '', f.operator, f.demoId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Unknown user group', code: 'unknownUserGroup' });
      expect((await listServices(f.operator, f.demoId)).map((s) => s.name)).not.toContain(body.name);
    }
  });

  it('refuses two overlapping prices of one group, taking a daily and a special rate together', async () => {
    const special = guestPrice({
      name: 'Early bird',
      availableTimes: [{ day: 1, start: '06:00', end: '09:00' }],
    });
    const both = await createService(f.operator, f.demoId, serviceNamed({ prices: [guestPrice(), special] }));
    expect(both.prices).toHaveLength(2);

    const twoDaily = await servicesApi(
      'POST',
      '',
      f.operator,
      f.demoId,
      serviceNamed({ prices: [guestPrice(), guestPrice({ name: 'Again' })] }),
    );
    expectRefused(twoDaily, 400, 'Two prices for the same user group overlap');
    const overlapping = guestPrice({
      name: 'Late',
      availableTimes: [{ day: 1, start: '08:55', end: '10:00' }],
    });
    const res = await servicesApi(
      'POST',
      '',
      f.operator,
      f.demoId,
      serviceNamed({ prices: [special, overlapping] }),
    );
    expectRefused(res, 400, 'Two prices for the same user group overlap');
  });

  it('answers 409 for a name the site already has, in any case; another site may have it', async () => {
    const name = `Søndag ${uniqueTag()}`;
    await createService(f.operator, f.demoId, serviceNamed({ name }));
    for (const variant of [name, name.toUpperCase(), ` ${name.toLowerCase()}`]) {
      const res = await servicesApi('POST', '', f.operator, f.demoId, serviceNamed({ name: variant }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        message: 'A service with this name already exists',
        code: 'serviceNameTaken',
      });
    }
    expect((await createService(f.operator2, f.secondId, serviceNamed({ name }))).name).toBe(name);
  });

  it('gives one of two concurrent saves of a name a 409', async () => {
    const body = serviceNamed();
    const codes = await Promise.all(
      [body, { ...body, name: body.name.toUpperCase() }].map(
        async (b) => (await servicesApi('POST', '', f.operator, f.demoId, b)).statusCode,
      ),
    );
    expect(codes.sort()).toEqual([201, 409]);
  });

  it('is refused to role basic', async () => {
    expect((await servicesApi('POST', '', f.staff, f.demoId, serviceNamed())).statusCode).toBe(403);
  });
});

describe('PATCH /api/dashboard/services/:id', () => {
  it('replaces the prices: listed ids are updated, new ones created, the rest deleted', async () => {
    const group = await createGroup(f.operator, f.demoId);
    const service = await createService(
      f.operator,
      f.demoId,
      serviceNamed({
        prices: [
          guestPrice({ name: 'Keep' }),
          guestPrice({ name: 'Change', userGroup: group._id }),
          guestPrice({ name: 'Drop', availableTimes: [{ day: 3, start: '06:00', end: '07:00' }] }),
        ],
      }),
    );
    const byName = Object.fromEntries(service.prices.map((p) => [p.name, p]));
    const res = await servicesApi('PATCH', `/${service._id}`, f.operator, f.demoId, {
      prices: [
        { ...guestPrice({ name: 'Keep' }), _id: byName.Keep!._id },
        {
          _id: byName.Change!._id,
          name: 'Changed',
          amount: 0,
          credits: 3,
          description: 'Members ride free',
          userGroup: group._id,
          availableTimes: [{ day: 0, start: '07:00', end: '12:00' }],
        },
        guestPrice({ name: 'New', availableTimes: [{ day: 5, start: '16:00', end: '20:00' }] }),
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<ServiceView>();
    expect(updated.prices.map((p) => p.name).sort()).toEqual(['Changed', 'Keep', 'New']);
    const after = Object.fromEntries(updated.prices.map((p) => [p.name, p]));
    expect(after.Keep!._id).toBe(byName.Keep!._id);
    expect(after.Changed).toEqual({
      _id: byName.Change!._id,
      name: 'Changed',
      amount: 0,
      credits: 3,
      description: 'Members ride free',
      userGroup: group._id,
      userGroupName: group.name,
      availableTimes: [{ day: 0, start: '07:00', end: '12:00' }],
    });
    expect([byName.Keep!._id, byName.Change!._id, byName.Drop!._id]).not.toContain(after.New!._id);
    const rows = await storedPrices(service._id);
    expect(rows.map((row) => row.id).sort()).toEqual(updated.prices.map((p) => p._id).sort());
  });

  it('changes name and duration and leaves the prices when none are sent; an empty list deletes them', async () => {
    const service = await createService(f.operator, f.demoId, serviceNamed({ prices: [guestPrice()] }));
    const name = `Renamed ${uniqueTag()}`;
    const res = await servicesApi('PATCH', `/${service._id}`, f.operator, f.demoId, { name, duration: 90 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ...service, name, duration: 90 });
    const recased = await servicesApi('PATCH', `/${service._id}`, f.operator, f.demoId, {
      name: name.toUpperCase(),
    });
    expect(recased.statusCode).toBe(200);

    const emptied = await servicesApi('PATCH', `/${service._id}`, f.operator, f.demoId, { prices: [] });
    expect(emptied.json<ServiceView>().prices).toEqual([]);
    expect(await storedPrices(service._id)).toEqual([]);
  });

  it("refuses another service's price id and saves nothing of the patch", async () => {
    const other = await createService(f.operator, f.demoId, serviceNamed({ prices: [guestPrice()] }));
    const service = await createService(f.operator, f.demoId, serviceNamed({ prices: [guestPrice()] }));
    const res = await servicesApi('PATCH', `/${service._id}`, f.operator, f.demoId, {
      name: `Never ${uniqueTag()}`,
      prices: [{ ...guestPrice(), _id: other.prices[0]!._id }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Unknown price', code: 'unknownPrice' });
    const temp = await servicesApi('PATCH', `/${service._id}`, f.operator, f.demoId, {
      prices: [{ ...guestPrice(), _id: 'temp-1' }],
    });
    expectRefused(temp, 400, 'Unknown price');
    const list = await listServices(f.operator, f.demoId);
    expect(list.find((s) => s._id === service._id)).toEqual(service);
    expect(list.find((s) => s._id === other._id)).toEqual(other);
  });

  it('checks the prices it is sent like a create', async () => {
    const service = await createService(f.operator, f.demoId, serviceNamed({ prices: [guestPrice()] }));
    const theirs = await createGroup(f.operator2, f.secondId);
    const below = await servicesApi('PATCH', `/${service._id}`, f.operator, f.demoId, {
      prices: [{ ...guestPrice({ amount: 499 }), _id: service.prices[0]!._id }],
    });
    expect(below.json()).toEqual({
      message: 'Price must be 0 or at least 5.00 GBP',
      code: 'priceBelowMinimum',
    });
    const foreign = await servicesApi('PATCH', `/${service._id}`, f.operator, f.demoId, {
      prices: [guestPrice({ userGroup: theirs._id })],
    });
    expect(foreign.json()).toEqual({ message: 'Unknown user group', code: 'unknownUserGroup' });
    const short = await servicesApi('PATCH', `/${service._id}`, f.operator, f.demoId, { duration: 29 });
    expectRefused(short, 400, 'Duration must be at least 30 minutes');
    expect((await listServices(f.operator, f.demoId)).find((s) => s._id === service._id)).toEqual(service);
  });

  it("answers 409 for another service's name, 400 for an empty or unknown field", async () => {
    const taken = await createService(f.operator, f.demoId, serviceNamed());
    const service = await createService(f.operator, f.demoId, serviceNamed());
    const res = await servicesApi('PATCH', `/${service._id}`, f.operator, f.demoId, {
      name: taken.name.toLowerCase(),
    });
    expect(res.statusCode).toBe(409);
    expectRefused(
      await servicesApi('PATCH', `/${service._id}`, f.operator, f.demoId, {}),
      400,
      'Nothing to update',
    );
    expect(
      (await servicesApi('PATCH', `/${service._id}`, f.operator, f.demoId, { site: f.secondId })).statusCode,
    ).toBe(400);
  });

  it("answers 404 for another site's service, keeping it, and refuses role basic", async () => {
    const theirs = await createService(f.operator2, f.secondId, serviceNamed());
    const res = await servicesApi('PATCH', `/${theirs._id}`, f.admin, f.demoId, {
      name: `Mine ${uniqueTag()}`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Service not found' });
    expect(
      (await servicesApi('PATCH', `/${randomUUID()}`, f.operator, f.demoId, { duration: 60 })).statusCode,
    ).toBe(404);
    expect((await listServices(f.operator2, f.secondId)).find((s) => s._id === theirs._id)).toEqual(theirs);
    const mine = await createService(f.operator, f.demoId, serviceNamed());
    expect((await servicesApi('PATCH', `/${mine._id}`, f.staff, f.demoId, { duration: 60 })).statusCode).toBe(
      403,
    );
  });
});

describe('DELETE /api/dashboard/services/:id', () => {
  it('deletes the service with its prices', async () => {
    const service = await createService(f.operator, f.demoId, serviceNamed({ prices: [guestPrice()] }));
    const res = await servicesApi('DELETE', `/${service._id}`, f.operator, f.demoId);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await listServices(f.operator, f.demoId)).map((s) => s._id)).not.toContain(service._id);
    expect(await storedPrices(service._id)).toEqual([]);
    expect((await servicesApi('DELETE', `/${service._id}`, f.operator, f.demoId)).statusCode).toBe(404);
  });

  it("answers 404 for another site's service, keeping it, and refuses role basic", async () => {
    const theirs = await createService(f.operator2, f.secondId, serviceNamed());
    expect((await servicesApi('DELETE', `/${theirs._id}`, f.admin, f.demoId)).statusCode).toBe(404);
    const mine = await createService(f.operator, f.demoId, serviceNamed());
    expect((await servicesApi('DELETE', `/${mine._id}`, f.staff, f.demoId)).statusCode).toBe(403);
    expect((await listServices(f.operator2, f.secondId)).map((s) => s._id)).toContain(theirs._id);
    expect((await listServices(f.operator, f.demoId)).map((s) => s._id)).toContain(mine._id);
  });
});

describe('API document', () => {
  it('describes the services routes', async () => {
    const res = await rt.app.inject({ url: '/api/docs/json' });
    const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    expect(Object.keys(paths['/api/dashboard/services']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(paths['/api/dashboard/services/{id}']!).sort()).toEqual(['delete', 'patch']);
  });
});

describe('user groups and prices', () => {
  it("deleting a user group deletes its prices and keeps the service's others", async () => {
    const group = await createGroup(f.operator, f.demoId);
    const service = await createService(
      f.operator,
      f.demoId,
      serviceNamed({ prices: [guestPrice(), guestPrice({ name: 'Group', userGroup: group._id })] }),
    );
    const res = await rt.app.inject({
      method: 'DELETE',
      url: `/api/dashboard/sites/user-groups/${group._id}`,
      headers: asUser(f.operator, f.demoId),
    });
    expect(res.json()).toMatchObject({ deletedPrices: 1 });
    const after = (await listServices(f.operator, f.demoId)).find((s) => s._id === service._id)!;
    expect(after.prices.map((p) => [p.name, p.userGroup])).toEqual([['Green fee', null]]);
  });
});
