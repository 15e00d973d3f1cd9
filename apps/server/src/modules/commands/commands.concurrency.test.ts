import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CartView, CommandOutcome, CommandView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';
import {
  connectSocket,
  eventually,
  onCartUpdates,
  request,
  type TestSocket,
} from '../../../test/fleet-fixtures';
import { startTestCart, type TestCart } from '../../../test/test-cart';
import { devices } from '../../db/tables/devices';

/*
 * Issue #22 item 1 / #15 item 6: lock and unlock stay right while carts report. The telemetry writer
 * stores reports in batches a few milliseconds after they arrive, and an acknowledgement sets the lock
 * state in its own transaction: a report that came before the acknowledgement must never be stored over
 * it, nor pushed to browsers after it.
 */

/** Waits on a loaded two-core machine: far beyond what the work takes, never a measurement. */
const SLOW = 30_000;

let rt: Runtime;
let superadmin: string;
let admin: string;
let siteId: string;
let socket: TestSocket;
const carts: TestCart[] = [];

beforeAll(async () => {
  rt = await startTestServer();
  [superadmin, admin] = (await Promise.all(
    ['superadmin@example.com', 'admin@example.com'].map((email) => loginAs(rt, email)),
  )) as [string, string];
  siteId = (await demoSiteIds(rt)).demo;
  socket = await connectSocket(rt, admin);
  await request(socket, 'join:site', siteId);
});
afterAll(async () => {
  socket.close();
  for (const cart of carts) await cart.disconnect();
  await rt.stop();
}, 120_000);

const row = async (deviceId: string) =>
  (await rt.ctx.db.select().from(devices).where(eq(devices.id, deviceId)))[0]!;

/** Locked, connected carts of the demo club whose first report is stored (a few connecting at a time). */
async function fleet(count: number): Promise<TestCart[]> {
  const made: TestCart[] = [];
  while (made.length < count) {
    const wave = await Promise.all(
      Array.from({ length: Math.min(10, count - made.length) }, () =>
        startTestCart(rt, superadmin, siteId, { lock: 1, speed: 0 }),
      ),
    );
    carts.push(...wave);
    made.push(...wave);
  }
  await eventually(async () => {
    for (const cart of made) {
      const stored = await row(cart.deviceId);
      if (!stored.online || stored.lastReportAt === null) return false;
    }
    return true;
  }, SLOW);
  return made;
}

type Push =
  | { kind: 'device'; lockStatus: number; uptime: number | null; version: number }
  | { kind: 'command'; id: string; state: string };

/**
 * What browsers were sent per cart, in the order they were sent on one socket: its states (lock state, the
 * reports' markers, version) and its commands' updates, so that the two can be ordered.
 */
function recordPushes() {
  const events = new Map<string, Push[]>();
  const log = (id: string) => events.get(id) ?? events.set(id, []).get(id)!;
  const of = (id: string) =>
    log(id).filter((push): push is Extract<Push, { kind: 'device' }> => push.kind === 'device');
  const onDevice = (view: CartView) =>
    log(view._id).push({
      kind: 'device',
      lockStatus: view.lockStatus,
      uptime: view.uptime ?? null,
      version: view.stateVersion ?? 0,
    });
  const onCommand = (view: CommandView) =>
    log(view.deviceId).push({ kind: 'command', id: view._id, state: view.state });
  const stopPushes = onCartUpdates(socket, onDevice);
  socket.on('command:update', onCommand);
  return {
    of,
    /**
     * The cart's states pushed after its command's 'acknowledged' update that are older than the state the
     * answer gave (a lower version) and show another lock state: the browser shows the cart flip back.
     */
    staleAfterAck(deviceId: string, commandId: string, answer: CartView): string[] {
      const all = log(deviceId);
      const acked = all.findIndex(
        (push) => push.kind === 'command' && push.id === commandId && push.state === 'acknowledged',
      );
      if (acked < 0) return [`${commandId}: no 'acknowledged' update pushed`];
      return all
        .slice(acked + 1)
        .filter(
          (push) =>
            push.kind === 'device' &&
            push.version < (answer.stateVersion ?? 0) &&
            push.lockStatus !== answer.lockStatus,
        )
        .map((push) => `${commandId}: ${JSON.stringify(push)} after the ack, answer v${answer.stateVersion}`);
    },
    /**
     * The pushed lock states with repeats removed. The test carts change state only when they act on a
     * command, so this must be the states the cart went through, one after the other: a lock state older
     * than an acknowledgement pushed after it shows as a step back (…, 1, 0, 1, 0, 1 for one unlock).
     */
    states: (id: string) =>
      of(id)
        .map((push) => push.lockStatus)
        .filter((state, i, all) => i === 0 || state !== all[i - 1]),
    stop: () => {
      stopPushes();
      socket.off('command:update', onCommand);
    },
  };
}

/** The lock states a test cart (locked at first) went through: it acts on every lock/unlock it receives. */
const statesOf = (cart: TestCart) =>
  [1, ...cart.commands.filter((c) => c.name !== 'ping').map((c) => (c.name === 'lock' ? 1 : 0))].filter(
    (state, i, all) => i === 0 || state !== all[i - 1],
  );

