import type { CartView, RideView } from '@fairway/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../test/helpers';
import type { Runtime } from '../runtime';
import {
  connectSocket,
  eventually,
  nextUpdate,
  onCartUpdates,
  request,
  storedCart,
  type TestSocket,
} from '../../test/fleet-fixtures';
import { startTestCart, type TestCart } from '../../test/test-cart';
import {
  createRideClub,
  insertCart,
  insertRide,
  type RideClub,
} from '../modules/guest/guest-rides.test-support';
import { rides } from '../db/tables/rides';
import { nextRideUpdate } from '../../test/socket-push';

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

const connectAs = async (token: string) => {
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
    expect((await connectAs(siteAdmin)).connected).toBe(true);
  });
});

describe('site rooms', () => {
  it('refuses to join a site the user does not hold', async () => {
    const socket = await connectAs(siteAdmin);
    expect(await request(socket, 'join:site', secondSiteId)).toEqual({
      ok: false,
      message: 'You do not have access to this site',
    });
    expect(await request(socket, 'join:site', 'not-a-uuid')).toMatchObject({ ok: false });
  });

  it('lets a superadmin join any existing site, and no other', async () => {
    const socket = await connectAs(superadmin);
    expect(await request(socket, 'join:site', secondSiteId)).toEqual({ ok: true });
    expect(await request(socket, 'join:site', '00000000-0000-4000-8000-000000000000')).toMatchObject({
      ok: false,
    });
  });

  it('answers get:site:devices with the list and emits site:devices', async () => {
    const socket = await connectAs(siteAdmin);
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
    const member = await connectAs(siteAdmin);
    const outsider = await connectAs(secondOperator);
    expect(await request(member, 'join:site', demoSiteId)).toEqual({ ok: true });
    expect(await request(outsider, 'join:site', secondSiteId)).toEqual({ ok: true });
    const leaked: CartView[] = [];
    onCartUpdates(outsider, (view) => leaked.push(view));

    const cart = await someCart(demoSiteId);
    const stored = await storedCart(rt, cart._id);
    const received = nextUpdate(member, cart._id, (view) => view.carNote === 'pushed');
    rt.ctx.bus.emit('device.updated', { ...stored, carNote: 'pushed' });
    expect((await received).carNote).toBe('pushed');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(leaked).toEqual([]);
  });

  it('stops pushing after leave:site', async () => {
    const socket = await connectAs(siteAdmin);
    await request(socket, 'join:site', demoSiteId);
    expect(await request(socket, 'leave:site', demoSiteId)).toEqual({ ok: true });
    const cart = await someCart(demoSiteId);
    const updates: CartView[] = [];
    onCartUpdates(socket, (view) => updates.push(view));
    rt.ctx.bus.emit('device.updated', await storedCart(rt, cart._id));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(updates).toEqual([]);
  });
});

describe('cart pushes by role', () => {
  it('pushes lock codes to the roles that see them and not to the rest, alone or together', async () => {
    const club = await createRideClub(rt);
    const cart = await insertCart(rt, club.siteId, { lockCode: '654321' });
    const announce = async (carNote: string) =>
      rt.ctx.bus.emit('device.updated', { ...(await storedCart(rt, cart.id)), carNote });

    // Only a basic operator watches: the push comes, without the code.
    const basic = await connectAs(club.basic);
    expect(await request(basic, 'join:site', club.siteId)).toEqual({ ok: true });
    const alone = nextUpdate(basic, cart.id, (view) => view.carNote === 'basic alone');
    await announce('basic alone');
    expect(await alone).toMatchObject({ carNote: 'basic alone', lockCode: null });

    // A superadmin joins: each gets the push, only the superadmin with the code.
    const admin = await connectAs(superadmin);
    expect(await request(admin, 'join:site', club.siteId)).toEqual({ ok: true });
    const toBasic = nextUpdate(basic, cart.id, (view) => view.carNote === 'both');
    const toAdmin = nextUpdate(admin, cart.id, (view) => view.carNote === 'both');
    await announce('both');
    expect(await toBasic).toMatchObject({ lockCode: null });
    expect(await toAdmin).toMatchObject({ lockCode: '654321' });

    // The basic operator leaves: the superadmin alone still gets it, with the code.
    expect(await request(basic, 'leave:site', club.siteId)).toEqual({ ok: true });
    const adminAlone = nextUpdate(admin, cart.id, (view) => view.carNote === 'admin alone');
    await announce('admin alone');
    expect(await adminAlone).toMatchObject({ lockCode: '654321' });
  });
});

