import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CommandRow } from '../../db/tables/commands';
import type { CartRideState } from '../../lib/events';
import type { Runtime } from '../../runtime';
import { asUser, loginAs, startTestServer } from '../../../test/helpers';
import { connectSocket, eventually, request } from '../../../test/fleet-fixtures';
import type { RideView } from '@fairway/domain';
import type { TestCart } from '../../../test/test-cart';
import { RideLifecycleRepository } from './ride-lifecycle.repository';
import { RideViewsRepository } from './ride-views.repository';
import {
  SLOW,
  createRideClub,
  openRideOf,
  rideCart,
  rideWhen,
  type RideClub,
} from './ride-lifecycle.test-support';

/**
 * Issue 22: the statement that stores a lock or unlock's answer also reads the cart's open ride, and the ride
 * lifecycle's reaction starts from it instead of reading it again (one round trip less per operator's command).
 */
let rt: Runtime;
let club: RideClub;
const carts: TestCart[] = [];
const finished: Array<{ command: CommandRow; cart: CartRideState | undefined }> = [];
const onCommand = (command: CommandRow, cart?: CartRideState) => {
  if (command.finishedAt) finished.push({ command, cart });
};

beforeAll(async () => {
  rt = await startTestServer();
  club = await createRideClub(rt, await loginAs(rt, 'superadmin@example.com'), 'Carried Ride State GC');
  rt.ctx.bus.on('command.updated', onCommand);
});
afterEach(() => {
  finished.length = 0;
  vi.restoreAllMocks();
});
afterAll(async () => {
  rt.ctx.bus.off('command.updated', onCommand);
  for (const cart of carts) await cart.disconnect();
  await rt.stop();
});

const post = (url: string) =>
  rt.app.inject({
    method: 'POST',
    url: `/api/dashboard/devices${url}`,
    headers: asUser(club.superadmin, club.siteId),
  });
const endOf = (commandId: string) => finished.find((f) => f.command.id === commandId)!;

describe("a lock or unlock's answer carries the cart's open ride", () => {
  it('to the reaction, which then reads nothing: an unlock opens the manual ride, a lock ends it', async () => {
    const test = await rideCart(rt, club, carts);
    const reads = vi.spyOn(RideLifecycleRepository.prototype, 'cartState');

    const unlocked = await post(`/${test.deviceId}/unlock`);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const unlock = endOf(unlocked.json<{ command: { _id: string } }>().command._id);
    // Stored unlocked, no ride yet: the reaction opens the operator's manual ride from this.
    expect(unlock.cart).toMatchObject({ device: { id: test.deviceId, lockStatus: 0 }, ride: null });
    const ride = await eventually(() => openRideOf(rt, test.deviceId), SLOW);
    expect(ride).toMatchObject({ type: 'manual', unlockCommandId: unlock.command.id });

    const locked = await post(`/${test.deviceId}/lock`);
    expect(locked.statusCode, locked.body).toBe(200);
    const lock = endOf(locked.json<{ command: { _id: string } }>().command._id);
    // The open ride, and as its newest command this lock as its answer ended it (the statement's own read
    // still sees the row as it was before): taken as still on its way, the ride would not end.
    expect(lock.cart?.ride).toMatchObject({ id: ride.id, status: 'active' });
    expect(lock.cart?.lastCommand).toEqual(lock.command);
    expect(lock.cart?.lastCommand).toMatchObject({ state: 'acknowledged', finishedAt: expect.any(Date) });
    expect((await rideWhen(rt, ride.id, (row) => row.status === 'ended')).endReason).toBe('operator');

    expect(reads).not.toHaveBeenCalled();
  });

  it('is what the reaction would have read', async () => {
    const test = await rideCart(rt, club, carts);
    expect((await post(`/${test.deviceId}/unlock`)).statusCode).toBe(200);
    const ride = await eventually(() => openRideOf(rt, test.deviceId), SLOW);
    // A lock the cart refuses leaves the ride open: its end carries the state a read gives afterwards.
    test.ackMode = 'refuse';
    const refused = await post(`/${test.deviceId}/lock`);
    test.ackMode = 'ok';
    const lock = endOf(refused.json<{ command: { _id: string } }>().command._id);
    expect(lock.command.state).toBe('failed');
    const read = await new RideLifecycleRepository(rt.ctx.db).cartState(test.deviceId);
    expect(lock.cart).toEqual(read);
    expect(lock.cart?.ride?.id).toBe(ride.id);
  });

  it("pushes an operator's manual ride to the site's operators as its opening stored it, without a read", async () => {
    const test = await rideCart(rt, club, carts);
    const socket = await connectSocket(rt, club.superadmin);
    try {
      expect(await request(socket, 'join:site', club.siteId)).toEqual({ ok: true });
      const pushed: RideView[] = [];
      socket.on('ride:update', (view: RideView) => pushed.push(view));
      const reads = vi.spyOn(RideViewsRepository.prototype, 'find');

      expect((await post(`/${test.deviceId}/unlock`)).statusCode).toBe(200);
      const ride = await eventually(() => openRideOf(rt, test.deviceId), SLOW);
      const view = await eventually(async () => pushed.find((v) => v._id === ride.id), SLOW);
      expect(reads).not.toHaveBeenCalled();
      // The same view a read gives.
      reads.mockRestore();
      expect(view).toEqual(await rt.ctx.rides.views.viewById(ride.id));
      expect(view).toMatchObject({ type: 'manual', unlockedBy: { email: 'superadmin@example.com' } });
    } finally {
      socket.close();
    }
  });
});
