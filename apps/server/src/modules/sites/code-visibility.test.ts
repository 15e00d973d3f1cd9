import { randomUUID } from 'node:crypto';
import { ROLES, maySeeCodes, type CartView, type Role, type SiteView } from '@fairway/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';
import {
  connectSocket,
  eventually,
  nextUpdate,
  request,
  type TestSocket,
  storedCart,
} from '../../../test/fleet-fixtures';
import type { Runtime } from '../../runtime';
import { TEST_PASSWORD, createUser } from '../users/users.test-support';

/**
 * Least privilege (issue #15 item 12): a site's master unlock code and its carts' lock codes open carts
 * without a login, so only roles from user up see them, on the API and on the socket.
 */
let rt: Runtime;
let demoSite: string;
const tokens = new Map<Role, string>();
const sockets: TestSocket[] = [];
const STAFF_ROLES = ROLES.filter((role) => role !== 'guest');

beforeAll(async () => {
  rt = await startTestServer();
  ({ demo: demoSite } = await demoSiteIds(rt));
  for (const role of STAFF_ROLES) {
    const user = await createUser(rt, { role, sites: [demoSite] });
    tokens.set(role, await loginAs(rt, user.email, TEST_PASSWORD));
  }
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => rt?.stop());

const get = (url: string, role: Role) =>
  rt.app.inject({ url: `/api/dashboard${url}`, headers: asUser(tokens.get(role)!, demoSite) });

describe('who sees unlock codes', () => {
  it('is every role from user up', () => {
    expect(STAFF_ROLES.filter(maySeeCodes)).toEqual(['user', 'service', 'admin', 'superadmin']);
  });

  it.each(STAFF_ROLES)('GET /sites and /devices as %s', async (role) => {
    const site = (await get('/sites', role)).json<SiteView>();
    const carts = (await get('/devices', role)).json<CartView[]>();
    const cart = (await get(`/devices/${carts[0]!._id}`, role)).json<CartView>();
    if (maySeeCodes(role)) {
      const full = (await get('/devices', 'superadmin')).json<CartView[]>();
      expect(site.masterUnlock).toMatch(/^\d{6}$/);
      expect(carts.map((view) => view.lockCode)).toEqual(full.map((view) => view.lockCode));
      expect(carts.some((view) => /^\d{6}$/.test(view.lockCode ?? ''))).toBe(true);
      expect(cart.lockCode).toBe(full.find((view) => view._id === cart._id)!.lockCode);
    } else {
      expect(site.masterUnlock).toBeNull();
      expect(carts.length).toBeGreaterThan(0);
      expect(carts.every((view) => view.lockCode === null)).toBe(true);
      expect(cart.lockCode).toBeNull();
    }
  });

  it('pushes carts over the socket with codes to user and without to basic', async () => {
    const [basic, user] = (await Promise.all(
      (['basic', 'user'] as const).map(async (role) => {
        const socket = await connectSocket(rt, tokens.get(role));
        sockets.push(socket);
        expect(await request(socket, 'join:site', demoSite)).toEqual({ ok: true });
        return socket;
      }),
    )) as [TestSocket, TestSocket];
    const listed = await Promise.all(
      [basic, user].map((s) => request<CartView[]>(s, 'get:site:devices', demoSite)),
    );
    const [basicList, userList] = listed.map((answer) => (answer.ok ? answer.data : []));
    expect(basicList!.length).toBeGreaterThan(0);
    expect(basicList!.every((view) => view.lockCode === null)).toBe(true);
    const cart = userList!.find((view) => view.lockCode !== null)!;
    expect(cart.lockCode).toMatch(/^\d{6}$/);

    const note = randomUUID();
    const stored = await storedCart(rt, cart._id);
    const pushed = [basic, user].map((s) => nextUpdate(s, cart._id, (view) => view.carNote === note));
    rt.ctx.bus.emit('device.updated', { ...stored, carNote: note });
    const [toBasic, toUser] = await Promise.all(pushed);
    expect(toBasic!.lockCode).toBeNull();
    expect(toUser!.lockCode).toBe(cart.lockCode);
  });

  it('gives an open socket the codes once its user is raised to user, and takes them at a lowering', async () => {
    const member = await createUser(rt, { role: 'basic', sites: [demoSite] });
    const socket = await connectSocket(rt, await loginAs(rt, member.email, TEST_PASSWORD));
    sockets.push(socket);
    expect(await request(socket, 'join:site', demoSite)).toEqual({ ok: true });
    const full = (await get('/devices', 'superadmin')).json<CartView[]>();
    const cart = full.find((view) => view.lockCode !== null)!;
    const pushedCode = async () => {
      const note = randomUUID();
      const stored = await storedCart(rt, cart._id);
      const pushed = nextUpdate(socket, cart._id, (view) => view.carNote === note);
      rt.ctx.bus.emit('device.updated', { ...stored, carNote: note });
      return (await pushed).lockCode;
    };
    expect(await pushedCode()).toBeNull();

    const setRole = async (role: Role) => {
      const res = await rt.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${member.id}`,
        headers: asUser(tokens.get('superadmin')!),
        payload: { role },
      });
      expect(res.statusCode).toBe(200);
    };
    await setRole('user');
    await eventually(async () => (await pushedCode()) === cart.lockCode);
    await setRole('basic');
    await eventually(async () => (await pushedCode()) === null);
  });
});
