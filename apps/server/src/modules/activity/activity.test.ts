import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_TYPES, type ActivityEntryView, type ActivityPage, type CartView } from '@fairway/domain';
import type { Runtime } from '../../runtime';
import { asUser, demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';
import { eventually } from '../../../test/fleet-fixtures';
import { startTestCart, type TestCart } from '../../../test/test-cart';
import { activity } from '../../db/tables/activity';

/**
 * The activity viewer (spec §2 Admin → Activity, issue 21 item 6): what the log holds is written where it
 * happens (connects in the device gateway, commands in the commands module), and read and cleared here.
 */
let rt: Runtime;
let superadmin: string;
let admin: string;
let staff: string;
let demoId: string;
let secondId: string;
const carts: TestCart[] = [];

beforeAll(async () => {
  rt = await startTestServer();
  [superadmin, admin, staff] = (await Promise.all(
    ['superadmin@example.com', 'admin@example.com', 'staff@example.com'].map((email) => loginAs(rt, email)),
  )) as [string, string, string];
  ({ demo: demoId, second: secondId } = await demoSiteIds(rt));
});
afterAll(async () => {
  for (const cart of carts) await cart.disconnect();
  await rt?.stop();
});

const read = (query: Record<string, string | number>, token = superadmin) =>
  rt.app.inject({
    url: `/api/admin/activity?${new URLSearchParams(Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])))}`,
    headers: asUser(token),
  });
const entriesOf = async (deviceId: string) =>
  (await read({ deviceId, limit: 100 })).json<ActivityPage>().data;
const ofType = (entries: ActivityEntryView[], type: string) => entries.filter((entry) => entry.type === type);

async function connectedCart(): Promise<TestCart> {
  const cart = await startTestCart(rt, superadmin, demoId, { lock: 1, csq: 21, conType: 'G' });
  carts.push(cart);
  await eventually(
    async () =>
      (
        await rt.app.inject({
          url: `/api/dashboard/devices/${cart.deviceId}`,
          headers: asUser(admin, demoId),
        })
      ).json<CartView>().onlineStatus,
  );
  return cart;
}

describe('what the carts write into the log', () => {
  it('logs a cart connecting and, by its last will, disconnecting, with its signal', async () => {
    const cart = await connectedCart();
    const [connected] = await eventually(async () => {
      const found = ofType(await entriesOf(cart.deviceId), 'device_connected');
      return found.length > 0 && found;
    });
    // The signal is what the cart last reported: a new cart may connect before its first report.
    expect(connected).toMatchObject({
      message: 'Cart connected',
      site: demoId,
      device: { _id: cart.deviceId },
    });
    expect(Object.keys(connected!.data).sort()).toEqual(['conType', 'csq', 'wifiSignal']);
    await cart.disconnect();
    const [disconnected] = await eventually(async () => {
      const found = ofType(await entriesOf(cart.deviceId), 'device_disconnected');
      return found.length > 0 && found;
    });
    expect(disconnected).toMatchObject({
      message: 'Cart disconnected',
      site: demoId,
      data: { conType: 'G', csq: 21, wifiSignal: null },
    });
    // Telemetry is not logged: a report more changes nothing in the log.
    expect(ofType(await entriesOf(cart.deviceId), 'device_connected')).toHaveLength(1);
  });

  it('logs a command when it is sent and when the cart acknowledges or refuses it', async () => {
    const cart = await connectedCart();
    const unlock = await rt.app.inject({
      method: 'POST',
      url: `/api/dashboard/devices/${cart.deviceId}/unlock`,
      headers: asUser(staff, demoId),
    });
    expect(unlock.json()).toMatchObject({ command: { state: 'acknowledged' } });
    cart.ackMode = 'refuse';
    const lock = await rt.app.inject({
      method: 'POST',
      url: `/api/dashboard/devices/${cart.deviceId}/lock`,
      headers: asUser(staff, demoId),
    });
    expect(lock.statusCode).toBe(200);
    expect(lock.json()).toMatchObject({ command: { state: 'failed' } });

    const entries = await entriesOf(cart.deviceId);
    const commands = entries.filter((entry) => entry.type.startsWith('command_'));
    // Newest first: the refused lock, then the acknowledged unlock, each after its sending. (A cart that
    // answers before the server marked its command sent leaves no `command_sent`: the answer says enough.)
    expect(
      commands.filter((entry) => entry.type !== 'command_sent').map((entry) => [entry.type, entry.message]),
    ).toEqual([
      ['command_failed', 'Lock failed: lock motor jammed'],
      ['command_acknowledged', 'Unlock acknowledged'],
    ]);
    const position = (message: string) => commands.findIndex((entry) => entry.message === message);
    for (const [sent, outcome] of [
      ['Lock sent', 'Lock failed: lock motor jammed'],
      ['Unlock sent', 'Unlock acknowledged'],
    ] as const) {
      if (position(sent) >= 0) expect(position(sent)).toBeGreaterThan(position(outcome));
    }
    expect(commands.find((entry) => entry.type === 'command_failed')!.data).toMatchObject({
      name: 'lock',
      source: 'dashboard',
      error: 'lock motor jammed',
      commandId: expect.any(String),
    });
  });

  it('knows every type it writes, and docs/activity-log.md describes each', () => {
    const doc = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../../docs/activity-log.md'),
      'utf8',
    );
    for (const type of ACTIVITY_TYPES) expect(doc).toContain(`\`${type}\``);
  });
});

