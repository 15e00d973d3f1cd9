import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  deviceTopic,
  type BulkCommandResult,
  type CartView,
  type CommandOutcome,
  type CommandView,
} from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';
import {
  connectSocket,
  eventually,
  nextUpdate,
  request,
  type TestSocket,
} from '../../../test/fleet-fixtures';
import { startTestCart, type TestCart } from '../../../test/test-cart';
import { createUser, TEST_PASSWORD } from '../users/users.test-support';
import { sites } from '../../db/tables/sites';
import { deviceCommands } from '../../db/tables/commands';
import { activity } from '../../db/tables/activity';

let rt: Runtime;
let superadmin: string;
let admin: string;
let staff: string;
let siteId: string;
let socket: TestSocket;
const carts: TestCart[] = [];

const cartOf = async (initial: Parameters<typeof startTestCart>[3] = {}) => {
  const cart = await startTestCart(rt, superadmin, siteId, initial);
  carts.push(cart);
  await eventually(
    async () => (await view(cart)).onlineStatus && (await view(cart)).lockStatus === (initial.lock ?? 1),
  );
  return cart;
};
const view = async (cart: TestCart) =>
  (
    await rt.app.inject({ url: `/api/dashboard/devices/${cart.deviceId}`, headers: asUser(admin, siteId) })
  ).json<CartView>();
const post = (token: string, url: string, payload?: unknown) =>
  rt.app.inject({
    method: 'POST',
    url: `/api/dashboard/devices${url}`,
    headers: asUser(token, siteId),
    ...(payload ? { payload } : {}),
  });
const commandRows = (deviceId: string) =>
  rt.ctx.db.select().from(deviceCommands).where(eq(deviceCommands.deviceId, deviceId));

beforeAll(async () => {
  rt = await startTestServer();
  [superadmin, admin, staff] = (await Promise.all(
    ['superadmin@example.com', 'admin@example.com', 'staff@example.com'].map((email) => loginAs(rt, email)),
  )) as [string, string, string];
  // The demo club, so staff and admin have access; its seeded carts are never connected in tests.
  siteId = (await demoSiteIds(rt)).demo;
  socket = await connectSocket(rt, admin);
  await request(socket, 'join:site', siteId);
});
afterAll(async () => {
  socket.close();
  for (const cart of carts) await cart.disconnect();
  await rt.stop();
});

