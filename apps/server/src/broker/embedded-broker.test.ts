import { deviceTopic } from '@fairway/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoSiteIds, loginAs, startAsSuperadmin } from '../../test/helpers';
import { startTestCart } from '../../test/test-cart';
import { activity } from '../db/tables/activity';
import { devices, positions } from '../db/tables/devices';
import type { Runtime } from '../runtime';
import { startBrokerThread } from './broker-thread';
import {
  connackCode,
  connectDevice,
  eventually,
  grantedQos,
  publishJson,
  registerDevice,
  serverObserver,
  telemetry,
  type TestDevice,
} from '../../test/fleet-fixtures';

/**
 * Device authentication and topic rules, through the whole runtime: against the embedded Aedes by default,
 * against Mosquitto with dynamic security when TEST_MQTT_URL is set (same expectations, except that only
 * the embedded broker writes refusals to the activity table).
 */
const external = Boolean(process.env.TEST_MQTT_URL);
const NOT_AUTHORIZED = 5;

let rt: Runtime;
let superadmin: string;
let cartA: TestDevice;
let cartB: TestDevice;
const clients: MqttClient[] = [];

beforeAll(async () => {
  ({ rt, superadmin } = await startAsSuperadmin());
  [cartA, cartB] = await Promise.all([registerDevice(rt, superadmin), registerDevice(rt, superadmin)]);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});
afterAll(() => rt.stop());

const track = (client: MqttClient) => {
  clients.push(client);
  return client;
};

const trackedObserver = async () => track(await serverObserver(rt));

const uptimeOf = async (deviceId: string) =>
  (await rt.ctx.db.select({ uptime: devices.uptime }).from(devices).where(eq(devices.id, deviceId)))[0]
    ?.uptime;

const refusals = (username: string) =>
  rt.ctx.db
    .select()
    .from(activity)
    .where(and(eq(activity.type, 'auth_refused'), sql`${activity.data}->>'username' = ${username}`));

describe('device authentication', () => {
  it('accepts a cart with its own id and secret', async () => {
    const client = track(await connectDevice(rt.mqttUrl, cartA));
    expect(client.connected).toBe(true);
  });

  it('refuses a wrong secret with CONNACK not authorized, and records it', async () => {
    const code = await connackCode(rt.mqttUrl, {
      username: cartA.deviceId,
      password: 'not-the-secret',
      clientId: cartA.deviceId,
    });
    expect(code).toBe(NOT_AUTHORIZED);
    if (external) return;
    const [entry] = await eventually(async () => {
      const rows = await refusals(cartA.deviceId);
      return rows.length > 0 && rows;
    });
    expect(entry).toMatchObject({
      deviceId: cartA.deviceId,
      data: { action: 'connect', reason: 'wrong secret' },
    });
    expect(entry?.data.remoteAddress).toMatch(/127\.0\.0\.1/);
  });

  it('refuses a connection without credentials', async () => {
    expect(await connackCode(rt.mqttUrl, { clientId: `anonymous-${Date.now()}` })).toBe(NOT_AUTHORIZED);
  });

  it('refuses an unknown device id', async () => {
    const stranger = '00000000-0000-4000-8000-000000000000';
    expect(await connackCode(rt.mqttUrl, { username: stranger, password: 'x', clientId: stranger })).toBe(
      NOT_AUTHORIZED,
    );
  });

  it('refuses a client id that is not the username', async () => {
    const code = await connackCode(rt.mqttUrl, {
      username: cartA.deviceId,
      password: cartA.secret,
      clientId: 'someone-else',
    });
    expect(code).toBe(NOT_AUTHORIZED);
  });
});

