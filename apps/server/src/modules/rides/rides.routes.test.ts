import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RideDetail, RidesPage, RideView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, startAsSuperadmin } from '../../../test/helpers';
import { eventually } from '../../../test/fleet-fixtures';
import { startTestCart, type TestCart } from '../../../test/test-cart';
import {
  createRideClub,
  insertCart,
  insertRide,
  rideRow,
  type RideClub,
} from '../guest/guest-rides.test-support';

/** The operator's ride calls over HTTP: roles, site scoping, and end, resume and delete. */
const SLOW = 15_000;

let rt: Runtime;
let superadmin: string;
let club: RideClub;
let other: RideClub;
const carts: TestCart[] = [];

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  [club, other] = await Promise.all([createRideClub(rt), createRideClub(rt)]);
});
afterAll(async () => {
  for (const cart of carts) await cart.disconnect();
  await rt.stop();
});

const get = (url: string, token: string, siteId = club.siteId) =>
  rt.app.inject({ url: `/api/dashboard/rides${url}`, headers: asUser(token, siteId) });
const post = (url: string, token: string, payload: object, siteId = club.siteId) =>
  rt.app.inject({
    method: 'POST',
    url: `/api/dashboard/rides${url}`,
    headers: asUser(token, siteId),
    payload,
  });

/** A real cart of the club, connected and online. */
async function onlineCart(): Promise<TestCart> {
  const cart = await startTestCart(rt, superadmin, club.siteId);
  carts.push(cart);
  await eventually(async () => {
    const res = await rt.app.inject({
      url: `/api/dashboard/devices/${cart.deviceId}`,
      headers: asUser(superadmin, club.siteId),
    });
    return res.json<{ onlineStatus: boolean }>().onlineStatus;
  }, SLOW);
  return cart;
}

/** A ride opened by the lifecycle on a real cart, once the cart has confirmed the unlock. */
async function confirmedRide(cart: TestCart): Promise<string> {
  const opened = await rt.ctx.rides.lifecycle.openByUnlock({
    deviceId: cart.deviceId,
    type: 'manual',
    meta: { name: 'Olga Operator', email: null },
  });
  await eventually(async () => (await rideRow(rt, opened.id))?.confirmed, SLOW);
  return opened.id;
}

describe('reading rides', () => {
  it('lets basic staff list and open the rides of their site', async () => {
    const cart = await insertCart(rt, club.siteId);
    const ride = await insertRide(rt, cart, { meta: { name: 'Listed Larry', email: null } });

    const list = await get('?search=listed&searchField=name', club.basic);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<RidesPage>().data.map((item) => item._id)).toEqual([ride.id]);

    const detail = await get(`/${ride.id}?hiRes=true`, club.basic);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<RideDetail>()).toMatchObject({
      _id: ride.id,
      hiRes: true,
      trail: [],
      siteCenter: [56.34, -2.8],
      meta: { name: 'Listed Larry' },
    });
    expect((await get(`/${ride.id}`, club.basic)).json<RideDetail>().hiRes).toBe(false);
  });

  it('refuses without a login, for a site the user does not hold, and for bad queries', async () => {
    expect((await rt.app.inject({ url: '/api/dashboard/rides' })).statusCode).toBe(401);
    expect((await get('', club.basic, other.siteId)).statusCode).toBe(403);
    expect((await get('?limit=0', club.basic)).statusCode).toBe(400);
    const backwards = await get(
      `?start=${new Date().toISOString()}&end=${new Date(Date.now() - 1000).toISOString()}`,
      club.basic,
    );
    expect(backwards.statusCode).toBe(400);
  });

  it("answers 404 rideNotFound for unknown rides and other sites' rides", async () => {
    const unknown = await get(`/${randomUUID()}`, club.basic);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Ride not found', code: 'rideNotFound' });
    const elsewhere = await insertRide(rt, await insertCart(rt, other.siteId));
    expect((await get(`/${elsewhere.id}`, club.basic)).statusCode).toBe(404);
    expect((await get('/not-a-uuid', club.basic)).statusCode).toBe(400);
  });

  it('documents the ride calls and the guest ride calls in the OpenAPI document', async () => {
    const res = await rt.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode, res.body).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/dashboard/rides',
        '/api/dashboard/rides/{id}',
        '/api/dashboard/rides/delete',
        '/api/guest/devices/{id}',
        '/api/guest/devices/{deviceId}/unlock',
        '/api/guest/sites/{siteId}/rates',
        '/api/guest/rides/{sessionId}',
        '/api/guest/rides/{sessionId}/retry',
      ]),
    );
  });

  it('leaves the ride history under /history to its own module', async () => {
    const end = new Date();
    const start = new Date(end.getTime() - 86_400_000);
    const res = await get(
      `/history?start=${start.toISOString()}&end=${end.toISOString()}&mode=trail`,
      club.user,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mode: 'trail', carts: [] });
  });
});

