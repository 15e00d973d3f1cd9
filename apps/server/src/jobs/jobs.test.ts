import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import type { CartView } from '@fairway/domain';
import type { Runtime } from '../runtime';
import { asUser, demoSiteIds, loginAs, startAsSuperadmin } from '../../test/helpers';
import { eventually } from '../../test/fleet-fixtures';
import { startTestCart, type TestCart } from '../../test/test-cart';
import { deviceCommands } from '../db/tables/commands';
import { devices } from '../db/tables/devices';
import { sites } from '../db/tables/sites';
import { JobRunner } from './job-runner';
import { scheduledJobs } from '../db/tables/jobs';

let rt: Runtime;
let superadmin: string;
let admin: string;
let siteId: string;
const carts: TestCart[] = [];
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  admin = await loginAs(rt, 'admin@example.com');
  siteId = (await demoSiteIds(rt)).demo;
});
afterAll(async () => {
  for (const cart of carts) await cart.disconnect();
  await rt.stop();
});

const view = async (cart: TestCart) =>
  (
    await rt.app.inject({ url: `/api/dashboard/devices/${cart.deviceId}`, headers: asUser(admin, siteId) })
  ).json<CartView>();

const unlockedCart = async (initial: Parameters<typeof startTestCart>[3] = {}) => {
  const cart = await startTestCart(rt, superadmin, siteId, { lock: 0, speed: 0, ...initial });
  carts.push(cart);
  await eventually(async () => (await view(cart)).onlineStatus);
  return cart;
};

/** Makes the cart look unlocked, connected and still since `minutes` ago. */
const idleSince = (cart: TestCart, minutes: number) =>
  rt.ctx.db
    .update(devices)
    .set({
      lockUpdatedAt: sql`now() - make_interval(mins => ${minutes})`,
      lastMovedAt: sql`now() - make_interval(mins => ${minutes})`,
      connectedAt: sql`now() - make_interval(mins => ${minutes})`,
    })
    .where(eq(devices.id, cart.deviceId));

/** Runs one durable job of the test server now (the others wait). */
async function runJob(key: string) {
  await rt.ctx.db.update(scheduledJobs).set({ runAt: sql`now() + interval '1 hour'` });
  await rt.ctx.db
    .update(scheduledJobs)
    .set({ runAt: sql`now()` })
    .where(eq(scheduledJobs.key, key));
  expect(await rt.jobs.runDue()).toBe(1);
}

const sourcesOf = async (cart: TestCart) =>
  (await rt.ctx.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, cart.deviceId))).map(
    (command) => command.source,
  );

describe('durable job runner', () => {
  it('runs a due job once although two instances poll at the same time', async () => {
    let runs = 0;
    const runners = [new JobRunner(rt.ctx.db, silent), new JobRunner(rt.ctx.db, silent)];
    for (const runner of runners)
      runner.register('test-once', async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        return new Date(Date.now() + 3_600_000);
      });
    await runners[0]!.schedule('test-once', 'test-once', new Date());
    await Promise.all(runners.map((runner) => runner.runDue()));
    expect(runs).toBe(1);
    const [row] = await rt.ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, 'test-once'));
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    expect(row!.lockedBy).toBeNull();
  });

  it('keeps its schedule across a restart and takes over a job whose instance died', async () => {
    const ran: string[] = [];
    const first = new JobRunner(rt.ctx.db, silent);
    await first.schedule('test-restart', 'test-restart', new Date(Date.now() - 1_000), { n: 1 });
    // A second schedule (the next start) does not move or reset it.
    await first.schedule('test-restart', 'test-restart', new Date(Date.now() + 3_600_000), { n: 2 });
    await rt.ctx.db
      .update(scheduledJobs)
      .set({ lockedBy: 'a-dead-instance', lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(scheduledJobs.key, 'test-restart'));
    const afterRestart = new JobRunner(rt.ctx.db, silent);
    afterRestart.register('test-restart', async (job) => {
      ran.push(String(job.payload.n));
      return null;
    });
    expect(await afterRestart.runDue()).toBeGreaterThanOrEqual(1);
    expect(ran).toEqual(['1']);
    expect(await rt.ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, 'test-restart'))).toEqual(
      [],
    );
  });

  it('retries a failed job later and records the error', async () => {
    const runner = new JobRunner(rt.ctx.db, silent, { backoffMs: 60_000 });
    runner.register('test-fail', () => Promise.reject(new Error('tracker API down')));
    await runner.schedule('test-fail', 'test-fail', new Date());
    await runner.runDue();
    const [row] = await rt.ctx.db.select().from(scheduledJobs).where(eq(scheduledJobs.key, 'test-fail'));
    expect(row!.lastError).toBe('tracker API down');
    expect(row!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });
});

