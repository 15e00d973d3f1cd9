import { hostname } from 'node:os';
import { deviceTopic } from '@fairway/domain';
import { count, inArray } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { demoSiteIds, loginAs, startAsSuperadmin, startTestServer } from '../../../test/helpers';
import {
  connectDevice,
  eventually,
  moveDevices,
  publishJson,
  registerDevice,
  telemetry,
  type TestDevice,
} from '../../../test/fleet-fixtures';
import { positions } from '../../db/tables/devices';
import type { Runtime } from '../../runtime';

/**
 * Several instances (issue 22 item 4): each instance's own counters (GET /api/admin/instance), and, against
 * Mosquitto, an instance that stops leaves the `$share` group so the others handle every report.
 * deploy/test/two-instances.ts proves the whole layout (nginx, Redis, kill -9).
 */
let rt: Runtime;
let superadmin: string;
let demoSiteId: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  // The default client id, which every server test file shares: a session of its own would stay in the
  // broker's `$share` group after this file (an hour by default) and take half of the next files' messages.
  ({ rt, superadmin } = await startAsSuperadmin());
  ({ demo: demoSiteId } = await demoSiteIds(rt));
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await rt.stop();
});

interface Stats {
  instance: string;
  sharedSubscriptions: boolean;
  deviceMessages: { received: number; invalid: number; positionsWritten: number };
  jobRuns: Record<string, number>;
}

const stats = async (server: Runtime = rt): Promise<Stats> => {
  const res = await server.app.inject({
    url: '/api/admin/instance',
    headers: { authorization: `Bearer ${superadmin}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json<Stats>();
};

async function reportingCart(): Promise<{ device: TestDevice; client: MqttClient }> {
  const device = await registerDevice(rt, superadmin);
  await moveDevices(rt, superadmin, [device.deviceId], demoSiteId);
  const client = await connectDevice(rt.mqttUrl, device);
  clients.push(client);
  return { device, client };
}

const positionsOf = async (deviceId: string) =>
  (
    await rt.ctx.db
      .select({ n: count() })
      .from(positions)
      .where(inArray(positions.deviceId, [deviceId]))
  )[0]!.n;

describe('GET /api/admin/instance', () => {
  it("answers a superadmin this instance's name and whether the broker splits the traffic", async () => {
    const body = await stats();
    // Default `{MQTT username}-{host name}`: one per host, so each instance on one host sets its own.
    expect(body.instance.endsWith(`-${hostname()}`)).toBe(true);
    expect(body.sharedSubscriptions).toBe(Boolean(process.env.TEST_MQTT_URL));
  });

  it('is for superadmins only', async () => {
    const admin = await loginAs(rt, 'admin@example.com');
    const anonymous = await rt.app.inject({ url: '/api/admin/instance' });
    expect(anonymous.statusCode).toBe(401);
    const siteAdmin = await rt.app.inject({
      url: '/api/admin/instance',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(siteAdmin.statusCode).toBe(403);
  });

  it('counts the device messages this instance received, the invalid ones and the positions it stored', async () => {
    const { device, client } = await reportingCart();
    const before = await stats();
    await publishJson(client, deviceTopic(device.deviceId, 'telemetry'), telemetry({ ts: Date.now() }));
    await publishJson(client, deviceTopic(device.deviceId, 'telemetry'), { lat: 'not a report' });
    const after = await eventually(async () => {
      const now = await stats();
      return now.deviceMessages.positionsWritten > before.deviceMessages.positionsWritten &&
        now.deviceMessages.invalid > before.deviceMessages.invalid
        ? now
        : undefined;
    });
    expect(after.deviceMessages.received - before.deviceMessages.received).toBe(2);
    expect(after.deviceMessages.invalid - before.deviceMessages.invalid).toBe(1);
    expect(after.deviceMessages.positionsWritten - before.deviceMessages.positionsWritten).toBe(1);
  });

  it("does not count the broker's answers to the server's own dynsec commands as device messages", async () => {
    const before = await stats();
    // With Mosquitto, registering a cart is a dynsec command whose answer arrives on the gateway's connection.
    await registerDevice(rt, superadmin);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await stats();
    expect(after.deviceMessages.received).toBe(before.deviceMessages.received);
    expect(after.deviceMessages.invalid).toBe(before.deviceMessages.invalid);
  });

  it('counts the durable job runs this instance made, by kind', async () => {
    const before = await stats();
    const ran = await rt.jobs.runDue(100);
    const after = await stats();
    const delta = Object.entries(after.jobRuns).reduce(
      (sum, [kind, runs]) => sum + runs - (before.jobRuns[kind] ?? 0),
      0,
    );
    expect(delta).toBe(ran);
  });
});

describe('MQTT_SESSION_EXPIRY_SECONDS', () => {
  it('defaults to an hour and takes 0 (several instances)', () => {
    expect(loadConfig({}).MQTT_SESSION_EXPIRY_SECONDS).toBe(3_600);
    expect(loadConfig({ MQTT_SESSION_EXPIRY_SECONDS: '0' }).MQTT_SESSION_EXPIRY_SECONDS).toBe(0);
    expect(() => loadConfig({ MQTT_SESSION_EXPIRY_SECONDS: '-1' })).toThrow(/MQTT_SESSION_EXPIRY_SECONDS/);
  });
});

// Aedes speaks MQTT 3.1.1 without shared subscriptions: only Mosquitto splits the traffic between instances.
describe.runIf(Boolean(process.env.TEST_MQTT_URL))('two instances in the $share group', () => {
  it('a stopping instance leaves the group first: every report sent during and after its stop is stored', async () => {
    const second = await startTestServer({
      // Its own session, which ends with its connection (0): nothing of it stays in the group.
      MQTT_CLIENT_ID: `fairway-instance-test-${process.pid}`,
      MQTT_SESSION_EXPIRY_SECONDS: '0',
    });
    const { device, client } = await reportingCart();
    let stopped: Promise<void> | null = null;
    const sent = 60;
    const start = Date.now();
    for (let i = 0; i < sent; i++) {
      await publishJson(client, deviceTopic(device.deviceId, 'telemetry'), telemetry({ ts: start + i }));
      if (i === 10) stopped = second.stop();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await stopped;
    expect(
      await eventually(async () => ((await positionsOf(device.deviceId)) === sent ? true : undefined)),
    ).toBe(true);
    // The first instance heard some of them before the second left, and all of them after.
    expect((await stats()).deviceMessages.positionsWritten).toBeGreaterThan(0);
  });
});
