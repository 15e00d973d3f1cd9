import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { loginAs, startTestServer } from '../../../test/helpers';
import { eventually } from '../../../test/fleet-fixtures';
import type { TestCart } from '../../../test/test-cart';
import { scheduledJobs } from '../../db/tables/jobs';
import {
  SLOW,
  confirmedRide,
  createRideClub,
  deviceRow,
  rideCart,
  type RideClub,
} from '../rides/ride-lifecycle.test-support';
import { deviceCommands } from '../../db/tables/commands';

/*
 * Issue #15 item 4: a lock that ends a ride must reach the cart when it comes back, whatever the server
 * believed when it sent it. Here the cart drops silently — its connection looks alive (no last will), it
 * just stops answering — so the ride-end lock gets the short deadline of a connected cart and goes
 * unanswered. When the cart is heard again, the owed lock is sent again until the cart is locked.
 */

let rt: Runtime;
let club: RideClub;
const carts: TestCart[] = [];
const guest = { kind: 'guest' } as const;

beforeAll(async () => {
  rt = await startTestServer();
  club = await createRideClub(rt, await loginAs(rt, 'superadmin@example.com'), 'Owed locks');
});
afterAll(async () => {
  for (const cart of carts) await cart.disconnect();
  await rt.stop();
});

/** Runs one durable job of the test server now (the others wait), as jobs.test does. */
async function runJob(key: string) {
  await rt.ctx.db.update(scheduledJobs).set({ runAt: sql`now() + interval '1 hour'` });
  await rt.ctx.db
    .update(scheduledJobs)
    .set({ runAt: sql`now()` })
    .where(eq(scheduledJobs.key, key));
  expect(await rt.jobs.runDue()).toBe(1);
}

const locksOf = async (deviceId: string) =>
  rt.ctx.db
    .select()
    .from(deviceCommands)
    .where(and(eq(deviceCommands.deviceId, deviceId), eq(deviceCommands.name, 'lock')));

/** The ride's cart in use and unlocked, then silent: connected as far as anyone can tell, but deaf. */
async function rideEndedWhileSilent() {
  const cart = await rideCart(rt, club, carts);
  const ride = await confirmedRide(rt, club, cart);
  await eventually(async () => (await deviceRow(rt, cart.deviceId)).lockStatus === 0, SLOW);
  cart.ackMode = 'silent';

  await club.lifecycle.end(ride.id, guest, 'guest');
  // The lock reached the cart's old connection and nobody answers it; its deadline passes (moved to now
  // rather than waited for) and the expiry sweep gives it up.
  await eventually(() => cart.commands.some((command) => command.name === 'lock'), SLOW);
  const [sent] = await locksOf(cart.deviceId);
  expect(sent!.expiresAt.getTime() - sent!.issuedAt.getTime()).toBeLessThan(60_000);
  await rt.ctx.db
    .update(deviceCommands)
    .set({ expiresAt: sql`now() - interval '1 minute'` })
    .where(eq(deviceCommands.id, sent!.id));
  await rt.ctx.commands.expireOverdue();
  expect((await locksOf(cart.deviceId))[0]).toMatchObject({ state: 'failed' });
  expect(cart.state.lock).toBe(0);
  // Nothing more happens while the cart stays silent.
  await runJob('owed-locks');
  expect(await locksOf(cart.deviceId)).toHaveLength(1);
  return cart;
}

describe('a ride-end lock is owed until the cart is locked', () => {
  it('reaches a cart that dropped silently when it reconnects', async () => {
    const cart = await rideEndedWhileSilent();

    // The cart comes back: a new connection (the broker drops the dead one), answering again.
    cart.ackMode = 'ok';
    const before = (await deviceRow(rt, cart.deviceId)).connectedAt!;
    await cart.disconnect();
    await cart.connect();
    await eventually(async () => {
      const row = await deviceRow(rt, cart.deviceId);
      return row.online && row.connectedAt! > before;
    }, SLOW);
    await runJob('owed-locks');

    await eventually(() => cart.state.lock === 1, SLOW);
    const row = await eventually(async () => {
      const current = await deviceRow(rt, cart.deviceId);
      return current.lockStatus === 1 && current;
    }, SLOW);
    expect(row.lockOwedAt).toBeNull();
    const locks = await locksOf(cart.deviceId);
    expect(locks).toHaveLength(2);
    expect(locks.find((lock) => lock.state === 'acknowledged')).toMatchObject({ source: 'guest' });
    // Owed no more: nothing is sent again.
    await cart.report();
    await runJob('owed-locks');
    expect(await locksOf(cart.deviceId)).toHaveLength(2);
  });

  it('reaches a cart that stopped answering when it reports again, without reconnecting', async () => {
    const cart = await rideEndedWhileSilent();

    cart.ackMode = 'ok';
    await cart.report();
    await eventually(
      async () =>
        (await deviceRow(rt, cart.deviceId)).lastReportAt! > (await locksOf(cart.deviceId))[0]!.finishedAt!,
      SLOW,
    );
    await runJob('owed-locks');

    await eventually(() => cart.state.lock === 1, SLOW);
    await eventually(async () => (await deviceRow(rt, cart.deviceId)).lockStatus === 1, SLOW);
    expect((await deviceRow(rt, cart.deviceId)).lockOwedAt).toBeNull();
  });

  it('asks a cart that refused the owed lock again a minute later, not at every report', async () => {
    const cart = await rideCart(rt, club, carts);
    const ride = await confirmedRide(rt, club, cart);
    await eventually(async () => (await deviceRow(rt, cart.deviceId)).lockStatus === 0, SLOW);
    cart.ackMode = 'refuse';
    await club.lifecycle.end(ride.id, guest, 'guest');
    const refused = await eventually(async () => {
      const [lock] = await locksOf(cart.deviceId);
      return lock?.state === 'failed' && lock;
    }, SLOW);
    await cart.report();
    await eventually(
      async () => (await deviceRow(rt, cart.deviceId)).lastReportAt! > refused.finishedAt!,
      SLOW,
    );
    await runJob('owed-locks');
    expect(await locksOf(cart.deviceId)).toHaveLength(1);

    cart.ackMode = 'ok';
    await rt.ctx.db
      .update(deviceCommands)
      .set({ finishedAt: sql`now() - interval '2 minutes'` })
      .where(eq(deviceCommands.id, refused.id));
    await runJob('owed-locks');
    await eventually(() => cart.state.lock === 1, SLOW);
    expect(await locksOf(cart.deviceId)).toHaveLength(2);
  });

  it("never sends an operator's unanswered unlock again (it must not fire late)", async () => {
    const cart = await rideCart(rt, club, carts);
    cart.ackMode = 'silent';
    const outcome = await rt.ctx.commands.setLock(club.siteId, cart.deviceId, 0, {
      userId: club.superadminId,
      role: 'superadmin',
      source: 'dashboard',
    });
    expect(outcome.command).toMatchObject({ name: 'unlock', state: 'failed' });

    cart.ackMode = 'ok';
    await cart.disconnect();
    await cart.connect();
    await eventually(async () => (await deviceRow(rt, cart.deviceId)).online, SLOW);
    await runJob('owed-locks');
    expect(cart.commands.map((command) => command.name)).toEqual(['unlock']);
    expect(cart.state.lock).toBe(1);
  });
});