describe('cart jobs', () => {
  it("auto-lock locks an unlocked cart idle for the site's minutes, in use or not, and leaves the others", async () => {
    const idle = await unlockedCart();
    const recent = await unlockedCart();
    const keyed = await unlockedCart({ key: '1' });
    const riding = await unlockedCart();
    await idleSince(idle, 31); // the demo club auto-locks after 30 minutes
    await idleSince(recent, 5);
    await idleSince(keyed, 31);
    await idleSince(riding, 31);
    await rt.ctx.db.update(devices).set({ inUse: true }).where(eq(devices.id, riding.deviceId));
    await runJob('auto-lock');
    await eventually(async () => (await view(idle)).lockStatus === 1);
    await eventually(async () => (await view(riding)).lockStatus === 1);
    expect(await sourcesOf(idle)).toEqual(['auto-lock']);
    expect(await sourcesOf(riding)).toEqual(['auto-lock']);
    expect(await sourcesOf(recent)).toEqual([]);
    expect(await sourcesOf(keyed)).toEqual([]);
  });

  it('round timeout locks a cart unlocked for longer than the round, in use or not', async () => {
    const long = await unlockedCart();
    await idleSince(long, 301); // demo club: 300 minutes
    await rt.ctx.db.update(devices).set({ inUse: true }).where(eq(devices.id, long.deviceId));
    await runJob('round-timeout');
    await eventually(async () => (await view(long)).lockStatus === 1);
    expect(await sourcesOf(long)).toEqual(['round-timeout']);
  });

  it("scheduled lock locks the site's unlocked carts when its clock reaches lockFrom", async () => {
    // A club of its own: the lock reaches every unlocked cart of the site, and other files use the demo club.
    const created = await rt.app.inject({
      method: 'POST',
      url: '/api/admin/sites',
      headers: asUser(superadmin),
      payload: {
        name: `Scheduled Lock GC ${Date.now()}`,
        country: 'United Kingdom',
        currency: 'GBP',
        centerLatLong: '56.34, -2.80',
        timezone: 'Europe/London',
        keyless: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const clubId = created.json<{ _id: string }>()._id;
    const cart = await startTestCart(rt, superadmin, clubId, { lock: 0, speed: 0 });
    carts.push(cart);
    const stored = async () =>
      (await rt.ctx.db.select().from(devices).where(eq(devices.id, cart.deviceId)))[0]!;
    await eventually(async () => (await stored()).online && (await stored()).lockStatus === 0);
    const now = new Date();
    const londonNow = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(now);
    await rt.ctx.db.update(sites).set({ lockFrom: londonNow }).where(eq(sites.id, clubId));
    try {
      await rt.ctx.db
        .update(scheduledJobs)
        .set({ payload: { checkedUpTo: now.getTime() - 120_000 } })
        .where(eq(scheduledJobs.key, 'scheduled-lock'));
      await runJob('scheduled-lock');
      await eventually(async () => (await stored()).lockStatus === 1);
      expect(await sourcesOf(cart)).toEqual(['scheduled-lock']);
      const [job] = await rt.ctx.db
        .select()
        .from(scheduledJobs)
        .where(eq(scheduledJobs.key, 'scheduled-lock'));
      expect(job!.payload.checkedUpTo).toBeGreaterThanOrEqual(now.getTime());
    } finally {
      await rt.ctx.db.update(sites).set({ lockFrom: '00:00' }).where(eq(sites.id, clubId));
    }
  });

  it('command expiry ends a command whose server went away before the deadline', async () => {
    const cart = await unlockedCart();
    const [row] = await rt.ctx.db
      .insert(deviceCommands)
      .values({
        deviceId: cart.deviceId,
        siteId,
        name: 'lock',
        state: 'sent',
        source: 'dashboard',
        expiresAt: new Date(Date.now() - 5_000),
      })
      .returning();
    await runJob('command-expiry');
    const [ended] = await rt.ctx.db.select().from(deviceCommands).where(eq(deviceCommands.id, row!.id));
    expect(ended).toMatchObject({ state: 'failed', error: 'No answer from the cart' });
  });
});
