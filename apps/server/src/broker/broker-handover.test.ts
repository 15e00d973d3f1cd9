import { DEVICE_PUBLISHES, allDevicesTopic, deviceTopic } from '@fairway/domain';
import { count, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperadmin } from '../../test/helpers';
import { devices, positions } from '../db/tables/devices';
import type { Runtime } from '../runtime';
import type { ToBrokerWorker } from './broker-thread-protocol';
import {
  ackSinkAfterOutage,
  connectDevice,
  eventually,
  publishJson,
  registerDevice,
  serverObserver,
  telemetry,
  type TestDevice,
} from '../../test/fleet-fixtures';

/**
 * The embedded broker's hand-over of carts' messages to the server, in-process (broker/device-handover.ts),
 * through the whole runtime. The gateway's MQTT subscription, which an external broker uses, is tested by
 * devices/gateway/device-gateway.test.ts (with the hand-over off) and on the Mosquitto lane.
 */
const external = Boolean(process.env.TEST_MQTT_URL);

let rt: Runtime;
let superadmin: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  // A short silence limit, so that a gateway the broker stopped handing messages to shows as deaf.
  ({ rt, superadmin } = await startAsSuperadmin({ DEVICE_SILENCE_SECONDS: '5' }));
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
});
afterAll(() => rt.stop());

async function connected(device: TestDevice): Promise<MqttClient> {
  const client = await connectDevice(rt.mqttUrl, device);
  clients.push(client);
  return client;
}

const stored = async (deviceId: string) => {
  const [cart] = await rt.ctx.db.select().from(devices).where(eq(devices.id, deviceId));
  const [stored] = await rt.ctx.db
    .select({ n: count() })
    .from(positions)
    .where(eq(positions.deviceId, deviceId));
  return { cart: cart!, positions: stored!.n };
};

const toWorker = (message: ToBrokerWorker) => rt.broker!.worker.postMessage(message);
const health = async () => {
  const res = await rt.app.inject({ url: '/api/health' });
  return { status: res.statusCode, body: res.json<{ gateway: string; reason?: string }>() };
};

describe.skipIf(external)('the embedded broker hands carts’ messages over in-process', () => {
  it('hands each message over once: every report stored once, none received twice', async () => {
    const device = await registerDevice(rt, superadmin);
    const cart = await connected(device);
    const before = rt.gateway.stats().received;
    const topic = deviceTopic(device.deviceId, 'telemetry');
    // The server's MQTT connection, subscribed to nothing of the carts', hears none of it.
    const overMqtt: string[] = [];
    const onMqttMessage = (heard: string) => overMqtt.push(heard);
    rt.gateway.client.on('message', onMqttMessage);
    for (let n = 1; n <= 30; n += 1)
      await publishJson(cart, topic, telemetry({ uptime: n, ts: Date.now() + n }));
    await eventually(async () => (await stored(device.deviceId)).cart.uptime === 30);
    expect((await stored(device.deviceId)).positions).toBe(30);
    // Over a subscription as well, every report would have been received twice.
    expect(rt.gateway.stats().received - before).toBe(30);
    rt.gateway.client.off('message', onMqttMessage);
    expect(overMqtt).toEqual([]);
  });

  it('stores a handed-over acknowledgement once the database is back, trying again meanwhile', async () => {
    const device = await registerDevice(rt, superadmin);
    const cart = await connected(device);
    const stores: string[] = [];
    const sink = ackSinkAfterOutage(2, (ack) => stores.push(ack.id));
    rt.deviceMessages.attach({ commandAck: sink.commandAck });
    await publishJson(
      cart,
      deviceTopic(device.deviceId, 'ack'),
      { id: 'away-1', ok: true, ts: Date.now() },
      { qos: 1 },
    );
    await eventually(() => stores.length > 0, 10_000);
    expect(stores).toEqual(['away-1']);
    expect(sink.tries()).toBe(3);
  });

  it('is deaf in /api/health while not handed over, and hears again with the missed will replayed', async () => {
    const [reporter, leaver] = await Promise.all([
      registerDevice(rt, superadmin),
      registerDevice(rt, superadmin),
    ]);
    const [reporting, leaving] = await Promise.all([connected(reporter), connected(leaver)]);
    const online = { online: true, firmware: '3.2.1', configVersion: 0 };
    for (const [client, device] of [
      [reporting, reporter],
      [leaving, leaver],
    ] as const) {
      await publishJson(client, deviceTopic(device.deviceId, 'status'), online, { qos: 1, retain: true });
      await publishJson(client, deviceTopic(device.deviceId, 'telemetry'), telemetry({ uptime: 1 }));
    }
    await eventually(async () => (await stored(leaver.deviceId)).cart.uptime === 1);

    // The fault: the thread stops handing over while one cart reports on: the gateway is deaf.
    toWorker({ type: 'end-hand-over' });
    const reportTopic = deviceTopic(reporter.deviceId, 'telemetry');
    const reports = setInterval(
      () => void publishJson(reporting, reportTopic, telemetry({ uptime: 2 })).catch(() => {}),
      500,
    );
    try {
      const deaf = await eventually(async () => {
        const now = await health();
        return now.status === 503 && now.body;
      }, 20_000);
      expect(deaf.gateway).toBe('deaf');
      expect((await stored(reporter.deviceId)).cart.uptime).toBe(1);

      // The other cart drops meanwhile: the broker publishes its will (retained), which the server misses.
      const observer = await serverObserver(rt);
      clients.push(observer);
      const wills: string[] = [];
      observer.on('message', (_topic, payload) => wills.push(payload.toString()));
      await observer.subscribeAsync(deviceTopic(leaver.deviceId, 'status'));
      leaving.stream.destroy();
      await eventually(() => wills.includes(JSON.stringify({ online: false })));
      expect((await stored(leaver.deviceId)).cart.online).toBe(true);

      // Handed over again: the reports flow, and the will the server missed is replayed from the store.
      toWorker({ type: 'hand-over', filters: DEVICE_PUBLISHES.map(allDevicesTopic) });
      await eventually(async () => (await stored(reporter.deviceId)).cart.uptime === 2, 15_000);
      await eventually(async () => (await stored(leaver.deviceId)).cart.online === false, 15_000);
      await eventually(async () => (await health()).status === 200, 15_000);
    } finally {
      clearInterval(reports);
    }
  });
});
