import { DEVICE_PUBLISHES, allDevicesTopic, cartView, deviceTopic, type AckMessage } from '@fairway/domain';
import { count, eq, inArray } from 'drizzle-orm';
import type { MqttClient, Packet } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoSiteIds, loginAs, startTestServer } from '../../../test/helpers';
import { devices, positions } from '../../db/tables/devices';
import type { Runtime } from '../../runtime';
import {
  ackSinkAfterOutage,
  connectDevice,
  connectSocket,
  eventually,
  moveDevices,
  nextUpdate,
  publishJson,
  registerDevice,
  request,
  telemetry,
  type TestDevice,
  type TestSocket,
} from '../../../test/fleet-fixtures';

/** The telemetry pipeline end to end: a real cart over MQTT → PostgreSQL → a browser's socket. */
let rt: Runtime;
let superadmin: string;
let siteAdmin: string;
let demoSiteId: string;
const clients: MqttClient[] = [];
const sockets: TestSocket[] = [];

beforeAll(async () => {
  // A short silence limit, so that the deaf gateway below shows in /api/health within seconds. The gateway's
  // MQTT subscription (its PUBACKs, its re-subscriptions) is what this file tests, also on the embedded
  // broker, which otherwise hands messages over in-process (the hand-over: broker/broker-handover.test.ts).
  rt = await startTestServer({ DEVICE_SILENCE_SECONDS: '5', MQTT_HANDOVER: 'off' });
  [superadmin, siteAdmin] = await Promise.all([
    loginAs(rt, 'superadmin@example.com'),
    loginAs(rt, 'admin@example.com'),
  ]);
  ({ demo: demoSiteId } = await demoSiteIds(rt));
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
  for (const socket of sockets.splice(0)) socket.close();
});
afterAll(() => rt.stop());

async function cartInDemoSite(): Promise<TestDevice> {
  const device = await registerDevice(rt, superadmin);
  await moveDevices(rt, superadmin, [device.deviceId], demoSiteId);
  return device;
}

async function online(device: TestDevice): Promise<MqttClient> {
  const client = await connectDevice(rt.mqttUrl, device);
  clients.push(client);
  await publishJson(
    client,
    deviceTopic(device.deviceId, 'status'),
    { online: true, firmware: '3.2.1', configVersion: 0 },
    { qos: 1, retain: true },
  );
  return client;
}

const row = async (deviceId: string) =>
  (await rt.ctx.db.select().from(devices).where(eq(devices.id, deviceId)))[0]!;
const positionCount = async (ids: string[]) =>
  (await rt.ctx.db.select({ n: count() }).from(positions).where(inArray(positions.deviceId, ids)))[0]!.n;

