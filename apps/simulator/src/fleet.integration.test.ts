import {
  allDevicesTopic,
  deviceMayPublish,
  deviceMaySubscribe,
  deviceTopic,
  type ConfigMessage,
} from '@fairway/domain';
import { Aedes } from 'aedes';
import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { connectAsync } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { FACTORY_SETTINGS } from './config';
import { DEMO_COURSE } from './courses';
import { startFleet, type Fleet, type FleetCart } from './fleet';
import { silentLogger } from './logger';
import { newCommand, observe, sendCommand, SERVER } from './mqtt-test-helpers';

/** Aedes keeps its persistence on the instance, but its type declarations do not say so. */
const persistenceOf = (broker: Aedes): unknown => (broker as unknown as { persistence: unknown }).persistence;

/**
 * An Aedes broker that authenticates each cart by its own secret and enforces the protocol's ACL
 * (a device may publish only its own status/telemetry/ack/config/ack/event and subscribe only its own
 * command/config), so the test also proves the simulator stays inside its topics.
 */
async function startBroker(secrets: Map<string, string>, persistence?: unknown, port = 0) {
  const broker = await Aedes.createBroker(persistence ? { persistence } : {});
  const violations: string[] = [];
  const isServer = (client: { id: string } | null) => client?.id.startsWith('server-') ?? true;
  broker.authenticate = (client, username, password, done) => {
    const secret = username === SERVER.username ? SERVER.password : secrets.get(username ?? '');
    const ok =
      secret !== undefined &&
      password?.toString() === secret &&
      (username === SERVER.username || client.id === username);
    done(null, ok);
  };
  broker.authorizePublish = (client, packet, done) => {
    if (isServer(client) || deviceMayPublish(client!.id, packet.topic)) return done(null);
    violations.push(`${client!.id} published ${packet.topic}`);
    done(new Error('not allowed'));
  };
  broker.authorizeSubscribe = (client, subscription, done) => {
    if (isServer(client) || deviceMaySubscribe(client.id, subscription.topic))
      return done(null, subscription);
    violations.push(`${client.id} subscribed ${subscription.topic}`);
    done(new Error('not allowed'), null);
  };
  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async () => {
    // Stop accepting first: a cart reconnecting in between would otherwise keep the server open.
    const serverClosed = new Promise<void>((resolve) => server.close(() => resolve()));
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await serverClosed;
  };
  return { broker, url, port: (server.address() as AddressInfo).port, violations, close };
}

