import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { startTestServer } from '../../../test/helpers';
import { deviceCommands } from '../../db/tables/commands';
import { devices } from '../../db/tables/devices';
import { rides } from '../../db/tables/rides';
import { users } from '../../db/tables/users';
import { createRideClub, insertCart, type RideClub } from '../guest/guest-rides.test-support';
import type { ManualRideDetails } from './ride-lifecycle.manual';

/**
 * Issue 22: an operator's acknowledged unlock opens its manual ride from two places at once, the request
 * and the acknowledgement's reaction, without the cart's row lock that waited for every telemetry flush.
 * The open-ride index lets one of them insert; the other then writes the body's details onto that ride.
 */

let rt: Runtime;
let club: RideClub;
let operatorId: string;

beforeAll(async () => {
  rt = await startTestServer();
  club = await createRideClub(rt);
  const [admin] = await rt.ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'superadmin@example.com'));
  operatorId = admin!.id;
});
afterAll(() => rt.stop());

async function acknowledgedUnlock() {
  const cart = await insertCart(rt, club.siteId, { lockStatus: 0 });
  const [command] = await rt.ctx.db
    .insert(deviceCommands)
    .values({
      deviceId: cart.id,
      siteId: club.siteId,
      name: 'unlock',
      state: 'acknowledged',
      source: 'dashboard',
      requestedBy: operatorId,
      expiresAt: new Date(Date.now() + 10_000),
      finishedAt: new Date(),
      ackedAt: new Date(),
    })
    .returning();
  return { cart, command: command! };
}

const details: ManualRideDetails = {
  memberId: null,
  serviceId: null,
  priceId: null,
  meta: { name: 'Greenkeeper', email: null },
  rideTags: [],
};

describe('opening an operator’s manual ride', () => {
  it('opens one ride with the body’s details when the request and the reaction race', async () => {
    const { lifecycle } = rt.ctx.rides;
    const raced = await Promise.all(
      Array.from({ length: 24 }, () => acknowledgedUnlock()).map(async (made) => {
        const { cart, command } = await made;
        // The reaction (no details) and the request (details), in both orders.
        await Promise.all([lifecycle.openManual(command), lifecycle.openManual(command, details)]);
        return { cart, command };
      }),
    );
    for (const { cart, command } of raced) {
      const open = await rt.ctx.db
        .select()
        .from(rides)
        .where(and(eq(rides.deviceId, cart.id), ne(rides.status, 'ended')));
      expect(open).toHaveLength(1);
      expect(open[0]!.unlockCommandId).toBe(command.id);
      expect(open[0]!.meta.name).toBe('Greenkeeper');
      const [row] = await rt.ctx.db
        .select({ inUse: devices.inUse })
        .from(devices)
        .where(eq(devices.id, cart.id));
      expect(row!.inUse).toBe(true);
      // The instance remembers it opened this one, and the cart as it left it: the operator's request has
      // nothing left to open, and answers with that cart.
      expect(lifecycle.cartAfter(command.id)).toMatchObject({ id: cart.id, inUse: true });
    }
  });

  it('remembers only the unlocks whose ride it opened, with the cart in use', async () => {
    const { cart, command } = await acknowledgedUnlock();
    expect(rt.ctx.rides.lifecycle.cartAfter(command.id)).toBeNull();
    await rt.ctx.rides.lifecycle.openManual(command);
    expect(rt.ctx.rides.lifecycle.cartAfter(command.id)).toMatchObject({
      id: cart.id,
      inUse: true,
      lockStatus: 0,
    });
  });
});
