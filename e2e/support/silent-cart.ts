import type { APIRequestContext } from '@playwright/test';
import { deviceTopic, type TelemetryMessage } from '@fairway/domain';
import mqtt, { type MqttClient } from 'mqtt';
import { ACCOUNTS, DEMO_PASSWORD } from './session';

/**
 * A real tracker on the product's broker that reports like a healthy cart (online, locked, keyless) but
 * never answers a command: the cart a guest pays for that never confirms the unlock. It is registered
 * through the admin API like any new tracker and moved into the demo club, so the server treats it as any
 * other cart; `remove()` takes it off the broker and back to the staging site.
 */
export interface SilentCart {
  deviceId: string;
  carNumber: string;
  /** commands the server sent it (never answered) */
  commands: string[];
  remove(): Promise<void>;
}

const MQTT_URL = `mqtt://localhost:${process.env.E2E_MQTT_PORT ?? '18830'}`;

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

function report(lock: 0 | 1): TelemetryMessage {
  return {
    ts: Date.now(),
    lat: 56.3436,
    lng: -2.8021,
    speed: 0,
    heading: 0,
    gpsLock: 9,
    lock,
    key: '0',
    keyAlarm: '0',
    battV: 50.4,
    charging: false,
    odometer: 321.5,
    conType: 'G',
    csq: 22,
    uptime: 120,
    temp: 18,
  };
}

export async function startSilentCart(request: APIRequestContext, siteId: string): Promise<SilentCart> {
  const { accessToken } = await ok<{ accessToken: string }>(
    await request.post('/api/dashboard/auth/login', {
      data: { email: ACCOUNTS.superadmin, password: DEMO_PASSWORD },
    }),
  );
  const admin = { Authorization: `Bearer ${accessToken}` };
  const serial = `E2E-SILENT-${Date.now().toString(36)}`;
  const device = await ok<{ _id: string; secret: string }>(
    await request.post('/api/admin/devices', { headers: admin, data: { serial } }),
  );
  await ok(
    await request.patch('/api/admin/devices', {
      headers: admin,
      data: { ids: [device._id], updateData: { siteID: siteId } },
    }),
  );
  const carNumber = String(900 + Math.floor(Math.random() * 99));
  await ok(
    await request.patch(`/api/dashboard/devices/${device._id}`, {
      headers: { ...admin, 'site-id': siteId },
      data: { updateData: { carNumber } },
    }),
  );

  const client: MqttClient = await mqtt.connectAsync(MQTT_URL, {
    clientId: device._id,
    username: device._id,
    password: device.secret,
    clean: false,
    protocolVersion: 4,
    will: {
      topic: deviceTopic(device._id, 'status'),
      payload: Buffer.from(JSON.stringify({ online: false })),
      qos: 1,
      retain: true,
    },
  });
  const commands: string[] = [];
  client.on('message', (_topic, payload) => {
    const { id } = JSON.parse(payload.toString()) as { id: string };
    commands.push(id);
  });
  await client.subscribeAsync(deviceTopic(device._id, 'command'), { qos: 1 });
  const publish = (channel: 'status' | 'telemetry', body: unknown, retain = false) =>
    client.publishAsync(deviceTopic(device._id, channel), JSON.stringify(body), {
      qos: channel === 'status' ? 1 : 0,
      retain,
    });
  await publish('status', { online: true, ts: Date.now(), firmware: 'e2e-silent', configVersion: 0 }, true);
  await publish('telemetry', report(1));
  // A healthy cart keeps reporting; this one stays locked because it ignores every command.
  const timer = setInterval(() => void publish('telemetry', report(1)), 5_000);

  return {
    deviceId: device._id,
    carNumber,
    commands,
    async remove() {
      clearInterval(timer);
      await publish('status', { online: false, ts: Date.now() }, true);
      await client.endAsync();
      // Back to the staging site, where new trackers wait: the demo club keeps its own 16 carts for the
      // specs that count them.
      const sites = await ok<Array<{ _id: string; staging: boolean }>>(
        await request.get('/api/admin/sites', { headers: admin }),
      );
      const staging = sites.find((site) => site.staging);
      if (!staging) throw new Error('no staging site to return the tracker to');
      await ok(
        await request.patch('/api/admin/devices', {
          headers: admin,
          data: { ids: [device._id], updateData: { siteID: staging._id } },
        }),
      );
    },
  };
}
