import type { CartView } from '@fairway/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoSiteIds, loginAs, startTestServer } from '../../test/helpers';
import type { Runtime } from '../runtime';
import { connectSocket, nextUpdate, request, type TestSocket } from '../devices/testing/fleet-fixtures';

/** Socket auth, site rooms and the push of `device.updated` events to the rooms. */
let rt: Runtime;
let superadmin: string;
let siteAdmin: string;
let secondOperator: string;
let demoSiteId: string;
let secondSiteId: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  rt = await startTestServer();
  [superadmin, siteAdmin, secondOperator] = await Promise.all([
    loginAs(rt, 'superadmin@example.com'),
    loginAs(rt, 'admin@example.com'),
    loginAs(rt, 'operator2@example.com'),
  ]);
  ({ demo: demoSiteId, second: secondSiteId } = await demoSiteIds(rt));
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => rt.stop());

const open = async (token: string) => {
  const socket = await connectSocket(rt, token);
  sockets.push(socket);
  return socket;
};

/** A cart of `siteId` as the services would announce it. */
async function someCart(siteId: string): Promise<CartView> {
  const res = await rt.app.inject({
    url: '/api/dashboard/devices',
    headers: { authorization: `Bearer ${superadmin}`, 'site-id': siteId },
  });
  return (JSON.parse(res.body) as CartView[])[0]!;
}

describe('socket authentication', () => {
  it('refuses a socket without a token', async () => {
    await expect(connectSocket(rt, undefined)).rejects.toThrow('unauthorized');
  });

  it('refuses an invalid token', async () => {
    await expect(connectSocket(rt, `${siteAdmin}x`)).rejects.toThrow('unauthorized');
  });

  it('accepts a valid access token', async () => {
    expect((await open(siteAdmin)).connected).toBe(true);
  });
});

describe('site rooms', () => {
  it('refuses to join a site the user does not hold', async () => {
    const socket = await open(siteAdmin);
    expect(await request(socket, 'join:site', secondSiteId)).toEqual({
      ok: false,
      message: 'You do not have access to this site',
    });
    expect(await request(socket, 'join:site', 'not-a-uuid')).toMatchObject({ ok: false });
  });

  it('lets a superadmin join any existing site, and no other', async () => {
    const socket = await open(superadmin);
    expect(await request(socket, 'join:site', secondSiteId)).toEqual({ ok: true });
    expect(await request(socket, 'join:site', '00000000-0000-4000-8000-000000000000')).toMatchObject({
      ok: false,
    });
  });

  it('answers get:site:devices with the list and emits site:devices', async () => {
    const socket = await open(siteAdmin);
    const pushed = new Promise<{ siteId: string; devices: CartView[] }>((resolve) =>
      socket.once('site:devices', resolve),
    );
    const answer = await request<CartView[]>(socket, 'get:site:devices', demoSiteId);
    expect(answer.ok).toBe(true);
    const list = answer.ok ? answer.data : [];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((cart) => cart.siteID === demoSiteId)).toBe(true);
    expect(await pushed).toEqual({ siteId: demoSiteId, devices: list });
    expect(await request(socket, 'get:site:devices', secondSiteId)).toMatchObject({ ok: false });
  });

  it('pushes device updates to the members of the site room only', async () => {
    const member = await open(siteAdmin);
    const outsider = await open(secondOperator);
    expect(await request(member, 'join:site', demoSiteId)).toEqual({ ok: true });
    expect(await request(outsider, 'join:site', secondSiteId)).toEqual({ ok: true });
    const leaked: CartView[] = [];
    outsider.on('device:update', (view) => leaked.push(view));

    const cart = await someCart(demoSiteId);
    const received = nextUpdate(member, cart._id, (view) => view.carNote === 'pushed');
    rt.ctx.bus.emit('device.updated', { ...cart, carNote: 'pushed' });
    expect((await received).carNote).toBe('pushed');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(leaked).toEqual([]);
  });

  it('stops pushing after leave:site', async () => {
    const socket = await open(siteAdmin);
    await request(socket, 'join:site', demoSiteId);
    expect(await request(socket, 'leave:site', demoSiteId)).toEqual({ ok: true });
    const cart = await someCart(demoSiteId);
    const updates: CartView[] = [];
    socket.on('device:update', (view) => updates.push(view));
    rt.ctx.bus.emit('device.updated', cart);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(updates).toEqual([]);
  });
});
