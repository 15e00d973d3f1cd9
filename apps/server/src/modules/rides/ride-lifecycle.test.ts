import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  GUEST_UNLOCK_RETRIES,
  UNLOCK_ATTEMPTS_PER_CYCLE,
  rideDistanceKm,
  type BulkCommandResult,
  type CommandOutcome,
} from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, loginAs, startTestServer } from '../../../test/helpers';
import { eventually } from '../../../test/fleet-fixtures';
import type { TestCart } from '../../../test/test-cart';
import { HttpError } from '../../lib/errors';
import { deviceCommands } from '../../db/tables/commands';
import { devices } from '../../db/tables/devices';
import { sites } from '../../db/tables/sites';
import {
  ODOMETER,
  OFFSET,
  SLOW,
  confirmedRide,
  createRideClub,
  deviceRow,
  openRideOf,
  positionsBetween,
  recordRideUpdates,
  rideCart,
  rideRow,
  rideWhen,
  startedMinutesAgo,
  type RideClub,
} from './ride-lifecycle.test-support';
import { RIDE_TAG_COLORS } from './ride-lifecycle.repository';
import { rides } from '../../db/tables/rides';

let rt: Runtime;
let club: RideClub;
const carts: TestCart[] = [];
let updates: ReturnType<typeof recordRideUpdates>;

beforeAll(async () => {
  rt = await startTestServer();
  const superadmin = await loginAs(rt, 'superadmin@example.com');
  club = await createRideClub(rt, superadmin, 'Ride Lifecycle GC');
  updates = recordRideUpdates(rt);
});
afterAll(async () => {
  updates.stop();
  for (const cart of carts) await cart.disconnect();
  await rt.stop();
});

const cart = (initial: Parameters<typeof rideCart>[3] = {}) => rideCart(rt, club, carts, initial);
const guest = { kind: 'guest' } as const;
const unlocks = (test: TestCart) => test.commands.filter((command) => command.name === 'unlock');
const locks = (test: TestCart) => test.commands.filter((command) => command.name === 'lock');
/** Time for a message that should change nothing to have been handled. */
const settle = (ms = 500) => new Promise((resolve) => setTimeout(resolve, ms));

