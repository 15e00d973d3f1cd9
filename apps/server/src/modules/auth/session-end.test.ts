import { randomUUID } from 'node:crypto';
import type { CartView } from '@fairway/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { asUser, demoSiteIds, startAsSuperadmin } from '../../../test/helpers';
import {
  connectSocket,
  eventually,
  nextUpdate,
  onCartUpdates,
  request,
  type TestSocket,
  storedCart,
} from '../../../test/fleet-fixtures';
import type { Runtime } from '../../runtime';
import { TEST_PASSWORD, createUser } from '../users/users.test-support';

/**
 * An access token speaks for its session only while the session lives (issue #15 item 7): logout and a
 * revoked refresh family end it on the API and on open sockets; a socket lives no longer than its token;
 * a role or site change makes open sockets leave the rooms they may no longer watch.
 */
let rt: Runtime;
let superadmin: string;
let demoSite: string;
let secondSite: string;
const sockets: TestSocket[] = [];

interface Pair {
  accessToken: string;
  refreshToken: string;
}

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  ({ demo: demoSite, second: secondSite } = await demoSiteIds(rt));
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => rt?.stop());

const auth = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  rt.app.inject({ method: 'POST', url: `/api/dashboard/auth${url}`, payload, headers });

async function signIn(sites = [demoSite]): Promise<Pair & { userId: string }> {
  const user = await createUser(rt, { role: 'basic', sites });
  const res = await auth('/login', { email: user.email, password: TEST_PASSWORD });
  expect(res.statusCode).toBe(200);
  return { ...res.json<Pair>(), userId: user.id };
}

/** A dashboard API call that needs a live session: the site's carts. */
const listCarts = (token: string, siteId = demoSite) =>
  rt.app.inject({ url: '/api/dashboard/devices', headers: asUser(token, siteId) });

async function connect(token: string): Promise<TestSocket> {
  const socket = await connectSocket(rt, token);
  sockets.push(socket);
  return socket;
}

/** Resolves with the reason when the server drops the socket. */
const dropped = (socket: TestSocket) =>
  new Promise<Socket.DisconnectReason>((resolve) => socket.once('disconnect', resolve));

describe('logout', () => {
  it('ends the access token on the API and drops and refuses its sockets', async () => {
    const session = await signIn();
    expect((await listCarts(session.accessToken)).statusCode).toBe(200);
    const socket = await connect(session.accessToken);
    const reason = dropped(socket);

    const res = await auth('/logout', { refreshToken: session.refreshToken });
    expect(res.statusCode).toBe(204);

    expect(await reason).toBe('io server disconnect');
    expect((await listCarts(session.accessToken)).statusCode).toBe(401);
    expect(
      (await rt.app.inject({ url: '/api/dashboard/auth', headers: asUser(session.accessToken) })).statusCode,
    ).toBe(401);
    await expect(connectSocket(rt, session.accessToken)).rejects.toThrow('unauthorized');
  });

  it("with only the access token ends that session, and leaves the user's other sessions alone", async () => {
    const here = await signIn();
    const res = await auth('/login', {
      email: (await rt.app.inject({ url: '/api/dashboard/auth', headers: asUser(here.accessToken) })).json<{
        email: string;
      }>().email,
      password: TEST_PASSWORD,
    });
    const elsewhere = res.json<Pair>();
    const otherSocket = await connect(elsewhere.accessToken);

    expect((await auth('/logout', undefined, asUser(here.accessToken))).statusCode).toBe(204);
    expect((await listCarts(here.accessToken)).statusCode).toBe(401);
    expect((await listCarts(elsewhere.accessToken)).statusCode).toBe(200);
    // The other session's socket is still served.
    expect(await request(otherSocket, 'join:site', demoSite)).toEqual({ ok: true });
    expect(otherSocket.connected).toBe(true);
  });
});