describe('device gateway', () => {
  it('splits the traffic through a shared subscription when the broker offers one (not Aedes)', () => {
    expect(rt.gateway.stats().sharedSubscriptions).toBe(Boolean(process.env.TEST_MQTT_URL));
  });

  it('stores a report, adds a position and pushes the stored cart to the site room', async () => {
    const device = await cartInDemoSite();
    const socket = await connectSocket(rt, siteAdmin);
    sockets.push(socket);
    expect(await request(socket, 'join:site', demoSiteId)).toEqual({ ok: true });
    const cart = await online(device);
    const update = nextUpdate(socket, device.deviceId, (view) => view.gpsSpeed === 17.5);
    const report = telemetry({
      lat: 56.35,
      lng: -2.81,
      speed: 17.5,
      lock: 0,
      battV: 48.4,
      conType: 'W',
      wifiRssi: -61,
      csq: undefined,
    });
    await publishJson(cart, deviceTopic(device.deviceId, 'telemetry'), report);

    const view = await update;
    expect(view).toMatchObject({
      _id: device.deviceId,
      siteID: demoSiteId,
      onlineStatus: true,
      gpsCoordinates: '56.350000,-2.810000',
      gpsSpeed: 17.5,
      lockStatus: 0,
      battVoltage: 48.4,
      conType: 'W',
      wifiSignal: -61,
      gprsSignal: null,
      firmware: '3.2.1',
    });
    const stored = await row(device.deviceId);
    expect(stored).toMatchObject({
      online: true,
      lat: 56.35,
      lng: -2.81,
      lockStatus: 0,
      conType: 'W',
      uptime: report.uptime,
    });
    expect(stored.lastReportAt?.toISOString()).toBe(view.timeUTC);
    const [position] = await rt.ctx.db
      .select()
      .from(positions)
      .where(eq(positions.deviceId, device.deviceId));
    expect(position).toMatchObject({ lat: 56.35, lng: -2.81, speed: 17.5 });
    expect(position?.ts.getTime()).toBe(report.ts);
  });

  it("pushes views the browser accepts, each report's with a later numeric state version", async () => {
    const device = await cartInDemoSite();
    const socket = await connectSocket(rt, siteAdmin);
    sockets.push(socket);
    expect(await request(socket, 'join:site', demoSiteId)).toEqual({ ok: true });
    const cart = await online(device);
    const topic = deviceTopic(device.deviceId, 'telemetry');
    const first = nextUpdate(socket, device.deviceId, (view) => view.gpsSpeed === 11);
    await publishJson(cart, topic, telemetry({ speed: 11, uptime: 1 }));
    const firstView = await first;
    const second = nextUpdate(socket, device.deviceId, (view) => view.gpsSpeed === 12);
    await publishJson(cart, topic, telemetry({ speed: 12, uptime: 2 }));
    const secondView = await second;

    // The web app drops a pushed cart that fails the domain schema, so a wrong type freezes the live map.
    for (const view of [firstView, secondView]) expect(cartView.safeParse(view).error).toBeUndefined();
    expect(typeof firstView.stateVersion).toBe('number');
    expect(secondView.stateVersion).toBeGreaterThan(firstView.stateVersion!);
  });

  it('moves lockUpdatedAt only when the lock changes', async () => {
    const device = await cartInDemoSite();
    const cart = await online(device);
    const topic = deviceTopic(device.deviceId, 'telemetry');
    await publishJson(cart, topic, telemetry({ lock: 0, uptime: 1 }));
    const first = await eventually(async () => {
      const stored = await row(device.deviceId);
      return stored.uptime === 1 && stored;
    });
    expect(first.lockUpdatedAt).not.toBeNull();
    await publishJson(cart, topic, telemetry({ lock: 0, uptime: 2 }));
    const unchanged = await eventually(async () => {
      const stored = await row(device.deviceId);
      return stored.uptime === 2 && stored;
    });
    expect(unchanged.lockUpdatedAt).toEqual(first.lockUpdatedAt);
    await publishJson(cart, topic, telemetry({ lock: 1, uptime: 3 }));
    const locked = await eventually(async () => {
      const stored = await row(device.deviceId);
      return stored.uptime === 3 && stored;
    });
    expect(locked.lockStatus).toBe(1);
    expect(locked.lockUpdatedAt!.getTime()).toBeGreaterThan(first.lockUpdatedAt!.getTime());
  });

  it('marks a cart offline when its connection dies and the broker publishes its last will', async () => {
    const device = await cartInDemoSite();
    const cart = await online(device);
    await eventually(async () => (await row(device.deviceId)).online);
    expect((await row(device.deviceId)).connectedAt).not.toBeNull();
    // No DISCONNECT packet: the broker sees a dead connection and publishes the will.
    cart.stream.destroy();
    const stored = await eventually(async () => {
      const current = await row(device.deviceId);
      return !current.online && current;
    });
    expect(stored.disconnectedAt).not.toBeNull();
  });

  it('records acknowledged config versions and hands acks to the commands sink', async () => {
    const device = await cartInDemoSite();
    const cart = await online(device);
    const acks: Array<[string, AckMessage]> = [];
    rt.deviceMessages.attach({ commandAck: (deviceId, message) => void acks.push([deviceId, message]) });
    await publishJson(
      cart,
      deviceTopic(device.deviceId, 'config/ack'),
      { version: 7, ok: true, ts: Date.now() },
      { qos: 1 },
    );
    await publishJson(
      cart,
      deviceTopic(device.deviceId, 'ack'),
      { id: 'cmd-1', ok: true, ts: Date.now() },
      { qos: 1 },
    );
    await eventually(async () => (await row(device.deviceId)).configAckedVersion === 7);
    await eventually(() => acks.length === 1);
    expect(acks[0]).toEqual([device.deviceId, expect.objectContaining({ id: 'cmd-1', ok: true })]);
  });

  it('counts and ignores invalid messages, and keeps working', async () => {
    const device = await cartInDemoSite();
    const cart = await online(device);
    const before = rt.gateway.stats().invalid;
    const topic = deviceTopic(device.deviceId, 'telemetry');
    await cart.publishAsync(topic, 'not json', { qos: 1 });
    await publishJson(cart, topic, { ...telemetry(), lat: 123 }, { qos: 1 });
    await publishJson(cart, topic, { hello: 'world' }, { qos: 1 });
    await eventually(() => rt.gateway.stats().invalid - before === 3);
    await publishJson(cart, topic, telemetry({ uptime: 42 }));
    await eventually(async () => (await row(device.deviceId)).uptime === 42);
    expect(await positionCount([device.deviceId])).toBe(1);
  });

  it('persists a burst of 1,000 reports from 50 carts without losing one', async () => {
    const fleet = await Promise.all(Array.from({ length: 50 }, () => registerDevice(rt, superadmin)));
    const carts = await Promise.all(fleet.map((device) => connectDevice(rt.mqttUrl, device)));
    clients.push(...carts);
    const started = Date.now();
    await Promise.all(
      carts.map(async (cart, i) => {
        const deviceId = fleet[i]!.deviceId;
        for (let seq = 0; seq < 20; seq++) {
          await publishJson(
            cart,
            deviceTopic(deviceId, 'telemetry'),
            telemetry({ ts: started + seq, uptime: seq }),
          );
        }
      }),
    );
    const ids = fleet.map((device) => device.deviceId);
    await eventually(async () => (await positionCount(ids)) === 1_000, 15_000);
    const stored = await rt.ctx.db
      .select({ uptime: devices.uptime })
      .from(devices)
      .where(inArray(devices.id, ids));
    expect(stored.every((device) => device.uptime === 19)).toBe(true);
  });

  it('sends the PUBACK of an ack only once its handler stored it, retrying while the database is away', async () => {
    const device = await cartInDemoSite();
    const cart = await online(device);
    const topic = deviceTopic(device.deviceId, 'ack');
    // What the server's client receives and sends: the ack's packet id, then its PUBACK.
    const seen: string[] = [];
    let packetId: number | undefined;
    const onReceive = (packet: Packet) => {
      if (packet.cmd === 'publish' && packet.topic === topic) packetId = packet.messageId;
    };
    const onSend = (packet: Packet) => {
      if (packet.cmd === 'puback' && packet.messageId === packetId) seen.push('puback');
    };
    rt.gateway.client.on('packetreceive', onReceive);
    rt.gateway.client.on('packetsend', onSend);
    const sink = ackSinkAfterOutage(2, (ack) => seen.push(`stored ${ack.id}`));
    rt.deviceMessages.attach({ commandAck: sink.commandAck });
    try {
      await publishJson(cart, topic, { id: 'late-1', ok: true, ts: Date.now() }, { qos: 1 });
      await eventually(() => seen.includes('puback'), 10_000);
      expect(seen).toEqual(['stored late-1', 'puback']);
      expect(sink.tries()).toBe(3);
    } finally {
      rt.gateway.client.off('packetreceive', onReceive);
      rt.gateway.client.off('packetsend', onSend);
    }
  });

  it("sends the PUBACK of a cart's event only once every reaction to it has settled", async () => {
    const device = await cartInDemoSite();
    const cart = await online(device);
    const topic = deviceTopic(device.deviceId, 'event');
    let packetId: number | undefined;
    let pubacked = false;
    const onReceive = (packet: Packet) => {
      if (packet.cmd === 'publish' && packet.topic === topic) packetId = packet.messageId;
    };
    const onSend = (packet: Packet) => {
      if (packet.cmd === 'puback' && packet.messageId === packetId) pubacked = true;
    };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reacted = false;
    // A slow reaction (as a code ride or a zone alert waiting on the database) holds the acknowledgement.
    const slowReaction = async (deviceId: string) => {
      if (deviceId !== device.deviceId) return;
      reacted = true;
      await gate;
    };
    rt.ctx.bus.on('device.event', slowReaction);
    rt.gateway.client.on('packetreceive', onReceive);
    rt.gateway.client.on('packetsend', onSend);
    try {
      await publishJson(
        cart,
        topic,
        { id: crypto.randomUUID(), type: 'key_alarm', ts: Date.now(), data: {} },
        { qos: 1 },
      );
      await eventually(() => reacted);
      // The other reactions have run meanwhile; the broker still holds the event as unacknowledged.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(pubacked).toBe(false);
      release();
      await eventually(() => pubacked);
    } finally {
      release();
      rt.ctx.bus.off('device.event', slowReaction);
      rt.gateway.client.off('packetreceive', onReceive);
      rt.gateway.client.off('packetsend', onSend);
    }
  });

  it('lets a message go whose handler fails for another reason, and keeps hearing', async () => {
    const device = await cartInDemoSite();
    const cart = await online(device);
    const failures = rt.gateway.stats().handlerFailures;
    rt.deviceMessages.attach({
      commandAck: () => {
        throw new Error('a bug');
      },
    });
    await publishJson(
      cart,
      deviceTopic(device.deviceId, 'ack'),
      { id: 'bug-1', ok: true, ts: Date.now() },
      { qos: 1 },
    );
    await eventually(() => rt.gateway.stats().handlerFailures === failures + 1);
    await publishJson(cart, deviceTopic(device.deviceId, 'telemetry'), telemetry({ uptime: 4242 }));
    await eventually(async () => (await row(device.deviceId)).uptime === 4242);
  });

  it('refuses a 1 MB report at the broker or the gateway: nothing of it is stored', async () => {
    const device = await cartInDemoSite();
    const cart = await online(device);
    const topic = deviceTopic(device.deviceId, 'telemetry');
    await publishJson(cart, topic, telemetry({ uptime: 1 }));
    await eventually(async () => (await row(device.deviceId)).uptime === 1);
    // Valid JSON, valid report (the schema strips the padding), 1 MB on the wire.
    const huge = { ...telemetry({ uptime: 999 }), padding: 'x'.repeat(1024 * 1024) };
    // Either broker closes a cart's connection over an oversized publish (Aedes: its authorizePublish;
    // Mosquitto: max_packet_size); a fresh connection reports normally.
    const closed = new Promise<void>((resolve) => cart.once('close', () => resolve()));
    cart.publish(topic, JSON.stringify(huge));
    await closed;
    const again = await connectDevice(rt.mqttUrl, device);
    clients.push(again);
    await publishJson(again, topic, telemetry({ uptime: 2 }));
    await eventually(async () => (await row(device.deviceId)).uptime === 2);
    expect(await positionCount([device.deviceId])).toBe(2);
  });

  it('subscribes again on every reconnect, and /api/health says deaf while carts report unheard', async () => {
    const device = await cartInDemoSite();
    const cart = await online(device);
    const topic = deviceTopic(device.deviceId, 'telemetry');
    await publishJson(cart, topic, telemetry({ uptime: 1 }));
    await eventually(async () => (await row(device.deviceId)).uptime === 1);
    // What a Mosquitto restart did: the session is kept (present at the next CONNACK), its subscription lost.
    const shared = rt.gateway.stats().sharedSubscriptions;
    await rt.gateway.client.unsubscribeAsync(
      DEVICE_PUBLISHES.map((channel) =>
        shared ? `$share/fairway/${allDevicesTopic(channel)}` : allDevicesTopic(channel),
      ),
    );
    const reporting = setInterval(
      () => void publishJson(cart, topic, telemetry({ uptime: 2 })).catch(() => {}),
      500,
    );
    try {
      const deaf = await eventually(async () => {
        const res = await rt.app.inject({ url: '/api/health' });
        return res.statusCode === 503 && res.json<{ reason?: string }>();
      }, 20_000);
      expect(deaf).toMatchObject({ status: 'degraded', database: 'up', broker: 'up', gateway: 'deaf' });
      expect(deaf.reason).toMatch(/No cart message for \d+ s although \d+ cart\(s\) are connected/);
      expect((await row(device.deviceId)).uptime).toBe(1);
      // The connection drops and comes back (as after a broker restart): the gateway hears again.
      rt.gateway.client.stream.destroy();
      await eventually(async () => (await row(device.deviceId)).uptime === 2, 15_000);
      const healthy = await rt.app.inject({ url: '/api/health' });
      expect(healthy.statusCode).toBe(200);
      expect(healthy.json()).toMatchObject({ status: 'ok', gateway: 'listening' });
    } finally {
      clearInterval(reporting);
    }
  });
});
