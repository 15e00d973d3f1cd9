import { allDevicesTopic, deviceTopic, type ConfigMessage } from '@fairway/domain';
import { randomUUID } from 'node:crypto';
import { connectAsync } from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { FACTORY_SETTINGS } from './config';
import { DEMO_COURSE } from './courses';
import { startFleet, type Fleet, type FleetCart } from './fleet';
import { silentLogger } from './logger';
import { newCommand, observe, sendCommand, SERVER } from './mqtt.test-support';
import { persistenceOf, startBroker } from './broker.test-support';

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

    // A duplicate delivery is neither executed nor answered again.
    await sendCommand(live.client, first.deviceId, unlock);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(live.received.filter((m) => m.channel === 'ack' && m.body.id === unlock.id)).toHaveLength(1);

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
