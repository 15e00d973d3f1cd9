/**
 * Issue 15 item 1: Mosquitto (dynamic security, persistence on, as CI and production run it) stops for a
 * few seconds and starts again. Its persisted session of the server is present after the restart, but
 * Mosquitto 2.0.11 lost the session's shared subscription: the server used to stay connected and deaf.
 * Now the carts' reports are stored again, and /api/health tells the outage as it happens.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { eventually } from '../fleet-fixtures';
import { startTestCart, type TestCart } from '../test-cart';
import { devices } from '../../src/db/tables/devices';
import type { Runtime } from '../../src/runtime';
import { demoSiteIds, loginAs, startTestServer } from '../helpers';
import { startOwnMosquitto, type OwnMosquitto } from './own-services';

/** The fault suite's Mosquitto port (18901–18909 are kept for it). */
const PORT = Number(process.env.FAULT_MQTT_PORT ?? 18901);
const DOWN_MS = 5_000;

let mosquitto: OwnMosquitto;
let rt: Runtime;
let cart: TestCart | null = null;

beforeAll(async () => {
  mosquitto = await startOwnMosquitto(PORT);
  rt = await startTestServer({
    DATABASE_URL: inject('databaseUrl'),
    MQTT_URL: mosquitto.url,
    MQTT_PASSWORD: mosquitto.password,
    MQTT_DYNSEC: 'on',
    MQTT_CLIENT_ID: `fairway-fault-${process.pid}`,
    DEVICE_SILENCE_SECONDS: '5',
  });
}, 120_000);

afterAll(async () => {
  await cart?.disconnect();
  await rt?.stop();
  await mosquitto?.remove();
});

const uptimeOf = async (deviceId: string) =>
  (await rt.ctx.db.select({ uptime: devices.uptime }).from(devices).where(eq(devices.id, deviceId)))[0]
    ?.uptime;
const health = async () => {
  const res = await rt.app.inject({ url: '/api/health' });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
};

describe('Mosquitto restarted under a running server', () => {
  it('hears the carts again once the broker is back, and health says so all along', async () => {
    expect(rt.gateway.stats().sharedSubscriptions).toBe(true);
    const superadmin = await loginAs(rt, 'superadmin@example.com');
    cart = await startTestCart(rt, superadmin, (await demoSiteIds(rt)).demo);
    await cart.report({ uptime: 1 });
    await eventually(async () => (await uptimeOf(cart!.deviceId)) === 1, 15_000);
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', gateway: 'listening' } });

    await mosquitto.stop();
    await cart.disconnect();
    const down = await eventually(async () => {
      const now = await health();
      return now.status === 503 && now;
    }, 15_000);
    expect(down.body).toMatchObject({ broker: 'down', reason: expect.any(String) });
    await new Promise((resolve) => setTimeout(resolve, DOWN_MS));
    await mosquitto.start();

    // The cart comes back (its own session) and reports as it does every few seconds.
    await eventually(() => cart!.connect().then(() => true), 20_000);
    const reporting = setInterval(() => void cart?.report({ uptime: 2 }).catch(() => undefined), 1_000);
    try {
      await eventually(async () => (await uptimeOf(cart!.deviceId)) === 2, 30_000);
      await eventually(async () => (await health()).status === 200, 15_000);
      expect((await health()).body).toMatchObject({ status: 'ok', broker: 'up', gateway: 'listening' });
    } finally {
      clearInterval(reporting);
    }
  });
});