/** The HttpError a lifecycle call failed with. */
async function refusal(call: Promise<unknown>): Promise<HttpError> {
  const error = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('opening a ride by an unlock', () => {
  it('opens it unconfirmed, and the cart’s acknowledgement confirms it: start, odometer, tags, cart in use', async () => {
    const test = await cart();
    // The cart answers when told: at once, its answer could confirm the ride before openByUnlock reads it back.
    test.ackMode = 'silent';
    const opened = await club.lifecycle.openByUnlock({
      deviceId: test.deviceId,
      siteId: club.siteId,
      type: 'code',
      serviceId: club.serviceId,
      priceId: club.priceId,
      meta: { name: 'Gina Guest', email: 'gina@example.com' },
    });
    expect(opened).toMatchObject({
      type: 'code',
      status: 'active',
      confirmed: false,
      unlockAttempts: 1,
      guestRetries: 0,
      startOdometer: ODOMETER + OFFSET,
      serviceId: club.serviceId,
      priceId: club.priceId,
      rideTags: [
        { text: '18 holes', color: RIDE_TAG_COLORS.service },
        { text: 'Guest', color: RIDE_TAG_COLORS.price },
      ],
    });
    expect(opened.unlockRequestedAt).toBeInstanceOf(Date);
    // The broker took the command before openByUnlock returned; the cart gets it a moment later.
    await eventually(() => unlocks(test).length === 1, SLOW);
    expect(opened.unlockCommandId).toBe(unlocks(test)[0]?.id);
    expect(await rideRow(rt, opened.id)).toMatchObject({ confirmed: false });

    await test.answer(unlocks(test)[0]!);
    const confirmed = await rideWhen(rt, opened.id, (ride) => ride.confirmed);
    expect(confirmed.start.getTime()).toBeGreaterThanOrEqual(opened.start.getTime());
    expect(confirmed.status).toBe('active');
    expect((await deviceRow(rt, test.deviceId)).inUse).toBe(true);
    expect(unlocks(test)).toHaveLength(1);
    // opened, confirmed
    expect(updates.of(opened.id)).toBeGreaterThanOrEqual(2);
  });

  it('gives one of two concurrent opens of a cart the ride and the other 409 IN_USE', async () => {
    const test = await cart();
    const open = () =>
      club.lifecycle.openByUnlock({
        deviceId: test.deviceId,
        type: 'code',
        meta: { name: null, email: null },
      });
    const results = await Promise.allSettled([open(), open()]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [rejected] = results.filter((result) => result.status === 'rejected');
    expect(rejected!.reason).toMatchObject({ statusCode: 409, code: 'IN_USE' });
    expect(await rt.ctx.db.select().from(rides).where(eq(rides.deviceId, test.deviceId))).toHaveLength(1);
  });

  it('refuses a cart that is offline, in use, in key mode, out of service, or at a closed club', async () => {
    const open = (deviceId: string) =>
      refusal(club.lifecycle.openByUnlock({ deviceId, type: 'code', meta: { name: null, email: null } }));

    const offline = await cart();
    await offline.disconnect();
    await eventually(async () => !(await deviceRow(rt, offline.deviceId)).online, SLOW);
    expect(await open(offline.deviceId)).toMatchObject({ statusCode: 409, code: 'OFFLINE' });

    const unlocked = await cart({ lock: 0 });
    expect(await open(unlocked.deviceId)).toMatchObject({ statusCode: 409, code: 'IN_USE' });

    const keyed = await cart({ key: '1' });
    expect(await open(keyed.deviceId)).toMatchObject({ statusCode: 409, code: 'KEYMODE' });

    const broken = await cart();
    await rt.ctx.db.update(devices).set({ inService: false }).where(eq(devices.id, broken.deviceId));
    expect(await open(broken.deviceId)).toMatchObject({ statusCode: 409, code: 'OUT_OF_SERVICE' });

    const [site] = await rt.ctx.db.select().from(sites).where(eq(sites.id, club.siteId));
    const closed = await cart();
    await rt.ctx.db
      .update(sites)
      .set({ openingHours: Array.from({ length: 7 }, () => null) })
      .where(eq(sites.id, club.siteId));
    try {
      const error = await open(closed.deviceId);
      expect(error).toMatchObject({ statusCode: 409, code: 'SITE_CLOSED', message: 'The club is closed' });
      // Staff do not need the club open, only a cart that can take the command.
      const manual = await club.lifecycle.openByUnlock({
        deviceId: closed.deviceId,
        type: 'manual',
        meta: { name: null, email: null },
      });
      // Opened (the test cart may have confirmed it already: its answer can beat the ride's read-back).
      expect(manual).toMatchObject({ type: 'manual', status: 'active', deviceId: closed.deviceId });
    } finally {
      await rt.ctx.db
        .update(sites)
        .set({ openingHours: site!.openingHours })
        .where(eq(sites.id, club.siteId));
    }
    for (const refused of [offline, unlocked, keyed, broken]) expect(unlocks(refused)).toHaveLength(0);
  });
});

describe('when the cart does not confirm', () => {
  it('sends the unlock three times in a cycle when the cart refuses it, and no more', async () => {
    const test = await cart();
    test.ackMode = 'refuse';
    const opened = await club.lifecycle.openByUnlock({
      deviceId: test.deviceId,
      type: 'code',
      meta: { name: null, email: null },
    });
    const ride = await rideWhen(rt, opened.id, (row) => row.unlockAttempts === UNLOCK_ATTEMPTS_PER_CYCLE);
    await eventually(() => unlocks(test).length === UNLOCK_ATTEMPTS_PER_CYCLE, SLOW);
    await settle(1_000);
    expect(unlocks(test)).toHaveLength(UNLOCK_ATTEMPTS_PER_CYCLE);
    expect(await rideRow(rt, ride.id)).toMatchObject({
      confirmed: false,
      status: 'active',
      unlockAttempts: UNLOCK_ATTEMPTS_PER_CYCLE,
    });
    // opened and two attempts re-sent
    expect(updates.of(ride.id)).toBeGreaterThanOrEqual(3);
  });

  it('tries again when a silent cart lets an attempt lapse; after the wait the guest retries once, then no more', async () => {
    const test = await cart();
    test.ackMode = 'silent';
    const opened = await club.lifecycle.openByUnlock({
      deviceId: test.deviceId,
      type: 'code',
      meta: { name: null, email: null },
    });
    // Inside the wait a retry changes nothing: the server is still trying.
    expect(await club.lifecycle.retryUnlock(opened.id)).toMatchObject({ guestRetries: 0, unlockAttempts: 1 });
    const second = await rideWhen(rt, opened.id, (row) => row.unlockAttempts === 2, 20_000);
    expect(second.unlockCommandId).not.toBe(opened.unlockCommandId);
    await eventually(() => unlocks(test).length === 2, SLOW);

    // The 20 s have passed (moved back rather than waited for).
    await rt.ctx.db
      .update(rides)
      .set({ unlockRequestedAt: sql`now() - interval '25 seconds'` })
      .where(eq(rides.id, opened.id));
    const retried = await club.lifecycle.retryUnlock(opened.id);
    expect(retried).toMatchObject({
      guestRetries: GUEST_UNLOCK_RETRIES,
      unlockAttempts: 1,
      confirmed: false,
    });
    expect(Date.now() - retried.unlockRequestedAt!.getTime()).toBeLessThan(10_000);
    await eventually(() => unlocks(test).length === 3, SLOW);

    await rt.ctx.db
      .update(rides)
      .set({ unlockRequestedAt: sql`now() - interval '25 seconds'` })
      .where(eq(rides.id, opened.id));
    expect(await refusal(club.lifecycle.retryUnlock(opened.id))).toMatchObject({
      statusCode: 409,
      code: 'noRetryLeft',
      message: 'Failed to unlock, please contact the reception',
    });

    // The guest gives up: the ride ends, never having started.
    const ended = await club.lifecycle.end(opened.id, guest, 'guest');
    expect(ended).toMatchObject({ status: 'ended', confirmed: false, endReason: 'guest', duration: 0 });
    expect(await refusal(club.lifecycle.retryUnlock(opened.id))).toMatchObject({
      statusCode: 409,
      code: 'rideEnded',
    });
    expect(await refusal(club.lifecycle.retryUnlock(crypto.randomUUID()))).toMatchObject({
      statusCode: 404,
      code: 'sessionNotFound',
    });
  }, 60_000);

  it('ends an unconfirmed ride without a payment once the window has passed', async () => {
    const test = await cart();
    test.ackMode = 'silent';
    const opened = await club.lifecycle.openByUnlock({
      deviceId: test.deviceId,
      type: 'code',
      meta: { name: null, email: null },
    });
    await rt.ctx.db
      .update(rides)
      .set({ unlockRequestedAt: sql`now() - interval '200 seconds'` })
      .where(eq(rides.id, opened.id));
    // Only rides waiting for more than 150 s: nobody else's test ride waits that long.
    expect(await club.lifecycle.endUnconfirmed(new Date(Date.now() - 150_000))).toBeGreaterThanOrEqual(1);
    expect(await rideRow(rt, opened.id)).toMatchObject({
      status: 'ended',
      confirmed: false,
      endReason: 'unconfirmed',
    });
    expect((await deviceRow(rt, test.deviceId)).inUse).toBe(false);
  });
});

describe('pause and resume', () => {
  it('pauses by locking the cart and resumes by unlocking it', async () => {
    const test = await cart();
    const ride = await confirmedRide(rt, club, test);
    const before = updates.of(ride.id);

    const paused = await club.lifecycle.pause(ride.id, guest);
    expect(paused).toMatchObject({ status: 'paused' });
    expect(paused.pausedAt).toBeInstanceOf(Date);
    expect(locks(test)).toHaveLength(1);
    expect((await deviceRow(rt, test.deviceId)).lockStatus).toBe(1);
    const [lock] = await rt.ctx.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.id, locks(test)[0]!.id));
    expect(lock!.source).toBe('guest');
    expect(await refusal(club.lifecycle.pause(ride.id, guest))).toMatchObject({
      statusCode: 409,
      code: 'notActive',
    });

    const operator = { kind: 'operator', userId: club.superadminId, role: 'basic' } as const;
    const resumed = await club.lifecycle.resume(ride.id, operator);
    expect(resumed).toMatchObject({ status: 'active', pausedAt: null });
    expect((await deviceRow(rt, test.deviceId)).lockStatus).toBe(0);
    expect(await refusal(club.lifecycle.resume(ride.id, guest))).toMatchObject({
      statusCode: 409,
      code: 'notPaused',
    });
    expect(updates.of(ride.id) - before).toBeGreaterThanOrEqual(2);

    // An operator without the role to lock carts may not pause.
    const below = { kind: 'operator', userId: club.superadminId, role: 'guest' } as const;
    expect(await refusal(club.lifecycle.pause(ride.id, below))).toMatchObject({
      statusCode: 403,
      code: 'role',
    });
  });

  it('leaves the ride as it was when the cart refuses the lock', async () => {
    const test = await cart();
    const ride = await confirmedRide(rt, club, test);
    test.ackMode = 'refuse';
    expect(await refusal(club.lifecycle.pause(ride.id, guest))).toMatchObject({
      statusCode: 409,
      code: 'cartDidNotAnswer',
    });
    await settle();
    expect(await rideRow(rt, ride.id)).toMatchObject({ status: 'active', pausedAt: null });
    expect((await deviceRow(rt, test.deviceId)).lockStatus).toBe(0);
  });

  it('a paid ride the cart locks by itself is paused, and active again when the cart is unlocked', async () => {
    const test = await cart();
    const ride = await confirmedRide(rt, club, test, 'payment');
    test.state.lock = 1;
    await test.report();
    const paused = await rideWhen(rt, ride.id, (row) => row.status === 'paused');
    expect(paused.endReason).toBeNull();
    test.state.lock = 0;
    await test.report();
    await rideWhen(rt, ride.id, (row) => row.status === 'active' && row.pausedAt === null);
  });
});