const setLock = (cart: TestCart, target: 0 | 1) =>
  rt.app.inject({
    method: 'POST',
    url: `/api/dashboard/devices/${cart.deviceId}/${target === 1 ? 'lock' : 'unlock'}`,
    headers: asUser(admin, siteId),
  });

/** Sends one last report per cart with a marker and waits until browsers got it: all before it was pushed. */
async function drain(fleetCarts: TestCart[], pushes: ReturnType<typeof recordPushes>) {
  const marker = 900_000 + Math.floor(Math.random() * 90_000);
  for (const cart of fleetCarts) await cart.report({ uptime: marker });
  await eventually(
    () => fleetCarts.every((cart) => pushes.of(cart.deviceId).some((push) => push.uptime === marker)),
    SLOW,
  );
}

describe('lock and unlock while the cart reports', () => {
  it('a report that left the cart just before its acknowledgement never overwrites the acknowledged state', async () => {
    const [cart] = await fleet(1);
    const pushes = recordPushes();
    await drain([cart!], pushes);
    let marker = 1_000;
    const targets = [0, 1, 0, 1, 0, 1] as const;
    for (const target of targets) {
      marker += 1;
      cart!.reportBeforeAck = { uptime: marker };
      const res = await setLock(cart!, target);
      expect(res.statusCode).toBe(200);
      const outcome = res.json<CommandOutcome>();
      expect(outcome.command.state).toBe('acknowledged');
      expect(outcome.device.lockStatus).toBe(target);
      // The report sent before the acknowledgement is stored by now: the lock state is still the acked one.
      const stored = await eventually(async () => {
        const current = await row(cart!.deviceId);
        return current.uptime === marker && current;
      }, SLOW);
      expect(stored.lockStatus).toBe(target);
    }
    cart!.reportBeforeAck = null;
    await drain([cart!], pushes);
    pushes.stop();
    expect(pushes.states(cart!.deviceId)).toEqual(statesOf(cart!));
    expect(statesOf(cart!)).toEqual([1, ...targets]);
    expect((await row(cart!.deviceId)).lockStatus).toBe(cart!.state.lock);
  });

  // The bench's command phase (issue #22): many calls at once, every cart reporting all along and once more
  // after acting (protocol §3.2). Every acknowledged answer must show the cart as the cart is.
  it.each([
    { concurrent: 20, rounds: 4, reportEveryMs: 30 },
    { concurrent: 100, rounds: 1, reportEveryMs: 150 },
  ])(
    '$concurrent concurrent calls: every answer states the cart as it is, no older lock state is pushed after the ack',
    async ({ concurrent, rounds, reportEveryMs }) => {
      const group = await fleet(concurrent);
      for (const cart of group) cart.reportAfterCommand = true;
      const pushes = recordPushes();
      await drain(group, pushes);
      let reporting = true;
      const reporters = group.map(async (cart, i) => {
        // Spread over the interval, as real carts are.
        await new Promise((resolve) => setTimeout(resolve, (i * reportEveryMs) / group.length));
        while (reporting) {
          await cart.report();
          await new Promise((resolve) => setTimeout(resolve, reportEveryMs));
        }
      });
      const wrong: string[] = [];
      const answers: Array<{ cart: TestCart; outcome: CommandOutcome }> = [];
      const waitsBefore = rt.ctx.commands.waitStats();
      let acknowledged = 0;
      await Promise.all(
        group.map(async (cart) => {
          for (let call = 0; call < rounds * 2; call++) {
            // Toggle what the cart really is (on a loaded machine an earlier call may have timed out).
            const target = cart.state.lock === 1 ? 0 : 1;
            const res = await setLock(cart, target);
            // 409 (the server does not know the cart's state yet after a late answer) is an honest answer.
            if (res.statusCode !== 200) continue;
            const outcome = res.json<CommandOutcome>();
            if (outcome.command.state !== 'acknowledged') continue;
            acknowledged += 1;
            answers.push({ cart, outcome });
            // The cart acted on this command, its latest: it is in the asked state, and so must the answer be.
            if (outcome.device.lockStatus !== target || cart.state.lock !== target)
              wrong.push(
                `${outcome.command._id}: asked ${target}, answered ${outcome.device.lockStatus}, cart is ${cart.state.lock}`,
              );
          }
        }),
      );
      reporting = false;
      await Promise.all(reporters);
      await drain(group, pushes);
      pushes.stop();
      const waits = rt.ctx.commands.waitStats();

      expect(wrong).toEqual([]);
      expect(
        answers.flatMap(({ cart, outcome }) =>
          pushes.staleAfterAck(cart.deviceId, outcome.command._id, outcome.device),
        ),
      ).toEqual([]);
      // One instance: every answer is woken by the acknowledgement it stored, none by the database poll.
      expect(waits.byPoll - waitsBefore.byPoll).toBe(0);
      // Proof that calls did reach the carts (on a loaded machine many may time out: that is no error here).
      expect(acknowledged).toBeGreaterThan(0);
      for (const cart of group) {
        expect(pushes.states(cart.deviceId)).toEqual(statesOf(cart));
        expect((await row(cart.deviceId)).lockStatus).toBe(cart.state.lock);
      }
    },
    120_000,
  );
});
