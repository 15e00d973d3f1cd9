import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import type { CommandOutcome } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startAsSuperadmin } from '../../../test/helpers';
import { eventually } from '../../../test/fleet-fixtures';
import { countQueries } from '../../../test/query-counter';
import { startTestCart, type TestCart } from '../../../test/test-cart';
import { devices } from '../../db/tables/devices';
import { rides } from '../../db/tables/rides';

/**
 * Issue 22: every report of a cart whose lock changed in the last minute is checked against its ride, unless
 * a check already found the ride settled for that lock state. The reaction to an operator's lock or unlock
 * reads the cart right after the answer: it settles the ride for the reports that follow, which were each a
 * read of the cart and its ride for nothing.
 */

let rt: Runtime;
let superadmin: string;
let admin: string;
let siteId: string;
const carts: TestCart[] = [];

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  admin = await loginAs(rt, 'admin@example.com');
  siteId = (await demoSiteIds(rt)).demo;
});
afterAll(async () => {
  for (const cart of carts) await cart.disconnect();
  await rt.stop();
});

/** Counts the ride reactions' reads of a cart's state (its prepared statement's name). */
const countStateReads = () => countQueries((query) => query.name === 'fairway-cart-ride-state');

const lastReportAt = async (cart: TestCart) =>
  (await rt.ctx.db.select().from(devices).where(eq(devices.id, cart.deviceId)))[0]!.lastReportAt?.getTime() ??
  0;

/** Three reports of the cart, each stored and handled by the server before the next. */
async function reportThrice(cart: TestCart): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const before = await lastReportAt(cart);
    await cart.report();
    await eventually(async () => (await lastReportAt(cart)) > before);
  }
  // The reports' reactions run on the cart's queue right after they are stored.
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const openRide = (cart: TestCart) =>
  rt.ctx.db
    .select()
    .from(rides)
    .where(and(eq(rides.deviceId, cart.deviceId), ne(rides.status, 'ended')));

const lockOrUnlock = async (cart: TestCart, action: 'lock' | 'unlock') => {
  const res = await rt.app.inject({
    method: 'POST',
    url: `/api/dashboard/devices/${cart.deviceId}/${action}`,
    headers: asUser(admin, siteId),
  });
  expect(res.json<CommandOutcome>().command.state).toBe('acknowledged');
};

describe('ride re-checks after an operator command', () => {
  it("reads the cart neither for an operator's unlock and lock nor for reports with their lock state", async () => {
    const cart = await startTestCart(rt, superadmin, siteId, { lock: 1 });
    carts.push(cart);
    // Only the reports below reach the server after the answers.
    cart.reportAfterCommand = false;
    await eventually(async () => (await lastReportAt(cart)) > 0);

    // The statement that stored the answer read the cart and its open ride (none); the reaction opens the
    // manual ride from that, which marks the cart in use: that state is settled by it and not read again.
    const unlocking = countStateReads();
    await lockOrUnlock(cart, 'unlock');
    await eventually(async () => (await openRide(cart)).length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(unlocking.stop()).toBe(0);

    const afterUnlock = countStateReads();
    await reportThrice(cart);
    expect(afterUnlock.stop()).toBe(0);
    expect(await openRide(cart)).toHaveLength(1);

    // The lock's answer carries the open ride, which its reaction ends; the re-check the cart's stored lock
    // change asked for (it is in use) is left to that reaction.
    const locking = countStateReads();
    await lockOrUnlock(cart, 'lock');
    await eventually(async () => (await openRide(cart)).length === 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(locking.stop()).toBe(0);
    const afterLock = countStateReads();
    await reportThrice(cart);
    expect(afterLock.stop()).toBe(0);
  });
});
