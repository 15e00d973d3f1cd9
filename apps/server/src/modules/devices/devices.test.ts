import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView, SiteListItem } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';

let rt: Runtime;
let admin: string;
let staff: string;
let superadmin: string;
let demoId: string;
let secondId: string;

beforeAll(async () => {
  rt = await startTestServer();
  [admin, staff, superadmin] = (await Promise.all(
    ['admin@example.com', 'staff@example.com', 'superadmin@example.com'].map((email) => loginAs(rt, email)),
  )) as [string, string, string];
  ({ demo: demoId, second: secondId } = await demoSiteIds(rt));
});
afterAll(() => rt.stop());

const register = async (serial: string) =>
  rt.app.inject({
    method: 'POST',
    url: '/api/admin/devices',
    headers: asUser(superadmin),
    payload: { serial },
  });

describe('GET /api/dashboard/devices', () => {
  it("lists the selected site's 16 carts in car-number order", async () => {
    const res = await rt.app.inject({ url: '/api/dashboard/devices', headers: asUser(staff, demoId) });
    expect(res.statusCode).toBe(200);
    // Other test files may add carts to the demo club; the seeded 1–16 always lead, in numeric order.
    const carts = res.json<CartView[]>().slice(0, 16);
    expect(carts.map((cart) => cart.carNumber)).toEqual(Array.from({ length: 16 }, (_, i) => String(i + 1)));
    expect(carts.every((cart) => cart.siteID === demoId && cart.carName.length > 0)).toBe(true);
    expect(carts[0]).not.toHaveProperty('secretHash');
  });

  it("refuses another club's carts", async () => {
    const res = await rt.app.inject({ url: '/api/dashboard/devices', headers: asUser(admin, secondId) });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/admin/devices', () => {
  it('registers into staging and shows the secret once', async () => {
    const serial = `FW-${Date.now()}`;
    const res = await register(serial);
    expect(res.statusCode).toBe(201);
    const body = res.json<{ _id: string; serial: string; secret: string }>();
    expect(body.serial).toBe(serial);
    expect(body.secret.length).toBeGreaterThanOrEqual(40);
    const device = (
      await rt.app.inject({ url: `/api/admin/devices/${body._id}`, headers: asUser(superadmin) })
    ).json<CartView & { secret?: string }>();
    expect(device.secret).toBeUndefined();
    const sites = (
      await rt.app.inject({ url: '/api/dashboard/sites/list', headers: asUser(superadmin) })
    ).json<SiteListItem[]>();
    expect(sites.find((site) => site._id === device.siteID)?.name).toBe('Staging');
  });

  it('refuses a duplicate serial with 409 and a malformed one with 400 naming the field', async () => {
    const serial = `DUP-${Date.now()}`;
    expect((await register(serial)).statusCode).toBe(201);
    const duplicate = await register(serial);
    expect(duplicate.statusCode).toBe(409);
    const bad = await register('has spaces!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/serial/);
  });

  it('is for superadmins only', async () => {
    const res = await rt.app.inject({
      method: 'POST',
      url: '/api/admin/devices',
      headers: asUser(admin),
      payload: { serial: 'X-1' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('PATCH /api/admin/devices', () => {
  it('moves a device into a site with a car number; a taken number is refused', async () => {
    const { _id } = (await register(`MV-${Date.now()}`)).json<{ _id: string }>();
    const moved = await rt.app.inject({
      method: 'PATCH',
      url: '/api/admin/devices',
      headers: asUser(superadmin),
      payload: { ids: [_id], updateData: { siteID: secondId, carNumber: '99' } },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<CartView[]>()[0]).toMatchObject({ siteID: secondId, carNumber: '99' });

    const { _id: other } = (await register(`MV2-${Date.now()}`)).json<{ _id: string }>();
    const taken = await rt.app.inject({
      method: 'PATCH',
      url: '/api/admin/devices',
      headers: asUser(superadmin),
      payload: { ids: [other], updateData: { siteID: secondId, carNumber: '99' } },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Car number already exists.' });
    const unchanged = (
      await rt.app.inject({ url: `/api/admin/devices/${other}`, headers: asUser(superadmin) })
    ).json<CartView>();
    expect(unchanged.siteID).not.toBe(secondId);
  });

  it('validates car numbers as digits and refuses unknown sites and devices', async () => {
    const { _id } = (await register(`VAL-${Date.now()}`)).json<{ _id: string }>();
    const letters = await rt.app.inject({
      method: 'PATCH',
      url: '/api/admin/devices',
      headers: asUser(superadmin),
      payload: { ids: [_id], updateData: { carNumber: '7a' } },
    });
    expect(letters.statusCode).toBe(400);
    expect(letters.json<{ message: string }>().message).toMatch(/carNumber/);
    const site = await rt.app.inject({
      method: 'PATCH',
      url: '/api/admin/devices',
      headers: asUser(superadmin),
      payload: { ids: [_id], updateData: { siteID: '00000000-0000-4000-8000-000000000000' } },
    });
    expect(site.statusCode).toBe(400);
    const device = await rt.app.inject({
      method: 'PATCH',
      url: '/api/admin/devices',
      headers: asUser(superadmin),
      payload: { ids: ['00000000-0000-4000-8000-000000000000'], updateData: { carName: 'x' } },
    });
    expect(device.statusCode).toBe(404);
  });
});