describe('a revoked session', () => {
  it('reuse of a rotated refresh token ends the access tokens of its family and drops their sockets', async () => {
    const session = await signIn();
    const rotated = await auth('/refresh', { refreshToken: session.refreshToken });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json<Pair>();
    // Rotation keeps the session: the earlier access token still works until it expires.
    expect((await listCarts(session.accessToken)).statusCode).toBe(200);
    const socket = await connect(next.accessToken);
    const reason = dropped(socket);

    // The rotated token presented again: someone else holds it, so the whole session ends.
    expect((await auth('/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);

    expect(await reason).toBe('io server disconnect');
    expect((await listCarts(next.accessToken)).statusCode).toBe(401);
    expect((await listCarts(session.accessToken)).statusCode).toBe(401);
  });

  it('a token whose session never existed is refused on the API and the socket', async () => {
    const session = await signIn();
    const claims = (await rt.ctx.tokens.verify(session.accessToken))!;
    const forged = await rt.ctx.tokens.sign(claims.sub, claims.role, randomUUID());
    expect((await listCarts(forged)).statusCode).toBe(401);
    await expect(connectSocket(rt, forged)).rejects.toThrow('unauthorized');
  });
});

describe('socket lifetime', () => {
  it('drops a socket when its token expires', async () => {
    const session = await signIn();
    const claims = (await rt.ctx.tokens.verify(session.accessToken))!;
    const shortLived = await rt.ctx.tokens.sign(claims.sub, claims.role, claims.sid, 1);
    const socket = await connect(shortLived);
    expect(await request(socket, 'join:site', demoSite)).toEqual({ ok: true });
    expect(await dropped(socket)).toBe('io server disconnect');
    // The same session with a fresh token is welcome again.
    expect((await connect(session.accessToken)).connected).toBe(true);
  });

  it('leaves the room of a site removed from the user, and the last room when no site is left', async () => {
    const session = await signIn([demoSite, secondSite]);
    const socket = await connect(session.accessToken);
    // A superadmin watching both sites: when it has an update, the server has sent it to the room.
    const control = await connect(superadmin);
    for (const site of [demoSite, secondSite]) {
      expect(await request(socket, 'join:site', site)).toEqual({ ok: true });
      expect(await request(control, 'join:site', site)).toEqual({ ok: true });
    }
    const [demoCart, secondCart] = await Promise.all([someCart(demoSite), someCart(secondSite)]);
    expect(await reaches(socket, control, demoCart)).toBe(true);

    await patchUser(session.userId, { sites: [secondSite] });
    await eventually(async () => !(await reaches(socket, control, demoCart)));
    expect(await reaches(socket, control, secondCart)).toBe(true);
    expect(socket.connected).toBe(true);

    await patchUser(session.userId, { sites: [] });
    await eventually(async () => !(await reaches(socket, control, secondCart)));
    expect(await request(socket, 'join:site', secondSite)).toMatchObject({ ok: false });
  });

  it('drops the sockets of a removed user', async () => {
    const session = await signIn();
    const socket = await connect(session.accessToken);
    const reason = dropped(socket);
    const res = await rt.app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${session.userId}`,
      headers: asUser(superadmin),
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(await reason).toBe('io server disconnect');
  });
});

async function patchUser(userId: string, payload: object): Promise<void> {
  const res = await rt.app.inject({
    method: 'PATCH',
    url: `/api/admin/users/${userId}`,
    headers: asUser(superadmin),
    payload,
  });
  expect(res.statusCode).toBe(200);
}

async function someCart(siteId: string): Promise<CartView> {
  const res = await rt.app.inject({ url: '/api/dashboard/devices', headers: asUser(superadmin, siteId) });
  const cart = res.json<CartView[]>()[0];
  if (!cart) throw new Error(`no cart on site ${siteId}`);
  return cart;
}

/**
 * Whether an update of `cart` reaches `socket`. The push goes to every room of the site at once; once the
 * `control` socket (always in the room) has it, the server has written it to `socket` too, and the answer
 * to `socket`'s next request comes after it on the same connection.
 */
async function reaches(socket: TestSocket, control: TestSocket, cart: CartView): Promise<boolean> {
  const note = randomUUID();
  let arrived = false;
  const onUpdate = (view: CartView) => {
    if (view._id === cart._id && view.carNote === note) arrived = true;
  };
  const stopUpdates = onCartUpdates(socket, onUpdate);
  const atControl = nextUpdate(control, cart._id, (view) => view.carNote === note);
  rt.ctx.bus.emit('device.updated', { ...(await storedCart(rt, cart._id)), carNote: note });
  await atControl;
  await request(socket, 'leave:site', randomUUID());
  stopUpdates();
  return arrived;
}
