import { COMMAND_CODES, type CommandMessage, type ConfigMessage } from '@fairway/domain';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { FACTORY_SETTINGS } from './config';
import { DEMO_COURSE } from './courses';
import { startFleet, type FleetCart } from './fleet';
import { silentLogger } from './logger';
import { newCommand, observe, publishConfig, sendCommand, type Received } from './mqtt.test-support';
import { startBroker } from './broker.test-support';

const config = (version: number, zones: ConfigMessage['zones'] = []): ConfigMessage => ({
  version,
  issuedAt: Date.now(),
  settings: { ...FACTORY_SETTINGS, timezone: DEMO_COURSE.timezone, wifiSSID: 'OldCourse-Carts' },
  codes: [],
  zones,
});

/** A restriction zone of about 60 m × 110 m north of the barn (which it does not cover). */
const [barnLat, barnLng] = DEMO_COURSE.barn;
const pond: ConfigMessage['zones'][number] = {
  id: 'pond',
  type: 'restriction',
  ring: [
    [barnLng, barnLat + 0.002],
    [barnLng + 0.001, barnLat + 0.002],
    [barnLng + 0.001, barnLat + 0.003],
    [barnLng, barnLat + 0.003],
    [barnLng, barnLat + 0.002],
  ],
};

describe('a cart obeying the server over MQTT (Aedes)', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    cleanups.length = 0;
  });

  async function setUp() {
    const cart: FleetCart = { deviceId: randomUUID(), secret: randomUUID(), carNumber: '7' };
    const broker = await startBroker(new Map([[cart.deviceId, cart.secret]]));
    cleanups.push(broker.close);
    const live = await observe(broker.url, 'live');
    cleanups.push(() => live.client.endAsync());
    const fleet = await startFleet({
      url: broker.url,
      carts: [cart],
      course: DEMO_COURSE,
      activity: 0, // parked and locked in the barn: commands meet a known state
      seed: 3,
      // Reboots and modem restarts take a twentieth of their simulated seconds.
      timeScale: 20,
      logger: silentLogger,
    });
    cleanups.push(() => fleet.stop());
    const handle = fleet.cart(cart.deviceId)!;
    const { deviceId } = cart;
    const mine = (channel: string) => (m: Received) => m.deviceId === deviceId && m.channel === channel;
    const send = async (fields: Pick<CommandMessage, 'name'> & Partial<CommandMessage>) => {
      const command = newCommand(fields);
      await sendCommand(live.client, deviceId, command);
      return command;
    };
    const ackOf = async (command: CommandMessage, timeoutMs?: number) =>
      live.waitFor((m) => mine('ack')(m) && m.body.id === command.id, timeoutMs);
    const acksOf = (command: CommandMessage) =>
      live.received.filter((m) => mine('ack')(m) && m.body.id === command.id);
    await live.waitFor(mine('telemetry'));
    return { broker, live, handle, deviceId, mine, send, ackOf, acksOf };
  }

  it('answers every admin code 1–11 with its effect, and refuses an unknown code', async () => {
    const { broker, live, handle, deviceId, mine, send, ackOf } = await setUp();
    handle.setAckDelay(0);
    await publishConfig(live.client, deviceId, config(1));
    await live.waitFor((m) => mine('config/ack')(m) && m.body.version === 1);
    const ping = async (code: number) => (await ackOf(await send({ name: 'ping', code }))).body;
    const configAcks = () => live.received.filter(mine('config/ack')).length;

    // 1: re-reads the retained config, which it acks again.
    expect(await ping(COMMAND_CODES.publishSiteSettings)).toMatchObject({
      ok: true,
      result: { configVersion: 1 },
    });
    await expect.poll(configAcks).toBe(2);

    expect(await ping(COMMAND_CODES.ping)).toMatchObject({
      ok: true,
      result: {
        uptime: expect.any(Number),
        firmware: expect.any(String),
        battV: expect.any(Number),
        wifiRssi: expect.any(Number),
      },
    });
    const scan = await ping(COMMAND_CODES.wifiScan);
    expect(scan.result).toMatchObject({
      networks: expect.arrayContaining([
        expect.objectContaining({ ssid: 'OldCourse-Carts', channel: expect.any(Number) }),
      ]),
    });
    const log = await ping(COMMAND_CODES.requestLog);
    expect(log.result).toMatchObject({
      lines: expect.arrayContaining([expect.stringContaining('config v1 applied')]),
    });

    const reports = live.received.length;
    expect(await ping(COMMAND_CODES.resetOdometer)).toMatchObject({ ok: true, result: { odometer: 0 } });
    expect(handle.state.odometerKm).toBe(0);
    await live.waitFor((m) => mine('telemetry')(m) && m.body.odometer === 0, 10_000, reports);

    expect(await ping(COMMAND_CODES.soundDevice)).toMatchObject({ ok: true, result: { soundedMs: 3_000 } });
    expect(handle.state.buzzing).toBe(true);
    expect(await ping(COMMAND_CODES.restartWifi)).toMatchObject({ ok: true, result: { restarted: 'wifi' } });
    expect(await ping(COMMAND_CODES.toggleCatM1)).toMatchObject({ ok: true, result: { catM1: false } });
    expect(handle.state.catM1).toBe(false);
    expect(await ping(77)).toMatchObject({ ok: false, error: 'Unknown command 77' });

    // 9: the modem restarts: the link drops (the last will fires) and comes back; the tracker kept running.
    const beforeModem = live.received.length;
    expect(await ping(COMMAND_CODES.restartModem)).toMatchObject({
      ok: true,
      result: { restarted: 'modem' },
    });
    await live.waitFor((m) => mine('status')(m) && m.body.online === false, 10_000, beforeModem);
    await live.waitFor((m) => mine('status')(m) && m.body.online === true, 10_000, beforeModem);
    const back = await live.waitFor(mine('telemetry'), 10_000, beforeModem);
    expect(back.body.uptime).toBeGreaterThan(600);
    expect(broker.violations).toEqual([]);
  });

  it('acks after a realistic delay, runs each id once, refuses expired commands and drops or fails on request', async () => {
    const { live, handle, mine, send, ackOf, acksOf } = await setUp();

    const unlock = await send({ name: 'unlock' });
    const sentAt = Date.now();
    const ack = await ackOf(unlock);
    expect(ack.body).toMatchObject({ ok: true });
    expect(ack.at - sentAt).toBeGreaterThanOrEqual(150);
    expect(handle.state.lock).toBe(0);
    // The new state is reported right away, not at the next (15 s) standing report.
    const report = await live.waitFor((m) => mine('telemetry')(m) && m.body.lock === 0, 10_000);
    expect(report.at - ack.at).toBeLessThan(500);

    // A redelivery (QoS 1 is at least once) is neither run nor answered again.
    handle.setAckDelay(0);
    await sendCommand(live.client, handle.deviceId, unlock);
    await sendCommand(live.client, handle.deviceId, unlock);
    const expired = await send({
      name: 'lock',
      issuedAt: Date.now() - 60_000,
      expiresAt: Date.now() - 30_000,
    });
    expect((await ackOf(expired)).body).toMatchObject({ ok: false, error: 'expired' });
    expect(acksOf(unlock)).toHaveLength(1);
    expect(handle.state.lock).toBe(0);

    handle.dropNextAcks(1);
    const dropped = await send({ name: 'lock' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(acksOf(dropped)).toHaveLength(0);
    expect(handle.state.lock).toBe(0);

    handle.failNextAcks(1);
    expect((await ackOf(await send({ name: 'lock' }))).body).toMatchObject({
      ok: false,
      error: 'simulated failure',
    });
    expect((await ackOf(await send({ name: 'lock' }))).body).toMatchObject({ ok: true });
    expect(handle.state.lock).toBe(1);
  });

  it('reboots (code 3): acks, drops without DISCONNECT, comes back with uptime 0 and acks its retained config', async () => {
    const { broker, live, handle, deviceId, mine, send, ackOf } = await setUp();
    handle.setAckDelay(0);
    await publishConfig(live.client, deviceId, config(2));
    await live.waitFor((m) => mine('config/ack')(m) && m.body.version === 2);

    const since = live.received.length;
    expect((await ackOf(await send({ name: 'ping', code: COMMAND_CODES.reboot }))).body).toMatchObject({
      ok: true,
      result: { rebooting: true },
    });
    const will = await live.waitFor((m) => mine('status')(m) && m.body.online === false, 10_000, since);
    expect(will.body).toEqual({ online: false });
    const back = live.received.indexOf(will);
    const online = await live.waitFor((m) => mine('status')(m) && m.body.online === true, 10_000, back);
    expect(online.body).toMatchObject({ configVersion: 2 });
    // (QoS 0 telemetry may overtake the QoS 1 status while the client resends its session's messages.)
    expect((await live.waitFor(mine('telemetry'), 10_000, back)).body.uptime).toBe(0);
    await live.waitFor((m) => mine('config/ack')(m) && m.body.version === 2, 10_000, since);
    expect(handle.state.configVersion).toBe(2);
    expect(broker.violations).toEqual([]);
  });

  it('resets (code 4): like a reboot, and applies the retained config afresh', async () => {
    const { live, handle, deviceId, mine, send, ackOf } = await setUp();
    handle.setAckDelay(0);
    await publishConfig(live.client, deviceId, config(5));
    await live.waitFor((m) => mine('config/ack')(m) && m.body.version === 5);

    const since = live.received.length;
    expect((await ackOf(await send({ name: 'ping', code: COMMAND_CODES.reset }))).body).toMatchObject({
      ok: true,
      result: { resetting: true },
    });
    await live.waitFor((m) => mine('status')(m) && m.body.online === false, 10_000, since);
    // Back online: it announces version 0 (its state wiped) unless the retained config, which the broker
    // sends as it subscribes, was applied before the announcement went out; either order is a reboot.
    await live.waitFor(
      (m) => mine('status')(m) && m.body.online === true && [0, 5].includes(m.body.configVersion as number),
      10_000,
      since,
    );
    await live.waitFor((m) => mine('config/ack')(m) && m.body.version === 5, 10_000, since);
    await live.waitFor(
      (m) => mine('status')(m) && m.body.online === true && m.body.configVersion === 5,
      10_000,
      since,
    );
    expect(handle.state.configVersion).toBe(5);
  });

  it('reports entering and leaving a zone of its config, and buzzes inside a restriction zone', async () => {
    const { broker, live, handle, deviceId, mine } = await setUp();
    await publishConfig(live.client, deviceId, config(1, [pond]));
    await live.waitFor((m) => mine('config/ack')(m) && m.body.version === 1);

    handle.moveTo(barnLat + 0.0025, barnLng + 0.0005);
    const enter = await live.waitFor((m) => mine('event')(m) && m.body.type === 'zone_enter');
    expect(enter.body).toMatchObject({
      id: expect.any(String),
      ts: expect.any(Number),
      data: { zoneId: 'pond', zoneType: 'restriction' },
    });
    expect(handle.state).toMatchObject({ zoneIds: ['pond'], buzzing: true });
    await live.waitFor(
      (m) => mine('telemetry')(m) && m.body.lat === Math.round((barnLat + 0.0025) * 1e6) / 1e6,
    );

    handle.moveTo(barnLat + 0.0035, barnLng + 0.0005);
    const exit = await live.waitFor((m) => mine('event')(m) && m.body.type === 'zone_exit');
    expect(exit.body).toMatchObject({ data: { zoneId: 'pond', zoneType: 'restriction' } });
    expect(handle.state).toMatchObject({ zoneIds: [], buzzing: false });
    expect(broker.violations).toEqual([]);
  });
});