describe('GET /api/admin/activity', () => {
  /** A cart of its own with `n` entries a minute apart, the newest first in the answer. */
  async function loggedCart(messages: string[], carNumber = randomUUID().slice(0, 6)): Promise<string> {
    const { pool } = rt.ctx.database;
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO devices (serial, secret_hash, site_id, car_number) VALUES ($1, 'x', $2, $3) RETURNING id`,
      [`ACT-${randomUUID().slice(0, 8)}`, secondId, carNumber],
    );
    const deviceId = rows[0]!.id;
    const start = Date.now() - messages.length * 60_000;
    await rt.ctx.db.insert(activity).values(
      messages.map((message, i) => ({
        deviceId,
        siteId: secondId,
        type: 'code_refused',
        message,
        data: { n: i },
        createdAt: new Date(start + i * 60_000),
      })),
    );
    return deviceId;
  }

  it('pages newest first, with the totals the table needs', async () => {
    const deviceId = await loggedCart(
      Array.from({ length: 5 }, (_, i) => `Entry ${i}`),
      '77',
    );
    const first = await read({ deviceId, limit: 2 });
    expect(first.statusCode).toBe(200);
    const page = first.json<ActivityPage>();
    expect(page.data.map((entry) => entry.message)).toEqual(['Entry 4', 'Entry 3']);
    expect(page.pagination).toEqual({
      currentPage: 1,
      totalPages: 3,
      totalItems: 5,
      itemsPerPage: 2,
      nextPage: 2,
      prevPage: null,
    });
    expect(page.data[0]).toEqual({
      _id: expect.any(String),
      date: expect.any(String),
      type: 'code_refused',
      message: 'Entry 4',
      site: secondId,
      device: { _id: deviceId, carNumber: '77' },
      data: { n: 4 },
    });
    const last = (await read({ deviceId, limit: 2, page: 3 })).json<ActivityPage>();
    expect(last.data.map((entry) => entry.message)).toEqual(['Entry 0']);
  });

  it('filters by dates and by text taken literally (% and _ are not wildcards)', async () => {
    const deviceId = await loggedCart(['Code 100% wrong', 'Code 1000 wrong', 'Code a_b', 'Code axb']);
    const search = async (q: string) =>
      (await read({ deviceId, q })).json<ActivityPage>().data.map((entry) => entry.message);
    expect(await search('100%')).toEqual(['Code 100% wrong']);
    expect(await search('A_B')).toEqual(['Code a_b']);
    expect(await search('code')).toHaveLength(4);
    const all = (await read({ deviceId })).json<ActivityPage>().data;
    const middle = all[1]!.date;
    const since = (await read({ deviceId, startDate: middle })).json<ActivityPage>().data;
    expect(since.map((entry) => entry.message)).toEqual(['Code axb', 'Code a_b']);
    const until = (await read({ deviceId, endDate: middle })).json<ActivityPage>().data;
    expect(until.map((entry) => entry.message)).toEqual(['Code a_b', 'Code 1000 wrong', 'Code 100% wrong']);
  });

  it('is for superadmins only, and refuses bad filters with 400', async () => {
    expect((await read({}, admin)).statusCode).toBe(403);
    expect((await rt.app.inject({ url: '/api/admin/activity' })).statusCode).toBe(401);
    expect((await read({ deviceId: 'nope' })).statusCode).toBe(400);
    expect((await read({ startDate: 'yesterday' })).statusCode).toBe(400);
    expect((await read({ limit: 0 })).statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/activity', () => {
  it("clears one cart's log and answers how many entries went; another cart's stays", async () => {
    const { pool } = rt.ctx.database;
    const device = async () =>
      (
        await pool.query<{ id: string }>(
          `INSERT INTO devices (serial, secret_hash, site_id) VALUES ($1, 'x', $2) RETURNING id`,
          [`CLR-${randomUUID().slice(0, 8)}`, secondId],
        )
      ).rows[0]!.id;
    const [one, other] = [await device(), await device()];
    await rt.ctx.db.insert(activity).values([
      { deviceId: one, siteId: secondId, type: 'zone_enter', message: 'a' },
      { deviceId: one, siteId: secondId, type: 'zone_exit', message: 'b' },
      { deviceId: other, siteId: secondId, type: 'zone_enter', message: 'c' },
    ]);
    const clear = (query: string, token = superadmin) =>
      rt.app.inject({ method: 'DELETE', url: `/api/admin/activity${query}`, headers: asUser(token) });
    expect((await clear(`?deviceId=${one}`, admin)).statusCode).toBe(403);
    const none = await clear('');
    expect(none.statusCode).toBe(400);
    expect(none.json<{ message: string }>().message).toMatch(/Choose a cart or a site/);
    const res = await clear(`?deviceId=${one}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    expect(await entriesOf(one)).toEqual([]);
    expect(await entriesOf(other)).toHaveLength(1);
  });
});
