import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { startTestServer } from '../../../test/helpers';
import { countQueries } from '../../../test/query-counter';
import { rides } from '../../db/tables/rides';
import type { DeviceRow } from '../../db/tables/devices';
import { createRideClub, insertCart, insertRide, type RideClub } from '../guest/guest-rides.test-support';
import { DomainEventBus } from '../../lib/events';
import { CartActivityLookup } from './cart-activity-lookup';
import { toCartView } from './devices.presenter';

/**
 * Issue 22: a ride's change makes only its own cart (and carts in use with no ride found) read their ride
 * again. Forgetting every cart on each change made every cart in use re-read on its next report: under a burst
 * of operator unlocks that was most of the server's queries.
 */

let rt: Runtime;
let club: RideClub;

beforeAll(async () => {
  rt = await startTestServer();
  club = await createRideClub(rt);
});
afterAll(() => rt.stop());

async function cartOnRide(driver: string) {
  const cart = await insertCart(rt, club.siteId, { inUse: true, lockStatus: 0 });
  const ride = await insertRide(rt, cart, {
    status: 'active',
    end: null,
    duration: null,
    meta: { name: driver, email: null },
  });
  return { cart, ride };
}
const rename = (rideId: string, name: string) =>
  rt.ctx.db
    .update(rides)
    .set({ meta: { name, email: null } })
    .where(eq(rides.id, rideId));
/** Counts this lookup's open-ride reads (its statement is the only one reading a ride's start odometer). */
const countReads = () => countQueries((query) => query.text?.includes('"start_odometer"') === true);
const driverOf = async (lookup: CartActivityLookup, cart: DeviceRow) =>
  (await lookup.present(toCartView(cart))).driverName;

describe('cart activity lookup', () => {
  it("forgets only the changed ride's cart", async () => {
    const lookup = new CartActivityLookup(rt.ctx.db);
    const a = await cartOnRide('Ann');
    const b = await cartOnRide('Bo');
    expect(await driverOf(lookup, a.cart)).toBe('Ann');
    expect(await driverOf(lookup, b.cart)).toBe('Bo');
    await rename(a.ride.id, 'Ann Two');
    await rename(b.ride.id, 'Bo Two');
    lookup.forgetRide(a.ride.id);
    expect(await driverOf(lookup, a.cart)).toBe('Ann Two');
    // Cart B's ride did not change as far as the lookup was told: its summary is still the cached one.
    expect(await driverOf(lookup, b.cart)).toBe('Bo');
    lookup.forgetRide(b.ride.id);
    expect(await driverOf(lookup, b.cart)).toBe('Bo Two');
  });

  it('reads again for a cart in use that had no open ride when any ride changes', async () => {
    const lookup = new CartActivityLookup(rt.ctx.db);
    const cart = await insertCart(rt, club.siteId, { inUse: true, lockStatus: 0 });
    expect(await driverOf(lookup, cart)).toBeNull();
    const ride = await insertRide(rt, cart, {
      status: 'active',
      end: null,
      duration: null,
      meta: { name: 'Cy', email: null },
    });
    lookup.forgetRide(ride.id);
    expect(await driverOf(lookup, cart)).toBe('Cy');
  });

  it('keeps no answer of a read that a forget overtook', async () => {
    const lookup = new CartActivityLookup(rt.ctx.db);
    const { cart, ride } = await cartOnRide('Di');
    const reading = driverOf(lookup, cart);
    lookup.forgetRide(ride.id);
    expect(await reading).toBe('Di');
    await rename(ride.id, 'Di Two');
    expect(await driverOf(lookup, cart)).toBe('Di Two');
  });

  it('shares one read among views asked for at once, but not across a forget', async () => {
    const lookup = new CartActivityLookup(rt.ctx.db);
    const { cart, ride } = await cartOnRide('Fay');
    const reads = countReads();
    const both = await Promise.all([driverOf(lookup, cart), driverOf(lookup, cart)]);
    expect(both).toEqual(['Fay', 'Fay']);
    expect(reads.stop()).toBe(1);
    lookup.forgetRide(ride.id);
    const again = countReads();
    const first = driverOf(lookup, cart);
    lookup.forgetRide(ride.id);
    await rename(ride.id, 'Fay Two');
    // Asked after the forget: its own read, which sees the new name.
    expect(await driverOf(lookup, cart)).toBe('Fay Two');
    await first;
    expect(again.stop()).toBe(2);
  });

  it("presents a push's carts as one by one, reading only the rides it does not know", async () => {
    const lookup = new CartActivityLookup(rt.ctx.db);
    const known = await cartOnRide('Gil');
    const unknown = await cartOnRide('Hal');
    const idle = await insertCart(rt, club.siteId, { inUse: false, lockStatus: 1 });
    expect(await driverOf(lookup, known.cart)).toBe('Gil');
    const views = [known.cart, unknown.cart, idle].map((cart) => toCartView(cart));
    const reads = countReads();
    const batch = await lookup.presentBatch(club.siteId, views);
    expect(reads.stop()).toBe(1);
    expect(batch.map((view) => view.driverName)).toEqual(['Gil', 'Hal', null]);
    const single = new CartActivityLookup(rt.ctx.db);
    const oneByOne = await Promise.all(views.map((view) => single.present(view)));
    expect(batch).toEqual(oneByOne);
  });

  it('keeps a ride without a service from the event that carries it, and reads one with a service', async () => {
    const bus = new DomainEventBus();
    const lookup = new CartActivityLookup(rt.ctx.db, bus);
    const bare = await cartOnRide('Ida');
    expect(await driverOf(lookup, bare.cart)).toBe('Ida');
    const [renamed] = await rt.ctx.db
      .update(rides)
      .set({ meta: { name: 'Ida Two', email: null } })
      .where(eq(rides.id, bare.ride.id))
      .returning();
    const reads = countReads();
    bus.emit('ride.updated', bare.ride.id, club.siteId, renamed);
    const view = await lookup.present(toCartView(bare.cart));
    expect(reads.stop()).toBe(0);
    expect(view.driverName).toBe('Ida Two');

    // A service's ride can run late: its minutes and the site's grace are read with it.
    const served = await cartOnRide('Jo');
    const [withService] = await rt.ctx.db
      .update(rides)
      .set({ serviceId: club.serviceId })
      .where(eq(rides.id, served.ride.id))
      .returning();
    const serviceReads = countReads();
    bus.emit('ride.updated', served.ride.id, club.siteId, withService);
    expect(await driverOf(lookup, served.cart)).toBe('Jo');
    expect(serviceReads.stop()).toBe(1);
  });

  it("follows the runtime's ride and booking events", async () => {
    const { cart, ride } = await cartOnRide('Ed');
    expect(await driverOf(rt.ctx.cartActivity, cart)).toBe('Ed');
    await rename(ride.id, 'Ed Two');
    rt.ctx.bus.emit('ride.updated', ride.id, club.siteId);
    expect(await driverOf(rt.ctx.cartActivity, cart)).toBe('Ed Two');
  });
});
