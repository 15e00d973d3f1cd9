import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CartView, CommandOutcome } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, loginAs, startTestServer } from '../../../test/helpers';
import {
  connectSocket,
  eventually,
  onCartUpdates,
  request,
  type TestSocket,
} from '../../../test/fleet-fixtures';
import type { TestCart } from '../../../test/test-cart';
import { toCartView, withOpenRide } from '../devices/devices.presenter';
import {
  ODOMETER,
  OFFSET,
  SLOW,
  confirmedRide,
  createRideClub,
  deviceRow,
  openRideOf,
  rideCart,
  rideRow,
  rideWhen,
  type RideClub,
} from './ride-lifecycle.test-support';

/**
 * Issue 15 items 14 and 16: what a cart view says of the ride it is in use for (driver, trip distance) on
 * every way it leaves the server, and what an operator's lock does to a ride.
 */
let rt: Runtime;
let club: RideClub;
const carts: TestCart[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  rt = await startTestServer();
  const superadmin = await loginAs(rt, 'superadmin@example.com');
  club = await createRideClub(rt, superadmin, 'Operator Rides GC');
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(async () => {
  for (const cart of carts) await cart.disconnect();
  await rt.stop();
});

const cart = () => rideCart(rt, club, carts);
const headers = () => asUser(club.superadmin, club.siteId);
const post = (url: string, payload?: object) =>
  rt.app.inject({
    method: 'POST',
    url: `/api/dashboard/devices${url}`,
    headers: headers(),
    ...(payload ? { payload } : {}),
  });
const get = async <T>(url: string): Promise<T> => {
  const res = await rt.app.inject({ url: `/api/dashboard/devices${url}`, headers: headers() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const listed = async (deviceId: string) => (await get<CartView[]>('')).find((view) => view._id === deviceId)!;

describe('the cart view of a cart in use', () => {
  it('is presented with its ride’s driver and trip distance, and none without a ride', async () => {
    const row = await deviceRow(rt, (await cart()).deviceId);
    const ride = { driverName: 'Walk-in Will', startOdometer: ODOMETER + OFFSET - 1.26 };
    expect(toCartView({ ...row, inUse: true }, Date.now(), ride)).toMatchObject({
      driverName: 'Walk-in Will',
      tripDistance: 1.3,
    });
    // A cart not in use has no ride to tell of, whatever is passed.
    expect(toCartView({ ...row, inUse: false }, Date.now(), ride)).toMatchObject({
      driverName: null,
      tripDistance: null,
    });
    expect(withOpenRide(toCartView({ ...row, inUse: true }), null)).toMatchObject({
      driverName: null,
      tripDistance: null,
    });
  });

  it('names the driver and the distance so far in the list, the cart, the socket push and the unlock answer', async () => {
    const test = await cart();
    const socket = await connectSocket(rt, club.superadmin);
    sockets.push(socket);
    expect(await request(socket, 'join:site', club.siteId)).toEqual({ ok: true });

    const unlocked = await post(`/${test.deviceId}/unlock`, { name: 'Walk-in Will' });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json<CommandOutcome>().device).toMatchObject({
      inUse: true,
      driverName: 'Walk-in Will',
      tripDistance: 0,
    });
    expect(await listed(test.deviceId)).toMatchObject({ driverName: 'Walk-in Will', tripDistance: 0 });

    // The cart drives 1.26 km: its next report's push and every read say so.
    const pushes: CartView[] = [];
    onCartUpdates(socket, (view) => {
      if (view._id === test.deviceId) pushes.push(view);
    });
    await test.report({ odometer: ODOMETER + 1.26, lock: 0 });
    const pushed = await eventually(() => pushes.find((view) => view.tripDistance === 1.3), SLOW);
    expect(pushed.driverName).toBe('Walk-in Will');
    expect(await get<CartView>(`/${test.deviceId}`)).toMatchObject({
      driverName: 'Walk-in Will',
      tripDistance: 1.3,
    });
  });
});

describe("an operator's lock", () => {
  it('ends the manual ride staff opened: the cart is locked and free, the ride ended by staff', async () => {
    const test = await cart();
    expect((await post(`/${test.deviceId}/unlock`)).statusCode).toBe(200);
    const ride = await eventually(() => openRideOf(rt, test.deviceId), SLOW);
    expect(ride).toMatchObject({ type: 'manual', status: 'active' });

    const locked = await post(`/${test.deviceId}/lock`);
    expect(locked.statusCode, locked.body).toBe(200);
    // The answer is the cart after the ride's end: locked and free, not 'in use' until the next push.
    expect(locked.json<CommandOutcome>().device).toMatchObject({ lockStatus: 1, inUse: false });
    const ended = await rideWhen(rt, ride.id, (row) => row.status === 'ended');
    expect(ended.endReason).toBe('operator');
    expect(await deviceRow(rt, test.deviceId)).toMatchObject({ lockStatus: 1, inUse: false });
    expect(await listed(test.deviceId)).toMatchObject({ inUse: false, driverName: null, lockStatus: 1 });
  });

  it('pauses a guest’s ride, which the guest can resume', async () => {
    const test = await cart();
    const ride = await confirmedRide(rt, club, test);
    const locked = await post(`/${test.deviceId}/lock`);
    expect(locked.statusCode, locked.body).toBe(200);
    // The guest's cart stays in use while the ride is paused, and the answer says so.
    expect(locked.json<CommandOutcome>().device).toMatchObject({ lockStatus: 1, inUse: true });
    await rideWhen(rt, ride.id, (row) => row.status === 'paused');
    // Nothing more happens to it: still paused, not ended, the cart still the guest's.
    expect(await rideRow(rt, ride.id)).toMatchObject({ status: 'paused', endReason: null });
    expect((await deviceRow(rt, test.deviceId)).inUse).toBe(true);
    expect(await club.lifecycle.resume(ride.id, { kind: 'guest' })).toMatchObject({ status: 'active' });
  });
});