describe('lock and unlock one cart', () => {
  it('sends the command, and the acknowledgement sets the lock state at once and reaches the browsers', async () => {
    const cart = await cartOf({ lock: 1 });
    const commandEvents: CommandView[] = [];
    socket.on('command:update', (command) => {
      if (command.deviceId === cart.deviceId) commandEvents.push(command);
    });
    const unlocked = nextUpdate(socket, cart.deviceId, (device) => device.lockStatus === 0);
    const res = await post(staff, `/${cart.deviceId}/unlock`);
    expect(res.statusCode).toBe(200);
    const outcome = res.json<CommandOutcome>();
    expect(outcome.command).toMatchObject({ name: 'unlock', state: 'acknowledged', source: 'dashboard' });
    // The test cart did not report after acting: the new state comes from the acknowledgement alone.
    expect(outcome.device.lockStatus).toBe(0);
    expect(outcome.device.updates).not.toContain('lock');
    expect((await unlocked).lockStatus).toBe(0);
    await eventually(() => commandEvents.some((command) => command.state === 'acknowledged'));
    // 'sent' (the broker took the command) may be overtaken by the cart's answer: commands go out on their
    // own connection, and an acknowledged command is never marked sent afterwards.
    const states = commandEvents
      .map((command) => command.state)
      .filter((state, i, all) => i === 0 || state !== all[i - 1]);
    expect([
      ['queued', 'sent', 'acknowledged'],
      ['queued', 'acknowledged'],
    ]).toContainEqual(states);
    expect(cart.commands).toHaveLength(1);
    expect(cart.commands[0]!.expiresAt - cart.commands[0]!.issuedAt).toBeLessThanOrEqual(10_000);

    const locked = await post(admin, `/${cart.deviceId}/lock`);
    expect(locked.json<CommandOutcome>().device.lockStatus).toBe(1);
  });

  it("answers 'Cart is already locked' / 'already unlocked' and sends nothing", async () => {
    const cart = await cartOf({ lock: 1 });
    const res = await post(staff, `/${cart.deviceId}/lock`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Cart is already locked', code: 'alreadyLocked' });
    await post(staff, `/${cart.deviceId}/unlock`);
    const again = await post(staff, `/${cart.deviceId}/unlock`);
    expect(again.json()).toEqual({ message: 'Cart is already unlocked', code: 'alreadyUnlocked' });
    expect(await commandRows(cart.deviceId)).toHaveLength(1);
  });

  it('refuses an offline cart and a cart in key mode', async () => {
    const offline = await cartOf();
    await offline.disconnect();
    await eventually(async () => !(await view(offline)).onlineStatus);
    const res = await post(staff, `/${offline.deviceId}/unlock`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'Cart is offline', code: 'offline' });

    const keyed = await cartOf({ key: '1' });
    const keyedRes = await post(staff, `/${keyed.deviceId}/unlock`);
    expect(keyedRes.json()).toEqual({ message: 'Cart is in key mode', code: 'keyMode' });
    expect(await commandRows(keyed.deviceId)).toHaveLength(0);
  });

  it('refuses a role below basic, a site that is not keyless and a cart of another site', async () => {
    const cart = await cartOf();
    const guest = await createUser(rt, { role: 'guest', sites: [siteId] });
    const guestToken = await loginAs(rt, guest.email, TEST_PASSWORD);
    expect((await post(guestToken, `/${cart.deviceId}/unlock`)).statusCode).toBe(403);

    await rt.ctx.db.update(sites).set({ keyless: false }).where(eq(sites.id, siteId));
    try {
      const res = await post(staff, `/${cart.deviceId}/unlock`);
      expect(res.json()).toEqual({ message: 'This site does not use keyless carts', code: 'notKeyless' });
    } finally {
      await rt.ctx.db.update(sites).set({ keyless: true }).where(eq(sites.id, siteId));
    }
    const second = (await demoSiteIds(rt)).second;
    const foreign = await rt.app.inject({
      method: 'POST',
      url: `/api/dashboard/devices/${cart.deviceId}/unlock`,
      headers: asUser(superadmin, second),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('fails at once when the cart refuses, and keeps the lock state', async () => {
    const cart = await cartOf({ lock: 1 });
    cart.ackMode = 'refuse';
    const outcome = (await post(staff, `/${cart.deviceId}/unlock`)).json<CommandOutcome>();
    expect(outcome.command).toMatchObject({ state: 'failed', error: 'lock motor jammed' });
    expect(outcome.device.lockStatus).toBe(1);
    expect(outcome.device.updates).not.toContain('lock');
  });

  it("stores 'sent' only for a command still unanswered a second after the broker took it, at that time", async () => {
    // Answered at once: the answer ends it from 'queued', and no 'sent' is stored after it.
    const quick = await cartOf({ lock: 1 });
    quick.ackMode = 'silent';
    const answered = post(staff, `/${quick.deviceId}/unlock`);
    await eventually(async () => (await commandRows(quick.deviceId)).length === 1, 2_000);
    const [queued] = await commandRows(quick.deviceId);
    await rt.ctx.commands.acknowledged(quick.deviceId, { id: queued!.id, ok: true, ts: Date.now() });
    expect((await answered).json<CommandOutcome>().command.state).toBe('acknowledged');
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    const [quickRow] = await commandRows(quick.deviceId);
    expect(quickRow).toMatchObject({ state: 'acknowledged', sentAt: null });
    const quickEntries = await rt.ctx.db.select().from(activity).where(eq(activity.deviceId, quick.deviceId));
    expect(quickEntries.map((entry) => entry.type)).not.toContain('command_sent');

    // Not answered: 'sent' is stored a second later, with the time the broker took it.
    const slow = await cartOf({ lock: 1 });
    slow.ackMode = 'silent';
    const pending = post(staff, `/${slow.deviceId}/unlock`);
    await eventually(async () => (await commandRows(slow.deviceId))[0]?.state === 'sent', 5_000);
    const [sent] = await commandRows(slow.deviceId);
    expect(sent!.sentAt!.getTime() - sent!.issuedAt.getTime()).toBeLessThan(900);
    const [entry] = await rt.ctx.db
      .select()
      .from(activity)
      .where(and(eq(activity.deviceId, slow.deviceId), eq(activity.type, 'command_sent')));
    expect(entry!.createdAt).toEqual(sent!.sentAt);
    await rt.ctx.commands.acknowledged(slow.deviceId, { id: sent!.id, ok: true, ts: Date.now() });
    expect((await pending).json<CommandOutcome>().command).toMatchObject({ state: 'acknowledged' });
  });

  it('fails after the lock-poll window when the cart never answers; a late answer still counts', async () => {
    const cart = await cartOf({ lock: 1 });
    cart.ackMode = 'silent';
    const started = Date.now();
    const pending = post(staff, `/${cart.deviceId}/unlock`);
    await eventually(async () => (await view(cart)).updates.includes('lock'));
    const outcome = (await pending).json<CommandOutcome>();
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    expect(outcome.command).toMatchObject({ state: 'failed', error: 'No answer from the cart' });
    expect(outcome.device.updates).not.toContain('lock');

    await rt.ctx.commands.acknowledged(cart.deviceId, { id: outcome.command._id, ok: true, ts: Date.now() });
    const [row] = await commandRows(cart.deviceId);
    expect(row!.state).toBe('acknowledged');
    expect((await view(cart)).lockStatus).toBe(0);
  }, 20_000);
});

describe('bulk lock and unlock', () => {
  it('acts only on online keyless carts whose state differs and names every skipped cart', async () => {
    const [target, alreadyOpen, keyed, offline] = [
      await cartOf({ lock: 1 }),
      await cartOf({ lock: 0 }),
      await cartOf({ key: '1' }),
      await cartOf(),
    ];
    await offline!.disconnect();
    await eventually(async () => !(await view(offline!)).onlineStatus);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const res = await post(staff, '/unlock', {
      ids: [target!.deviceId, alreadyOpen!.deviceId, keyed!.deviceId, offline!.deviceId, unknown],
    });
    expect(res.statusCode).toBe(200);
    const result = res.json<BulkCommandResult>();
    expect(result.commands.map((command) => command.deviceId)).toEqual([target!.deviceId]);
    expect(result.skipped.map(({ id, reason }) => [id, reason]).sort()).toEqual(
      [
        [alreadyOpen!.deviceId, 'alreadyUnlocked'],
        [keyed!.deviceId, 'keyMode'],
        [offline!.deviceId, 'offline'],
        [unknown, 'notFound'],
      ].sort(),
    );
    await eventually(async () => (await view(target!)).lockStatus === 0);
  });

  it('rejects an empty selection', async () => {
    const res = await post(staff, '/lock', { ids: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('No cars selected');
  });
});

describe('ping commands', () => {
  it('lets basic reboot and sound, and keeps the other codes for admins', async () => {
    const cart = await cartOf();
    const reboot = await post(staff, `/${cart.deviceId}/ping`, { command: 3 });
    expect(reboot.json<CommandOutcome>().command).toMatchObject({
      name: 'ping',
      code: 3,
      state: 'acknowledged',
    });
    const scan = await post(staff, `/${cart.deviceId}/ping`, { command: 5 });
    expect(scan.statusCode).toBe(403);
    const adminScan = await post(admin, `/${cart.deviceId}/ping`, { command: 5 });
    expect(adminScan.json<CommandOutcome>().command.result).toEqual({ networks: [] });
    expect(cart.commands.map((command) => command.code)).toEqual([3, 5]);
  });

  it('code 1 publishes the site settings into the cart config first', async () => {
    const cart = await cartOf();
    const res = await post(admin, `/${cart.deviceId}/ping`, { command: 1 });
    expect(res.json<CommandOutcome>().command.state).toBe('acknowledged');
    await eventually(() => cart.configs.length > 0);
    expect(cart.configs.at(-1)!.settings).toMatchObject({ lockFrom: '21:00', autoLockMinutes: 30 });
  });

  it('superadmins ping any cart with a custom code over the admin API; offline carts are skipped', async () => {
    const cart = await cartOf();
    const offline = await cartOf();
    await offline.disconnect();
    await eventually(async () => !(await view(offline)).onlineStatus);
    const res = await rt.app.inject({
      method: 'POST',
      url: '/api/admin/devices/ping',
      headers: asUser(superadmin),
      payload: { ids: [cart.deviceId, offline.deviceId], command: 42 },
    });
    const result = res.json<BulkCommandResult>();
    expect(result.commands).toHaveLength(1);
    expect(result.skipped).toEqual([{ id: offline.deviceId, carNumber: null, reason: 'offline' }]);
    const forbidden = await rt.app.inject({
      method: 'POST',
      url: `/api/admin/devices/${cart.deviceId}/ping`,
      headers: asUser(admin),
      payload: { command: 2 },
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('lists the recent commands of a cart, newest first', async () => {
    const cart = await cartOf();
    await post(staff, `/${cart.deviceId}/ping`, { command: 8 });
    await post(staff, `/${cart.deviceId}/unlock`);
    const list = (
      await rt.app.inject({
        url: `/api/dashboard/devices/${cart.deviceId}/commands`,
        headers: asUser(staff, siteId),
      })
    ).json<CommandView[]>();
    expect(list.map((command) => command.name)).toEqual(['unlock', 'ping']);
  });
});

describe('versioned config', () => {
  it('is queued while the cart is offline and delivered when it reconnects; the markers clear on its ack', async () => {
    const cart = await cartOf();
    await cart.disconnect();
    await eventually(async () => !(await view(cart)).onlineStatus);
    const res = await rt.app.inject({
      method: 'PATCH',
      url: `/api/dashboard/devices/${cart.deviceId}`,
      headers: asUser(admin, siteId),
      payload: { updateData: { trackerMode: 'tracking' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<CartView>().updates).toContain('ds');
    const version = res.json<CartView>().configVersion;
    cart.configs.length = 0;
    await cart.connect();
    await eventually(() => cart.configs.some((config) => config.version === version));
    expect(cart.configs.at(-1)!.settings).toMatchObject({
      trackerMode: 'tracking',
      reportIntervalSeconds: 2,
    });
    const after = await eventually(async () => {
      const current = await view(cart);
      return current.configAckedVersion === version && !current.updates.includes('ds') && current;
    });
    expect(after.updates).toEqual([]);
  });

  it('republishes every stored config, for a broker that lost its retained messages', async () => {
    const cart = await cartOf();
    await cart.disconnect();
    const { devices } = await rt.ctx.deviceConfig.publishDevices([cart.deviceId], ['ss']);
    expect(devices).toBe(1);
    // An empty retained message deletes the retained config, as a broker restart without persistence would.
    await rt.gateway.client.publishAsync(deviceTopic(cart.deviceId, 'config'), '', { qos: 1, retain: true });
    expect(await rt.ctx.deviceConfig.republishAll()).toBeGreaterThanOrEqual(1);
    cart.configs.length = 0;
    await cart.connect();
    await eventually(() => cart.configs.length > 0);
    expect(cart.configs[0]!.version).toBe((await view(cart)).configVersion);
  });
});