describe('device topic rules', () => {
  it("drops a publish to another cart's topic: no subscriber and no database row sees it", async () => {
    const observer = await trackedObserver();
    const seen: string[] = [];
    observer.on('message', (topic) => seen.push(topic));
    await observer.subscribeAsync(deviceTopic(cartB.deviceId, 'telemetry'));
    const intruder = track(await connectDevice(rt.mqttUrl, cartA));
    // Not awaited: Aedes answers by closing the connection, so the PUBACK never comes.
    intruder.publish(deviceTopic(cartB.deviceId, 'telemetry'), JSON.stringify(telemetry()), { qos: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([]);
    const rows = await rt.ctx.db.select().from(positions).where(eq(positions.deviceId, cartB.deviceId));
    expect(rows).toHaveLength(0);
    if (!external) {
      // Aedes closes the offending connection (MQTT 3.1.1 §3.3.5); Mosquitto drops the message silently.
      await eventually(() => !intruder.connected);
    }
  });

  it('lets a cart publish on its own topics', async () => {
    const observer = await trackedObserver();
    const seen = new Promise<string>((resolve) => observer.once('message', (topic) => resolve(topic)));
    await observer.subscribeAsync(deviceTopic(cartA.deviceId, 'event'));
    const cart = track(await connectDevice(rt.mqttUrl, cartA));
    await publishJson(
      cart,
      deviceTopic(cartA.deviceId, 'event'),
      { id: 'e1', ts: Date.now(), type: 'key_alarm' },
      { qos: 1 },
    );
    expect(await seen).toBe(deviceTopic(cartA.deviceId, 'event'));
  });

  it("refuses a subscription to another cart's commands, and to wildcards", async () => {
    const cart = track(await connectDevice(rt.mqttUrl, cartA));
    expect(await grantedQos(cart, deviceTopic(cartB.deviceId, 'command'))).toBe(128);
    expect(await grantedQos(cart, 'fairway/v1/devices/+/command')).toBe(128);
    expect(await grantedQos(cart, deviceTopic(cartA.deviceId, 'command'))).toBe(1);
    if (!external) {
      const rows = await eventually(async () => {
        const found = (await refusals(cartA.deviceId)).filter((row) => row.data.action === 'subscribe');
        return found.length > 0 && found;
      });
      expect(rows[0]?.data.topic).toBe(deviceTopic(cartB.deviceId, 'command'));
    }
  });

  it('delivers the retained config to a cart that subscribes later', async () => {
    const observer = await trackedObserver();
    const config = { version: 1, issuedAt: Date.now(), settings: {}, codes: [], zones: [] };
    await publishJson(observer, deviceTopic(cartA.deviceId, 'config'), config, { qos: 1, retain: true });
    const cart = track(await connectDevice(rt.mqttUrl, cartA));
    const received = new Promise<unknown>((resolve) =>
      cart.once('message', (_topic, payload) => resolve(JSON.parse(payload.toString()))),
    );
    await cart.subscribeAsync(deviceTopic(cartA.deviceId, 'config'), { qos: 1 });
    expect(await received).toEqual(config);
    // An empty retained payload clears the topic again.
    await observer.publishAsync(deviceTopic(cartA.deviceId, 'config'), '', { qos: 1, retain: true });
  });
});

describe.skipIf(external)('MQTT over WebSocket', () => {
  it('accepts a cart over ws:// with the same credentials and rules, in a broker thread of its own', async () => {
    const broker = await startBrokerThread({
      port: 0,
      wsPort: 0,
      host: '127.0.0.1',
      db: rt.ctx.db,
      serverUsername: 'fairway-server',
      serverPassword: 'unused-here',
      log: rt.ctx.log,
    });
    try {
      expect(broker.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/mqtt$/);
      const cart = track(await connectDevice(broker.wsUrl!, cartA));
      expect(await grantedQos(cart, deviceTopic(cartA.deviceId, 'command'))).toBe(1);
      expect(await grantedQos(cart, deviceTopic(cartB.deviceId, 'command'))).toBe(128);
      expect(
        await connackCode(broker.wsUrl!, {
          username: cartA.deviceId,
          password: 'wrong',
          clientId: cartA.deviceId,
        }),
      ).toBe(NOT_AUTHORIZED);
    } finally {
      await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
      await broker.close();
    }
  });
});

describe.skipIf(external)('the broker thread', () => {
  const health = async () => {
    const res = await rt.app.inject({ url: '/api/health' });
    return { status: res.statusCode, body: res.json<{ status: string; broker: string }>() };
  };

  it("passes a cart's last will on, and refuses a packet over 16 KB from a cart", async () => {
    const observer = await trackedObserver();
    const wills: string[] = [];
    observer.on('message', (_topic, payload) => wills.push(payload.toString()));
    await observer.subscribeAsync(deviceTopic(cartB.deviceId, 'status'));
    const cart = await connectDevice(rt.mqttUrl, cartB);
    // Dropped without DISCONNECT: the broker publishes the will (offline).
    cart.stream.destroy();
    await eventually(() => wills.includes(JSON.stringify({ online: false })));

    const big = track(await connectDevice(rt.mqttUrl, cartA));
    big.publish(deviceTopic(cartA.deviceId, 'telemetry'), 'x'.repeat(17 * 1024), { qos: 0 });
    await eventually(() => !big.connected);
  });

  it('revokes a removed cart in the thread: its connection is closed at once', async () => {
    const cart = track(await connectDevice(rt.mqttUrl, cartA));
    rt.broker!.revoke(cartA.deviceId);
    await eventually(() => !cart.connected);
    // Its credentials still stand in the database, so it may come back (revoke only drops the cache here).
    expect(track(await connectDevice(rt.mqttUrl, cartA)).connected).toBe(true);
  });

  it('is noticed when it dies, reported by health, started again on its port, and the carts are heard again', async () => {
    const broker = rt.broker!;
    const restartsBefore = broker.restarts();
    const superadmin = await loginAs(rt, 'superadmin@example.com');
    const cart = await startTestCart(rt, superadmin, (await demoSiteIds(rt)).demo);
    try {
      await cart.report({ uptime: 11 });
      await eventually(async () => (await uptimeOf(cart.deviceId)) === 11);
      expect((await health()).body.broker).toBe('up');

      // An abrupt end the server did not ask for, as an uncaught error in the thread would be.
      await broker.worker.terminate();
      expect(broker.running()).toBe(false);
      expect(await health()).toMatchObject({ status: 503, body: { status: 'degraded', broker: 'down' } });

      await eventually(() => broker.running(), 15_000);
      expect(broker.restarts()).toBe(restartsBefore + 1);
      // The server's own client reconnects to the same URL; the cart too, and its reports are stored again.
      await eventually(async () => (await health()).status === 200, 15_000);
      await cart.disconnect();
      await cart.connect();
      await cart.report({ uptime: 12 });
      await eventually(async () => (await uptimeOf(cart.deviceId)) === 12, 15_000);
    } finally {
      await cart.disconnect();
    }
  });
});