describe('role rules', () => {
  it('does not let basic staff end, resume or delete a ride', async () => {
    const ride = await insertRide(rt, await insertCart(rt, club.siteId), {
      status: 'active',
      end: null,
      duration: null,
    });
    for (const [url, payload] of [
      ['/end', { session: ride.id }],
      ['/resume', { session: ride.id }],
      ['/delete', { sessionID: ride.id }],
    ] as const) {
      const res = await post(url, club.basic, payload);
      expect(res.statusCode, url).toBe(403);
    }
    expect(await rideRow(rt, ride.id)).toMatchObject({ status: 'active', deleted: false });
  });
});

describe('deleting a ride', () => {
  it('hides an ended ride from every view, tells operators, and cannot be done twice', async () => {
    const ride = await insertRide(rt, await insertCart(rt, club.siteId));
    const pushed: string[] = [];
    const listener = (rideId: string) => pushed.push(rideId);
    rt.ctx.bus.on('ride.updated', listener);
    try {
      const res = await post('/delete', club.user, { sessionID: ride.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<RideView>()).toMatchObject({ _id: ride.id, deleted: true, status: 'ended' });
    } finally {
      rt.ctx.bus.off('ride.updated', listener);
    }
    expect(pushed).toEqual([ride.id]);
    expect(await rideRow(rt, ride.id)).toMatchObject({ deleted: true });
    expect((await get(`/${ride.id}`, club.user)).statusCode).toBe(404);
    expect((await get(`?device=${ride.deviceId}`, club.user)).json<RidesPage>().data).toEqual([]);
    expect((await post('/delete', club.user, { sessionID: ride.id })).statusCode).toBe(404);
  });

  it("answers 404 for unknown rides and another site's ride, which stays", async () => {
    expect((await post('/delete', club.user, { sessionID: randomUUID() })).statusCode).toBe(404);
    const elsewhere = await insertRide(rt, await insertCart(rt, other.siteId));
    const res = await post('/delete', club.user, { sessionID: elsewhere.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'rideNotFound' });
    expect(await rideRow(rt, elsewhere.id)).toMatchObject({ deleted: false });
  });

  it('ends an open ride first: the cart is locked and the ride kept as ended', async () => {
    const cart = await onlineCart();
    const rideId = await confirmedRide(cart);
    const res = await post('/delete', club.user, { sessionID: rideId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RideView>()).toMatchObject({ deleted: true, status: 'ended', endReason: 'operator' });
    await eventually(() => cart.commands.some((command) => command.name === 'lock'), SLOW);
  });
});

describe('ending and resuming a ride', () => {
  it("ends a ride of the site and answers it ended by an operator; 404 for another site's", async () => {
    const cart = await onlineCart();
    const rideId = await confirmedRide(cart);
    expect((await post('/end', other.user, { session: rideId }, other.siteId)).statusCode).toBe(404);

    const res = await post('/end', club.user, { session: rideId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RideView>()).toMatchObject({
      _id: rideId,
      status: 'ended',
      endReason: 'operator',
      deleted: false,
    });
    await eventually(() => cart.commands.some((command) => command.name === 'lock'), SLOW);
    const again = await post('/end', club.user, { session: rideId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'rideEnded' });
  });

  it('resumes a paused ride, and refuses one that is not paused', async () => {
    const cart = await onlineCart();
    const rideId = await confirmedRide(cart);
    const notPaused = await post('/resume', club.user, { session: rideId });
    expect(notPaused.statusCode).toBe(409);
    expect(notPaused.json()).toMatchObject({ code: 'notPaused' });

    await rt.ctx.rides.lifecycle.pause(rideId, { kind: 'guest' });
    expect(await rideRow(rt, rideId)).toMatchObject({ status: 'paused' });
    const res = await post('/resume', club.user, { session: rideId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<RideView>()).toMatchObject({ _id: rideId, status: 'active' });
  });
});
