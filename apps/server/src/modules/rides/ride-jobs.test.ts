import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { loginAs, startTestServer } from '../../../test/helpers';
import { eventually } from '../../../test/fleet-fixtures';
import type { TestCart } from '../../../test/test-cart';
import { registerCartJobs, type CartJobKind } from '../../jobs/cart-jobs';
import type { ClaimedJob, JobHandler, JobRunner } from '../../jobs/job-runner';
import { deviceCommands } from '../../db/tables/commands';
import { devices } from '../../db/tables/devices';
import { sites } from '../../db/tables/sites';
import {
  SLOW,
  confirmedRide,
  createRideClub,
  deviceRow,
  recordRideUpdates,
  rideCart,
  rideWhen,
  startedMinutesAgo,
  type RideClub,
} from './ride-lifecycle.test-support';

let rt: Runtime;
let club: RideClub;
const carts: TestCart[] = [];
let updates: ReturnType<typeof recordRideUpdates>;
/** The cart jobs' handlers, wired with the ride lifecycle, run by hand: the shared job table is untouched. */
const handlers = new Map<string, JobHandler>();

beforeAll(async () => {
  rt = await startTestServer();
  const superadmin = await loginAs(rt, 'superadmin@example.com');
  club = await createRideClub(rt, superadmin, 'Ride Jobs GC');
  updates = recordRideUpdates(rt);
  const runner = {
    register: (kind: string, handler: JobHandler) => handlers.set(kind, handler),
    schedule: () => Promise.resolve(),
  } as unknown as JobRunner;
  await registerCartJobs(runner, {
    db: rt.ctx.db,
    commands: rt.ctx.commands,
    log: rt.ctx.log,
    rides: club.lifecycle,
    auth: rt.ctx.auth,
    historyRollup: rt.ctx.historyRollup,
  });
});
afterAll(async () => {
  updates.stop();
  for (const cart of carts) await cart.disconnect();
  await rt.stop();
});

const run = (kind: CartJobKind, payload: Record<string, unknown> = {}) => {
  const job: ClaimedJob = { key: kind, kind, runAt: new Date(), payload, attempts: 1 };
  return handlers.get(kind)!(job);
};
const sourcesOf = async (cart: TestCart) =>
  (await rt.ctx.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, cart.deviceId)))
    .filter((command) => command.name === 'lock')
    .map((command) => command.source);

describe('the lock jobs end rides', () => {
  it("auto-lock locks a cart in use that stood still for the site's minutes, and its ride ends 'autoLock'", async () => {
    const cart = await rideCart(rt, club, carts);
    const ride = await confirmedRide(rt, club, cart);
    const before = updates.of(ride.id);
    // The club auto-locks after 30 minutes: unlocked and still since 31.
    await rt.ctx.db
      .update(devices)
      .set({
        lockUpdatedAt: sql`now() - interval '31 minutes'`,
        lastMovedAt: sql`now() - interval '31 minutes'`,
        connectedAt: sql`now() - interval '31 minutes'`,
      })
      .where(eq(devices.id, cart.deviceId));
    await run('auto-lock');
    const ended = await rideWhen(rt, ride.id, (row) => row.status === 'ended');
    expect(ended.endReason).toBe('autoLock');
    expect(await sourcesOf(cart)).toEqual(['auto-lock']);
    expect((await deviceRow(rt, cart.deviceId)).inUse).toBe(false);
    expect(updates.of(ride.id)).toBeGreaterThan(before);
  });

  it('round timeout ends rides older than the round, on an unlocked, a locked and an offline cart', async () => {
    await rt.ctx.db.update(sites).set({ roundTimeout: 60 }).where(eq(sites.id, club.siteId));
    try {
      const [riding, paused, offline, fresh] = [
        await rideCart(rt, club, carts),
        await rideCart(rt, club, carts),
        await rideCart(rt, club, carts),
        await rideCart(rt, club, carts),
      ];
      const rides = {
        riding: await confirmedRide(rt, club, riding),
        paused: await confirmedRide(rt, club, paused),
        offline: await confirmedRide(rt, club, offline),
        fresh: await confirmedRide(rt, club, fresh),
      };
      await club.lifecycle.pause(rides.paused.id, { kind: 'guest' });
      await offline.disconnect();
      await eventually(async () => !(await deviceRow(rt, offline.deviceId)).online, SLOW);
      for (const ride of [rides.riding, rides.paused, rides.offline])
        await startedMinutesAgo(rt, ride.id, 61);
      await startedMinutesAgo(rt, rides.fresh.id, 59);

      await run('round-timeout');
      for (const ride of [rides.riding, rides.paused, rides.offline]) {
        const ended = await rideWhen(rt, ride.id, (row) => row.status === 'ended');
        expect(ended.endReason).toBe('roundTimeout');
        expect(ended.duration).toBeGreaterThanOrEqual(60 * 61 - 1);
      }
      expect((await rideWhen(rt, rides.fresh.id, () => true)).status).toBe('active');
      // The unlocked cart is locked with the job's source; the paused one was locked already.
      await eventually(async () => (await deviceRow(rt, riding.deviceId)).lockStatus === 1, SLOW);
      expect(await sourcesOf(riding)).toEqual(['round-timeout']);
      expect(await sourcesOf(paused)).toEqual(['guest']);
      // The offline cart's lock waits in its session and locks it when it is back.
      expect(await sourcesOf(offline)).toEqual(['round-timeout']);
    } finally {
      await rt.ctx.db.update(sites).set({ roundTimeout: 0 }).where(eq(sites.id, club.siteId));
    }
  });
  it("the scheduled lock ends the ride of a cart it locks, 'scheduledLock'", async () => {
    const cart = await rideCart(rt, club, carts);
    const ride = await confirmedRide(rt, club, cart);
    const now = Date.now();
    const londonNow = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(now);
    await rt.ctx.db.update(sites).set({ lockFrom: londonNow }).where(eq(sites.id, club.siteId));
    try {
      await run('scheduled-lock', { checkedUpTo: now - 120_000 });
      const ended = await rideWhen(rt, ride.id, (row) => row.status === 'ended');
      expect(ended.endReason).toBe('scheduledLock');
      expect(await sourcesOf(cart)).toEqual(['scheduled-lock']);
    } finally {
      await rt.ctx.db.update(sites).set({ lockFrom: '00:00' }).where(eq(sites.id, club.siteId));
    }
  });
});