describe('a fleet against a real MQTT broker (Aedes)', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    cleanups.length = 0;
  });

  const carts: FleetCart[] = [1, 2, 3].map((carNumber) => ({
    deviceId: randomUUID(),
    secret: randomUUID(),
    carNumber: String(carNumber),
  }));
  const secrets = new Map(carts.map((cart) => [cart.deviceId, cart.secret]));
  const [first, second, third] = carts as [FleetCart, FleetCart, FleetCart];

  async function setUp() {
    const broker = await startBroker(secrets);
    cleanups.push(broker.close);
    const live = await observe(broker.url, 'live');
    cleanups.push(() => live.client.endAsync());
    const fleet: Fleet = await startFleet({
      url: broker.url,
      carts,
      course: DEMO_COURSE,
      activity: 0, // all parked and locked: commands meet a known state
      seed: 1,
      standingReportIntervalMs: 500,
      logger: silentLogger,
    });
    cleanups.push(() => fleet.stop());
    return { broker, live, fleet };
  }

  it('connects each cart with its own credentials, reports, acks an unlock once and goes offline cleanly', async () => {
    const { broker, live, fleet } = await setUp();
    expect(fleet.connectedCount()).toBe(3);

    // Retained online status for every cart, as a late subscriber (a restarted server) sees it.
    const late = await observe(broker.url, 'late');
    cleanups.push(() => late.client.endAsync());
    for (const cart of carts) {
      const status = await late.waitFor((m) => m.deviceId === cart.deviceId && m.channel === 'status');
      expect(status.retain).toBe(true);
      expect(status.body).toMatchObject({ online: true, firmware: expect.any(String), configVersion: 0 });
      const telemetry = await live.waitFor((m) => m.deviceId === cart.deviceId && m.channel === 'telemetry');
      expect(telemetry.body).toMatchObject({ lock: 1, speed: 0, charging: expect.any(Boolean) });
    }

    const unlock = newCommand({ name: 'unlock' });
    await sendCommand(live.client, first.deviceId, unlock);
    const ack = await live.waitFor((m) => m.channel === 'ack' && m.body.id === unlock.id);
    expect(ack).toMatchObject({ deviceId: first.deviceId, body: { id: unlock.id, ok: true } });
    expect(fleet.cart(first.deviceId)!.state.lock).toBe(0);
    await live.waitFor(
      (m) => m.deviceId === first.deviceId && m.channel === 'telemetry' && m.body.lock === 0,
    );

    // A duplicate delivery is acked again, not executed again (a second unlock would say "already unlocked").
    await sendCommand(live.client, first.deviceId, unlock);
    await expect
      .poll(() => live.received.filter((m) => m.channel === 'ack' && m.body.id === unlock.id).length)
      .toBe(2);
    expect(live.received.filter((m) => m.channel === 'ack').every((m) => m.body.ok === true)).toBe(true);

    // Config: retained and versioned; the cart applies it, acks it and names it in its status.
    const config: ConfigMessage = {
      version: 4,
      issuedAt: Date.now(),
      settings: { ...FACTORY_SETTINGS, timezone: DEMO_COURSE.timezone, autoLockMinutes: 20 },
      codes: [{ code: '246810', type: 'keypad', expires: null }],
      zones: [],
    };
    await live.client.publishAsync(deviceTopic(second.deviceId, 'config'), JSON.stringify(config), {
      qos: 1,
      retain: true,
    });
    const configAck = await live.waitFor((m) => m.deviceId === second.deviceId && m.channel === 'config/ack');
    expect(configAck.body).toMatchObject({ version: 4, ok: true });
    expect(fleet.cart(second.deviceId)!.state.settings.autoLockMinutes).toBe(20);
    await live.waitFor(
      (m) => m.deviceId === second.deviceId && m.channel === 'status' && m.body.configVersion === 4,
    );

    await fleet.stop();
    const afterStop = await observe(broker.url, 'after-stop');
    cleanups.push(() => afterStop.client.endAsync());
    for (const cart of carts) {
      const status = await afterStop.waitFor((m) => m.deviceId === cart.deviceId && m.channel === 'status');
      expect(status.retain).toBe(true);
      expect(status.body).toMatchObject({ online: false, ts: expect.any(Number) });
    }
    expect(broker.violations).toEqual([]);
  });

  it('publishes the last will on a lost link and receives commands sent while it was away', async () => {
    const { broker, live, fleet } = await setUp();
    const cart = fleet.cart(third.deviceId)!;
    await live.waitFor(
      (m) => m.deviceId === third.deviceId && m.channel === 'status' && m.body.online === true,
    );

    cart.disconnect();
    const will = await live.waitFor(
      (m) => m.deviceId === third.deviceId && m.channel === 'status' && m.body.online === false,
    );
    expect(will.body).toEqual({ online: false });
    expect(cart.connected).toBe(false);

    // Sent while the cart is away: the broker keeps it in the cart's persistent session.
    const unlock = newCommand({ name: 'unlock' });
    await sendCommand(live.client, third.deviceId, unlock);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(live.received.some((m) => m.channel === 'ack' && m.body.id === unlock.id)).toBe(false);

    const onlineBefore = live.received.filter(
      (m) => m.deviceId === third.deviceId && m.body.online === true,
    ).length;
    cart.reconnect();
    const ack = await live.waitFor((m) => m.channel === 'ack' && m.body.id === unlock.id);
    expect(ack.body).toMatchObject({ ok: true });
    await expect
      .poll(() => live.received.filter((m) => m.deviceId === third.deviceId && m.body.online === true).length)
      .toBe(onlineBefore + 1);
    expect(broker.violations).toEqual([]);
  });

  it('reboots on code 3: acks, drops the link, and comes back with its uptime reset', async () => {
    const { live, fleet } = await setUp();
    const reboot = newCommand({ name: 'ping', code: 3 });
    await sendCommand(live.client, first.deviceId, reboot);
    expect((await live.waitFor((m) => m.channel === 'ack' && m.body.id === reboot.id)).body).toMatchObject({
      ok: true,
      result: { rebooting: true },
    });
    await live.waitFor(
      (m) => m.deviceId === first.deviceId && m.channel === 'status' && m.body.online === false,
    );
    const uptimeBefore = fleet.cart(second.deviceId)!.state.uptimeS;
    expect(uptimeBefore).toBeGreaterThan(600);
    const since = live.received.length;
    const back = await live.waitFor(
      (m) => live.received.indexOf(m) >= since && m.deviceId === first.deviceId && m.channel === 'telemetry',
      12_000,
    );
    expect(back.body.uptime).toBeLessThan(15);
  }, 20_000);

  it('reconnects with backoff after the broker restarts, and loses no command sent meanwhile', async () => {
    const broker = await startBroker(secrets);
    const fleet = await startFleet({
      url: broker.url,
      carts: [first],
      course: DEMO_COURSE,
      activity: 0,
      seed: 2,
      logger: silentLogger,
    });
    const cart = fleet.cart(first.deviceId)!;
    expect(cart.connected).toBe(true);
    await broker.close();
    await expect.poll(() => cart.connected).toBe(false);

    // The same persistence stands in for a broker that keeps sessions on disk across restarts.
    const restarted = await startBroker(secrets, persistenceOf(broker.broker), broker.port);
    cleanups.push(restarted.close);
    cleanups.push(() => fleet.stop());
    const server = await connectAsync(restarted.url, { ...SERVER, clientId: 'server-restart' });
    cleanups.push(() => server.endAsync());
    const acks: Record<string, unknown>[] = [];
    server.on('message', (_topic, payload) => acks.push(JSON.parse(payload.toString())));
    await server.subscribeAsync(allDevicesTopic('ack'), { qos: 1 });
    const ping = newCommand({ name: 'ping', code: 2 });
    await sendCommand(server, first.deviceId, ping);

    await expect.poll(() => cart.connected, { timeout: 8_000 }).toBe(true);
    await expect
      .poll(() => acks.find((ack) => ack.id === ping.id), { timeout: 5_000 })
      .toMatchObject({ ok: true });
    expect(restarted.violations).toEqual([]);
  }, 20_000);
});
