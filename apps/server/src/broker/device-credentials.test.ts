import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { connectDatabase, type Database } from '../db/client';
import { hashToken } from '../lib/tokens';
import { devices } from '../db/tables/devices';
import { sites } from '../db/tables/sites';
import { uniqueSerial } from '../../test/fleet-fixtures';
import { activity } from '../db/tables/activity';
import { DeviceCredentials } from './device-credentials';
import { RefusalLog } from './refusal-log';

let database: Database;
let deviceId: string;
let siteId: string;

beforeAll(async () => {
  database = connectDatabase(inject('databaseUrl'), 2);
  const [staging] = await database.db.select().from(sites).where(eq(sites.staging, true));
  siteId = staging!.id;
  const [row] = await database.db
    .insert(devices)
    .values({ serial: uniqueSerial(), secretHash: hashToken('first-secret'), siteId })
    .returning();
  deviceId = row!.id;
});
afterAll(() => database.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DeviceCredentials', () => {
  it('accepts the secret, refuses another one, and names the device it refused', async () => {
    const credentials = new DeviceCredentials(database.db);
    expect(await credentials.check(deviceId, 'first-secret')).toEqual({
      ok: true,
      device: { deviceId, siteId },
    });
    expect(await credentials.check(deviceId, 'guess')).toEqual({
      ok: false,
      reason: 'wrong secret',
      device: { deviceId, siteId },
    });
    expect(await credentials.check('not-a-uuid', 'x')).toMatchObject({ ok: false, reason: 'unknown device' });
  });

  it('answers a reconnect storm with one query per batch, not one per cart', async () => {
    const fleet = await database.db
      .insert(devices)
      .values(
        Array.from({ length: 300 }, (_, i) => ({
          serial: uniqueSerial(),
          secretHash: hashToken(`secret-${i}`),
          siteId,
        })),
      )
      .returning({ id: devices.id });
    let queries = 0;
    const counting = new Proxy(database.db, {
      get(target, key, receiver) {
        if (key === 'select') queries += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    const stormy = new DeviceCredentials(counting);
    const results = await Promise.all(fleet.map((device, i) => stormy.check(device.id, `secret-${i}`)));
    expect(results.every((result) => result.ok)).toBe(true);
    expect(queries).toBe(1);
    // And the next reconnect of the same carts is answered from the cache.
    await Promise.all(fleet.map((device, i) => stormy.check(device.id, `secret-${i}`)));
    expect(queries).toBe(1);
  });

  it('lets a changed secret take effect: the new one at once, the old one after the cache time', async () => {
    const credentials = new DeviceCredentials(database.db, { ttlMs: 400 });
    expect((await credentials.check(deviceId, 'first-secret')).ok).toBe(true);
    await database.db
      .update(devices)
      .set({ secretHash: hashToken('second-secret') })
      .where(eq(devices.id, deviceId));
    await sleep(300);
    expect((await credentials.check(deviceId, 'second-secret')).ok).toBe(true);
    await sleep(450);
    expect((await credentials.check(deviceId, 'first-secret')).ok).toBe(false);
  });
});

describe('RefusalLog', () => {
  it('records a refusal once per key and interval, and at most maxPerMinute in total', async () => {
    const log = new RefusalLog(database.db, pino({ level: 'silent' }), {
      perKeyIntervalMs: 60_000,
      maxPerMinute: 5,
    });
    const username = `flood-${Date.now()}`;
    const base = {
      action: 'connect' as const,
      reason: 'wrong secret',
      clientId: 'c',
      remoteAddress: '10.0.0.1',
    };
    for (let i = 0; i < 50; i++) log.record({ ...base, username }, 1_000 + i);
    for (let i = 0; i < 50; i++) log.record({ ...base, username: `${username}-${i}` }, 2_000 + i);
    await log.settled();
    const rows = await database.db.select().from(activity).where(eq(activity.type, 'auth_refused'));
    const ours = rows.filter((row) => String(row.data.username).startsWith(username));
    expect(ours).toHaveLength(5);
    expect(ours.filter((row) => row.data.username === username)).toHaveLength(1);
  });
});
