import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceView, SiteListItem, SiteView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';

let rt: Runtime;
let admin: string;
let staff: string;
let operator2: string;
let superadmin: string;
let demoId: string;
let secondId: string;

beforeAll(async () => {
  rt = await startTestServer();
  [admin, staff, operator2, superadmin] = (await Promise.all(
    ['admin@example.com', 'staff@example.com', 'operator2@example.com', 'superadmin@example.com'].map(
      (email) => loginAs(rt, email),
    ),
  )) as [string, string, string, string];
  ({ demo: demoId, second: secondId } = await demoSiteIds(rt));
});
afterAll(() => rt.stop());

describe('GET /api/dashboard/sites/list', () => {
  it('lists only the sites a user holds; a superadmin sees every site', async () => {
    const names = async (token: string) =>
      (await rt.app.inject({ url: '/api/dashboard/sites/list', headers: asUser(token) }))
        .json<SiteListItem[]>()
        .map((site) => site.name);
    expect(await names(admin)).toEqual(['Demo Golf Club']);
    expect(await names(operator2)).toEqual(['Second Club']);
    expect(await names(superadmin)).toEqual(
      expect.arrayContaining(['Demo Golf Club', 'Second Club', 'Staging']),
    );
  });

  it('needs a token', async () => {
    const res = await rt.app.inject({ url: '/api/dashboard/sites/list' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});

describe('site scoping on dashboard calls', () => {
  it('answers the site a user holds', async () => {
    const res = await rt.app.inject({ url: '/api/dashboard/sites', headers: asUser(operator2, secondId) });
    expect(res.statusCode).toBe(200);
    const site = res.json<SiteView>();
    expect(site).toMatchObject({ name: 'Second Club', keypadEnabled: true, currency: 'CZK' });
    // Other test files may move registered devices into this club; the four seeded carts are always there.
    expect(site.devices).toBeGreaterThanOrEqual(4);
  });

  it('refuses a site the user does not hold, a missing and a malformed site-id with 403', async () => {
    for (const headers of [
      asUser(admin, secondId),
      asUser(admin),
      { ...asUser(admin), 'site-id': 'not-a-uuid' },
    ]) {
      const res = await rt.app.inject({ url: '/api/dashboard/sites', headers });
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toMatch(/site/);
    }
  });

  it('lets a superadmin act on any site', async () => {
    const res = await rt.app.inject({ url: '/api/dashboard/sites', headers: asUser(superadmin, secondId) });
    expect(res.statusCode).toBe(200);
  });

  it('describes the demo club as seeded: keyless, scan-to-ride, members, its own time zone and currency', async () => {
    const site = (
      await rt.app.inject({ url: '/api/dashboard/sites', headers: asUser(admin, demoId) })
    ).json<SiteView>();
    expect(site).toMatchObject({
      keyless: true,
      scanToRideToggle: true,
      membersModule: true,
      keypadEnabled: false,
      timezone: 'Europe/London',
      currency: 'GBP',
    });
    expect(site.devices).toBeGreaterThanOrEqual(16);
    expect(site.openingHours).toHaveLength(7);
  });

  it('seeds the demo club onboarded with the sandbox provider, its public profile on, and priced services', async () => {
    const site = (
      await rt.app.inject({ url: '/api/dashboard/sites', headers: asUser(admin, demoId) })
    ).json<SiteView>();
    expect(site.stripeConfig).toMatchObject({
      accountId: expect.stringMatching(/^acct_sbx_/),
      accountActive: true,
    });
    expect(site.publicProfile).toMatchObject({ active: true, address: { city: 'St Andrews' } });
    const services = (
      await rt.app.inject({ url: '/api/dashboard/services', headers: asUser(admin, demoId) })
    ).json<ServiceView[]>();
    // Other test files add services to this club too; the seeded ones are there with their prices.
    const priced = (name: string) =>
      services
        .filter((service) => service.name === name)
        .map((service) =>
          service.prices.map((price) => [price.name, price.amount, price.userGroupName]).sort(),
        );
    expect(priced('18 holes')).toContainEqual(
      [
        ['Guest', 4000, null],
        ['Juniors', 1000, 'Juniors'],
        ['Members', 2000, 'Members'],
        ['Twilight', 2500, null],
      ].sort(),
    );
    expect(priced('9 holes')).toContainEqual(
      [
        ['Guest', 2500, null],
        ['Members', 1250, 'Members'],
      ].sort(),
    );
    const second = (
      await rt.app.inject({ url: '/api/dashboard/sites', headers: asUser(operator2, secondId) })
    ).json<SiteView>();
    expect(second.stripeConfig.accountActive).toBe(false);
  });
});

describe('PATCH /api/dashboard/sites', () => {
  it('needs role admin', async () => {
    const res = await rt.app.inject({
      method: 'PATCH',
      url: '/api/dashboard/sites',
      headers: asUser(staff, demoId),
      payload: { updateData: { roundTimeout: 200 } },
    });
    expect(res.statusCode).toBe(403);
  });

  it('validates and names the field, changing nothing', async () => {
    const res = await rt.app.inject({
      method: 'PATCH',
      url: '/api/dashboard/sites',
      headers: asUser(admin, demoId),
      payload: { updateData: { wifiSSID: 'x'.repeat(34) } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/wifiSSID/);
  });

  it('refuses fields an operator may not set', async () => {
    const res = await rt.app.inject({
      method: 'PATCH',
      url: '/api/dashboard/sites',
      headers: asUser(admin, demoId),
      payload: { updateData: { staging: true } },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('/api/admin/sites', () => {
  it('is for superadmins only', async () => {
    expect((await rt.app.inject({ url: '/api/admin/sites', headers: asUser(admin) })).statusCode).toBe(403);
    expect((await rt.app.inject({ url: '/api/admin/sites' })).statusCode).toBe(401);
  });

  it("creates a site with 'lat, long' normalised to six decimals", async () => {
    const res = await rt.app.inject({
      method: 'POST',
      url: '/api/admin/sites',
      headers: asUser(superadmin),
      payload: {
        name: 'Test Links',
        country: 'Denmark',
        currency: 'DKK',
        centerLatLong: '55.5,12.25',
        timezone: 'Europe/Copenhagen',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<SiteView>()).toMatchObject({
      centerLatLong: '55.500000, 12.250000',
      devices: 0,
      staging: false,
    });
  });

  it('refuses a malformed position and an unknown time zone with the spec messages', async () => {
    const base = {
      name: 'Bad',
      country: 'Denmark',
      currency: 'DKK',
      timezone: 'Europe/Copenhagen',
      centerLatLong: '55,12',
    };
    const latLong = await rt.app.inject({
      method: 'POST',
      url: '/api/admin/sites',
      headers: asUser(superadmin),
      payload: { ...base, centerLatLong: 'north' },
    });
    expect(latLong.statusCode).toBe(400);
    expect(latLong.json<{ message: string }>().message).toContain("Input must be in 'lat, long' format");
    const zone = await rt.app.inject({
      method: 'POST',
      url: '/api/admin/sites',
      headers: asUser(superadmin),
      payload: { ...base, timezone: 'Mars/Olympus' },
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.json<{ message: string }>().message).toMatch(/timezone/);
  });

  it('deleting a site hands its devices back to staging; staging itself cannot be deleted', async () => {
    const site = (
      await rt.app.inject({
        method: 'POST',
        url: '/api/admin/sites',
        headers: asUser(superadmin),
        payload: {
          name: 'Short-lived',
          country: 'Denmark',
          currency: 'DKK',
          centerLatLong: '55,12',
          timezone: 'UTC',
        },
      })
    ).json<SiteView>();
    const device = (
      await rt.app.inject({
        method: 'POST',
        url: '/api/admin/devices',
        headers: asUser(superadmin),
        payload: { serial: `DEL-${Date.now()}` },
      })
    ).json<{ _id: string }>();
    await rt.app.inject({
      method: 'PATCH',
      url: '/api/admin/devices',
      headers: asUser(superadmin),
      payload: { ids: [device._id], updateData: { siteID: site._id, carNumber: '7' } },
    });
    const del = await rt.app.inject({
      method: 'DELETE',
      url: `/api/admin/sites/${site._id}`,
      headers: asUser(superadmin),
    });
    expect(del.statusCode).toBe(204);
    const moved = (
      await rt.app.inject({ url: `/api/admin/devices/${device._id}`, headers: asUser(superadmin) })
    ).json<{ siteID: string; carNumber: string | null }>();
    const sites = (await rt.app.inject({ url: '/api/admin/sites', headers: asUser(superadmin) })).json<
      SiteView[]
    >();
    const staging = sites.find((s) => s.staging)!;
    expect(moved).toMatchObject({ siteID: staging._id, carNumber: null });
    const refuse = await rt.app.inject({
      method: 'DELETE',
      url: `/api/admin/sites/${staging._id}`,
      headers: asUser(superadmin),
    });
    expect(refuse.statusCode).toBe(400);
  });
});
