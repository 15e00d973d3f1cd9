import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { io as connectSocketIo, type Socket } from 'socket.io-client';
import type { GuestClientToServerEvents, GuestRideView, GuestServerToClientEvents } from '@fairway/domain';
import { asUser, loginAs, startTestServer } from '../../test/helpers';
import { eventually } from '../../test/fleet-fixtures';
import { startTestCart } from '../../test/test-cart';
import type { Runtime } from '../runtime';
import type { DeviceRow } from '../db/tables/devices';
import {
  createRideClub,
  insertCart,
  insertRide,
  type RideClub,
} from '../modules/guest/guest-rides.test-support';
import { rides } from '../db/tables/rides';
import { nextRideUpdate } from '../../test/socket-push';

/** The `/guest` namespace: no login, a room per ride, the guest view pushed on every change. */
type GuestSocket = Socket<GuestServerToClientEvents, GuestClientToServerEvents>;
type Ack<T> = { ok: true; data: T } | { ok: false; message: string };

let rt: Runtime;
let club: RideClub;
let cart: DeviceRow;
const sockets: GuestSocket[] = [];

beforeAll(async () => {
  rt = await startTestServer();
  club = await createRideClub(rt);
  cart = await insertCart(rt, club.siteId);
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => rt.stop());

/** A phone's socket on the guest namespace, without any token. */
function openGuest(): Promise<GuestSocket> {
  const socket: GuestSocket = connectSocketIo(`${rt.url}/guest`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const join = (socket: GuestSocket, sessionId: string) =>
  (socket as Socket).timeout(5_000).emitWithAck('join-ride-updates', sessionId) as Promise<
    Ack<GuestRideView>
  >;
const leave = (socket: GuestSocket, sessionId: string) =>
  (socket as Socket).timeout(5_000).emitWithAck('leave-ride-updates', sessionId) as Promise<Ack<undefined>>;

/** An open ride on a cart of its own (a cart has at most one open ride). */
const openRide = async (status: 'active' | 'paused' = 'active') =>
  insertRide(rt, await insertCart(rt, club.siteId), {
    type: 'code',
    status,
    end: null,
    duration: null,
    start: new Date(),
  });
const endRide = async (rideId: string) => {
  await rt.ctx.db
    .update(rides)
    .set({ status: 'ended', end: new Date(), endReason: 'guest' })
    .where(eq(rides.id, rideId));
  rt.ctx.bus.emit('ride.updated', rideId, club.siteId);
};

describe('joining a ride', () => {
  it('connects without a token and answers the current view of the ride joined', async () => {
    const ride = await openRide();
    const socket = await openGuest();
    const answer = await join(socket, ride.id);
    expect(answer).toMatchObject({ ok: true, data: { _id: ride.id, stage: 'active', status: 1 } });
  });

  it('refuses malformed, unknown and deleted sessions', async () => {
    const socket = await openGuest();
    const deleted = await insertRide(rt, cart, { deleted: true });
    for (const sessionId of ['not-a-session', randomUUID(), deleted.id]) {
      expect(await join(socket, sessionId)).toEqual({ ok: false, message: 'Session not found or ended' });
    }
  });

  it('lets an ended ride be joined, answered as ended', async () => {
    const ended = await insertRide(rt, cart);
    const socket = await openGuest();
    expect(await join(socket, ended.id)).toMatchObject({ ok: true, data: { stage: 'ended', status: 0 } });
  });
});

describe('ride updates', () => {
  it("pushes the guest view to the ride's room on every change, and to no other ride's", async () => {
    const [mine, theirs] = [await openRide(), await openRide('paused')];
    const me = await openGuest();
    const someoneElse = await openGuest();
    expect((await join(me, mine.id)).ok).toBe(true);
    expect((await join(someoneElse, theirs.id)).ok).toBe(true);
    const leaked: GuestRideView[] = [];
    someoneElse.on('ride:update', (view) => leaked.push(view));

    const pushed = nextRideUpdate(me, mine.id);
    await endRide(mine.id);
    expect(await pushed).toMatchObject({ _id: mine.id, stage: 'ended', status: 0, endReason: 'guest' });

    // A push to the other room arrives after ours would have: none of ours leaked into it.
    const theirsPushed = nextRideUpdate(someoneElse, theirs.id);
    rt.ctx.bus.emit('ride.updated', theirs.id, club.siteId);
    await theirsPushed;
    expect(leaked.map((view) => view._id)).toEqual([theirs.id]);
  });

  it('stops pushing a ride after leave-ride-updates', async () => {
    const [left, kept] = [await openRide(), await openRide('paused')];
    const socket = await openGuest();
    const witness = await openGuest();
    await join(socket, left.id);
    await join(socket, kept.id);
    await join(witness, left.id);
    expect(await leave(socket, left.id)).toEqual({ ok: true });
    const received: string[] = [];
    socket.on('ride:update', (view) => received.push(view._id));

    const witnessed = nextRideUpdate(witness, left.id);
    await endRide(left.id);
    await witnessed;
    // The left ride's push went out before the kept ride's: had the socket stayed, it would come first.
    const keptPushed = nextRideUpdate(socket, kept.id);
    rt.ctx.bus.emit('ride.updated', kept.id, club.siteId);
    await keptPushed;
    expect(received).toEqual([kept.id]);
  });

  it('does not read the view of a ride no guest follows (one instance, no Redis)', async () => {
    const [unfollowed, followed] = [await openRide(), await openRide()];
    const socket = await openGuest();
    await join(socket, followed.id);
    const reads = vi.spyOn(rt.ctx.rides.views, 'guestView');
    try {
      rt.ctx.bus.emit('ride.updated', unfollowed.id, club.siteId);
      const pushed = nextRideUpdate(socket, followed.id);
      rt.ctx.bus.emit('ride.updated', followed.id, club.siteId);
      await pushed;
      // An operator's manual ride changes with every lock and unlock: reading it for nobody cost a query each.
      expect(reads.mock.calls.map(([rideId]) => rideId)).toEqual([followed.id]);
    } finally {
      reads.mockRestore();
    }
  });
});

describe("the write side's changes", () => {
  it('reach the guest: a ride waiting for its cart, then ended by the guest', async () => {
    const superadmin = await loginAs(rt, 'superadmin@example.com');
    const cart = await startTestCart(rt, superadmin, club.siteId);
    try {
      // The cart does not answer, so the ride waits for it while the guest joins.
      cart.ackMode = 'silent';
      await eventually(async () => {
        const res = await rt.app.inject({
          url: `/api/dashboard/devices/${cart.deviceId}`,
          headers: asUser(superadmin, club.siteId),
        });
        return res.json<{ onlineStatus: boolean }>().onlineStatus;
      }, 15_000);
      const ride = await rt.ctx.rides.lifecycle.openByUnlock({
        deviceId: cart.deviceId,
        type: 'code',
        meta: { name: 'Gina Guest', email: null },
      });
      const socket = await openGuest();
      expect(await join(socket, ride.id)).toMatchObject({ ok: true, data: { stage: 'awaiting' } });

      const ended = nextRideUpdate(socket, ride.id, (view) => view.stage === 'ended');
      const res = await rt.app.inject({ method: 'POST', url: `/api/guest/rides/${ride.id}/end` });
      expect(res.statusCode, res.body).toBe(200);
      expect(await ended).toMatchObject({ status: 0, endReason: 'guest' });
    } finally {
      await cart.disconnect();
    }
  });
});