describe('ending a ride', () => {
  it('records duration, odometer distance, points and marks, frees and locks the cart; a second end is 409', async () => {
    const test = await cart();
    const ride = await confirmedRide(rt, club, test);
    await startedMinutesAgo(rt, ride.id, 5);
    for (const km of [0.8, 2.1, 3.4]) await test.report({ odometer: ODOMETER + km, speed: 12 });
    await eventually(async () => (await deviceRow(rt, test.deviceId)).odometer === ODOMETER + 3.4, SLOW);
    const before = updates.of(ride.id);

    const ended = await club.lifecycle.end(ride.id, guest, 'guest');
    const trail = await positionsBetween(rt, test.deviceId, ended.start, ended.end!);
    expect(trail.length).toBeGreaterThanOrEqual(4);
    expect(ended).toMatchObject({
      status: 'ended',
      endReason: 'guest',
      endOdometer: ODOMETER + 3.4 + OFFSET,
      distance: 3.4,
      points: trail.length,
      tooShort: false,
      // the club wants 10 positions
      fewPoints: true,
      pausedAt: null,
    });
    expect(ended.duration).toBeGreaterThanOrEqual(299);
    expect(ended.duration).toBeLessThan(600);
    expect((await deviceRow(rt, test.deviceId)).inUse).toBe(false);
    await eventually(() => locks(test).length === 1, SLOW);
    await eventually(async () => (await deviceRow(rt, test.deviceId)).lockStatus === 1, SLOW);
    expect(updates.of(ride.id)).toBeGreaterThan(before);

    expect(await refusal(club.lifecycle.end(ride.id, guest, 'guest'))).toMatchObject({
      statusCode: 409,
      code: 'rideEnded',
    });
  });

  it('measures the trail when the odometer went backwards, and keeps a short, thin ride marked', async () => {
    const test = await cart();
    const ride = await confirmedRide(rt, club, test);
    // The tracker reset its odometer mid-ride: the positions answer for the distance.
    for (const lat of [56.35, 56.355, 56.36]) await test.report({ lat, lng: -2.81, odometer: 0, speed: 15 });
    await eventually(async () => (await deviceRow(rt, test.deviceId)).lat === 56.36, SLOW);
    const ended = await club.lifecycle.end(ride.id, guest, 'guest');
    const trail = await positionsBetween(rt, test.deviceId, ended.start, ended.end!);
    expect(trail.length).toBeGreaterThanOrEqual(3);
    expect(ended.distance).toBe(rideDistanceKm({ start: ODOMETER + OFFSET, end: OFFSET }, trail));
    expect(ended.distance).toBeGreaterThan(1);
    expect(ended).toMatchObject({ tooShort: true, fewPoints: true, deleted: false });
    expect(await rideRow(rt, ride.id)).toMatchObject({ status: 'ended', deleted: false });
  });

  it('ends a keypad ride when the cart locks at its keypad, with the code it was opened with', async () => {
    const test = await cart();
    await test.sendEvent('keypad_unlock', { code: '246802' });
    test.state.lock = 0;
    await test.report();
    const ride = await eventually(() => openRideOf(rt, test.deviceId), SLOW);
    expect(ride).toMatchObject({ type: 'keypad', confirmed: true, unlockCode: '246802' });
    test.state.lock = 1;
    await test.report({ odometer: ODOMETER + 1 });
    const ended = await rideWhen(rt, ride.id, (row) => row.status === 'ended');
    expect(ended).toMatchObject({ endReason: 'cartLocked', distance: 1 });
    expect(updates.of(ride.id)).toBeGreaterThanOrEqual(2);
  });
});

