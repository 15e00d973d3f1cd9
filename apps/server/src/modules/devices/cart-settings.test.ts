import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';
import { registerDevice, moveDevices } from '../../../test/fleet-fixtures';
import { createUser, TEST_PASSWORD } from '../users/users.test-support';

let rt: Runtime;
let superadmin: string;
let admin: string;
let staff: string;
let user: string;
let siteId: string;
let cartId: string;
let otherCartId: string;

const patch = (token: string, id: string, updateData: Record<string, unknown>, publish?: boolean) =>
  rt.app.inject({
    method: 'PATCH',
    url: `/api/dashboard/devices/${id}`,
    headers: asUser(token, siteId),
    payload: { updateData, ...(publish === undefined ? {} : { publish }) },
  });

beforeAll(async () => {
  rt = await startTestServer();
  [superadmin, admin, staff] = (await Promise.all(
    ['superadmin@example.com', 'admin@example.com', 'staff@example.com'].map((email) => loginAs(rt, email)),
  )) as [string, string, string];
  siteId = (await demoSiteIds(rt)).demo;
  const member = await createUser(rt, { role: 'user', sites: [siteId] });
  user = await loginAs(rt, member.email, TEST_PASSWORD);
  const devices = await Promise.all([registerDevice(rt, superadmin), registerDevice(rt, superadmin)]);
  [cartId, otherCartId] = devices.map((device) => device.deviceId) as [string, string];
  await moveDevices(rt, superadmin, [cartId, otherCartId], siteId);
});
afterAll(() => rt.stop());

describe('PATCH /api/dashboard/devices/{id}', () => {
  it('lets role user change the cart settings and vehicle info', async () => {
    const res = await patch(user, cartId, {
      carNumber: '901',
      carName: 'Swilcan',
      carNote: 'Brakes checked',
      lockCode: '123456',
      vehicleInfo: { cart: { model: 'Onward', brand: 'Club Car' }, power: 'Li-Ion', notes: '' },
      bookableOnline: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<CartView>()).toMatchObject({
      carNumber: '901',
      carName: 'Swilcan',
      lockCode: '123456',
      bookableOnline: false,
      vehicleInfo: { power: 'Li-Ion' },
    });
  });

  it("answers 'Car number already exists.' for a duplicate in the site and keeps the old number", async () => {
    await patch(user, cartId, { carNumber: '902' });
    const res = await patch(user, otherCartId, { carNumber: '902' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Car number already exists.' });
  });

  it('validates car number digits and the 6-digit unlock code', async () => {
    expect((await patch(user, cartId, { carNumber: '12a' })).statusCode).toBe(400);
    const code = await patch(user, cartId, { lockCode: '12345' });
    expect(code.statusCode).toBe(400);
    expect(code.json<{ message: string }>().message).toContain('Code must be 6 digits');
    expect((await patch(user, cartId, {})).statusCode).toBe(400);
  });

  it('lets basic switch key mode only, and keeps the admin panel for admins', async () => {
    expect((await patch(staff, cartId, { key: '1' })).json<CartView>().key).toBe('1');
    expect((await patch(staff, cartId, { carName: 'x' })).statusCode).toBe(403);
    expect((await patch(user, cartId, { trackerMode: 'lowPower' })).statusCode).toBe(403);
    const res = await patch(admin, cartId, {
      server: 'beta',
      carOdometerOffset: 120.5,
      trackerMode: 'lowPower',
    });
    expect(res.statusCode).toBe(200);
    const cart = res.json<CartView>();
    expect(cart).toMatchObject({ server: 'beta', carOdometerOffset: 120.5, trackerMode: 'lowPower' });
    // Tracker settings go to the cart in its config and wait for its acknowledgement.
    expect(cart.updates).toContain('ds');
  });

  it('answers 404 for a cart of another site', async () => {
    const second = (await demoSiteIds(rt)).second;
    const res = await rt.app.inject({
      method: 'PATCH',
      url: `/api/dashboard/devices/${cartId}`,
      headers: asUser(superadmin, second),
      payload: { updateData: { key: '0' } },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('PATCH /api/dashboard/devices (bulk)', () => {
  it('sets key or keyless mode on the selected carts for basic', async () => {
    const res = await rt.app.inject({
      method: 'PATCH',
      url: '/api/dashboard/devices',
      headers: asUser(staff, siteId),
      payload: { ids: [cartId, otherCartId], updateData: { key: '0' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<CartView[]>().map((cart) => cart.key)).toEqual(['0', '0']);
  });

  it('needs role user for service state and refuses carts outside the site', async () => {
    const payload = { ids: [cartId], updateData: { inService: false } };
    const denied = await rt.app.inject({
      method: 'PATCH',
      url: '/api/dashboard/devices',
      headers: asUser(staff, siteId),
      payload,
    });
    expect(denied.statusCode).toBe(403);
    const ok = await rt.app.inject({
      method: 'PATCH',
      url: '/api/dashboard/devices',
      headers: asUser(user, siteId),
      payload,
    });
    expect(ok.json<CartView[]>()[0]!.inService).toBe(false);
    const foreign = await rt.app.inject({
      method: 'PATCH',
      url: '/api/dashboard/devices',
      headers: asUser(user, siteId),
      payload: { ids: ['00000000-0000-4000-8000-000000000000'], updateData: { inService: true } },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