describe('rides', () => {
  let club: RideClub;
  let other: RideClub;
  const carts: TestCart[] = [];

  beforeAll(async () => {
    [club, other] = await Promise.all([createRideClub(rt), createRideClub(rt)]);
  });
  afterAll(async () => {
    for (const cart of carts) await cart.disconnect();
  });

  /** A ride of `siteId` on a cart of its own (a cart has at most one open ride). */
  const rideAt = async (siteId: string, values: Parameters<typeof insertRide>[2] = {}) =>
    insertRide(rt, await insertCart(rt, siteId), values);
  const OPEN = { status: 'active', end: null, duration: null } as const;
  const nextRide = (socket: TestSocket, rideId: string, until?: (ride: RideView) => boolean) =>
    nextRideUpdate(socket, rideId, until, 15_000);
  const activeRides = (socket: TestSocket, siteId: string) =>
    (socket as Socket).timeout(5_000).emitWithAck('get:site:activerides', siteId) as Promise<
      { ok: true; data: RideView[] } | { ok: false; message: string }
    >;

  it("answers get:site:activerides with the site's open rides and emits site:rides", async () => {
    const active = await rideAt(club.siteId, OPEN);
    const paused = await rideAt(club.siteId, { ...OPEN, status: 'paused' });
    const waiting = await rideAt(club.siteId, { ...OPEN, confirmed: false });
    await rideAt(club.siteId);
    await rideAt(club.siteId, { ...OPEN, deleted: true });
    await rideAt(other.siteId, OPEN);

    const socket = await connectAs(club.basic);
    const pushed = new Promise<{ siteId: string; rides: RideView[] }>((resolve) =>
      socket.once('site:rides', resolve),
    );
    const answer = await activeRides(socket, club.siteId);
    expect(answer.ok).toBe(true);
    const list = answer.ok ? answer.data : [];
    expect(list.map((ride) => ride._id).sort()).toEqual([active.id, paused.id, waiting.id].sort());
    expect(list.find((ride) => ride._id === paused.id)).toMatchObject({ status: 'paused', currency: 'GBP' });
    expect(await pushed).toEqual({ siteId: club.siteId, rides: list });
    expect(await activeRides(socket, other.siteId)).toEqual({
      ok: false,
      message: 'You do not have access to this site',
    });
  });

  it('pushes a changed ride to the operators of its site only', async () => {
    const ride = await rideAt(club.siteId, OPEN);
    const theirs = await rideAt(other.siteId, OPEN);
    const member = await connectAs(club.basic);
    const outsider = await connectAs(other.basic);
    expect(await request(member, 'join:site', club.siteId)).toEqual({ ok: true });
    expect(await request(outsider, 'join:site', other.siteId)).toEqual({ ok: true });
    const leaked: string[] = [];
    outsider.on('ride:update', (view) => leaked.push(view._id));

    const received = nextRide(member, ride.id, (view) => view.status === 'paused');
    await rt.ctx.db.update(rides).set({ status: 'paused' }).where(eq(rides.id, ride.id));
    rt.ctx.bus.emit('ride.updated', ride.id, club.siteId);
    expect(await received).toMatchObject({ _id: ride.id, siteId: club.siteId, status: 'paused' });

    // The outsider's own ride is pushed after ours was: had ours leaked, it would have come first.
    const own = nextRide(outsider, theirs.id);
    rt.ctx.bus.emit('ride.updated', theirs.id, other.siteId);
    await own;
    expect(leaked).toEqual([theirs.id]);
  });

  it('pushes a deleted ride marked deleted, so live lists drop it', async () => {
    const ride = await rideAt(club.siteId);
    const member = await connectAs(club.basic);
    await request(member, 'join:site', club.siteId);
    const received = nextRide(member, ride.id);
    const res = await rt.app.inject({
      method: 'POST',
      url: '/api/dashboard/rides/delete',
      headers: asUser(club.user, club.siteId),
      payload: { sessionID: ride.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await received).toMatchObject({ _id: ride.id, deleted: true });
  });

  it("pushes the write side's changes: a ride opened by an unlock, then confirmed by the cart", async () => {
    const superadmin = await loginAs(rt, 'superadmin@example.com');
    const cart = await startTestCart(rt, superadmin, club.siteId);
    carts.push(cart);
    await eventually(async () => {
      const res = await rt.app.inject({
        url: `/api/dashboard/devices/${cart.deviceId}`,
        headers: asUser(superadmin, club.siteId),
      });
      return res.json<CartView>().onlineStatus;
    }, 15_000);
    const member = await connectAs(club.basic);
    await request(member, 'join:site', club.siteId);
    const updates: RideView[] = [];
    member.on('ride:update', (view) => updates.push(view));

    const ride = await rt.ctx.rides.lifecycle.openByUnlock({
      deviceId: cart.deviceId,
      type: 'manual',
      meta: { name: null, email: null },
    });
    const confirmed = await eventually(
      () => updates.find((view) => view._id === ride.id && view.confirmed),
      15_000,
    );
    expect(confirmed).toMatchObject({ device: cart.deviceId, status: 'active', type: 'manual' });
  });
});