describe("an operator's unlock", () => {
  const post = (url: string, payload?: object) =>
    rt.app.inject({
      method: 'POST',
      url: `/api/dashboard/devices${url}`,
      headers: asUser(club.superadmin, club.siteId),
      ...(payload ? { payload } : {}),
    });

  it('opens a confirmed manual ride unlocked by the operator and described by the body', async () => {
    const test = await cart();
    const res = await post(`/${test.deviceId}/unlock`, {
      name: 'Walk-in Will',
      email: 'will@example.com',
      service: club.serviceId,
      price: club.priceId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<CommandOutcome>()).toMatchObject({
      command: { state: 'acknowledged' },
      device: { lockStatus: 0, inUse: true },
    });
    const ride = await eventually(() => openRideOf(rt, test.deviceId), SLOW);
    expect(ride).toMatchObject({
      type: 'manual',
      confirmed: true,
      status: 'active',
      unlockedBy: club.superadminId,
      meta: { name: 'Walk-in Will', email: 'will@example.com' },
      serviceId: club.serviceId,
      priceId: club.priceId,
      startOdometer: ODOMETER + OFFSET,
    });
    expect(ride.rideTags.map((tag) => tag.text)).toEqual(['18 holes', 'Guest']);
    expect(await rt.ctx.db.select().from(rides).where(eq(rides.deviceId, test.deviceId))).toHaveLength(1);
    expect(updates.of(ride.id)).toBeGreaterThanOrEqual(1);
  });

  it('refuses a body naming another site’s service before the cart is touched', async () => {
    const test = await cart();
    const res = await post(`/${test.deviceId}/unlock`, { service: crypto.randomUUID() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'serviceNotFound' });
    expect(test.commands).toHaveLength(0);
  });

  it('opens manual rides for a bulk unlock, and confirms a guest ride waiting for its cart', async () => {
    const [free, waiting] = [await cart(), await cart()];
    waiting.ackMode = 'silent';
    const guestRide = await club.lifecycle.openByUnlock({
      deviceId: waiting.deviceId,
      type: 'code',
      meta: { name: null, email: null },
    });
    await eventually(() => unlocks(waiting).length === 1, SLOW);
    waiting.ackMode = 'ok';
    const res = await post('/unlock', {
      ids: [free.deviceId, waiting.deviceId],
      rideData: { unlockedBy: club.superadminId },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BulkCommandResult>().commands).toHaveLength(2);
    const manual = await eventually(() => openRideOf(rt, free.deviceId), SLOW);
    expect(manual).toMatchObject({ type: 'manual', confirmed: true, unlockedBy: club.superadminId });
    // The reception helped the guest who waited: their ride starts, no second ride opens.
    const confirmed = await rideWhen(rt, guestRide.id, (row) => row.confirmed);
    expect(confirmed.type).toBe('code');
    expect(await rt.ctx.db.select().from(rides).where(eq(rides.deviceId, waiting.deviceId))).toHaveLength(1);
  });
});
