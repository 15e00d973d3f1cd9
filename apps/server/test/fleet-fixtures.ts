/**
 * Test fixtures for the device side (broker, gateway, realtime tests): real carts as MQTT clients with
 * their own credentials, registered over the admin API so an external broker (Mosquitto + dynsec) learns
 * them too, and real Socket.IO clients. Only tests import this file.
 */
import { nextPush } from './socket-push';
import {
  deviceTopic,
  type AckMessage,
  type CartView,
  type ServerToClientEvents,
  type TelemetryMessage,
} from '@fairway/domain';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { io as connectSocketIo, type Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { devices, type DeviceRow } from '../src/db/tables/devices';
import { platformSecret } from '../src/modules/platform/platform.service';
import type { Runtime } from '../src/runtime';

/** A cart as stored, to emit as a `device.updated` domain event (what the services emit). */
export async function storedCart(rt: Runtime, deviceId: string): Promise<DeviceRow> {
  const [row] = await rt.ctx.db.select().from(devices).where(eq(devices.id, deviceId));
  if (!row) throw new Error(`no cart ${deviceId}`);
  return row;
}

export interface TestDevice {
  deviceId: string;
  secret: string;
}

const json = (res: { statusCode: number; body: string }) => {
  if (res.statusCode >= 300) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
  return JSON.parse(res.body) as unknown;
};

/** Registers a tracker as a superadmin would (POST /api/admin/devices); it lands in the staging site. */
export async function registerDevice(
  rt: Runtime,
  superadminToken: string,
  serial = uniqueSerial(),
): Promise<TestDevice> {
  const res = await rt.app.inject({
    method: 'POST',
    url: '/api/admin/devices',
    headers: { authorization: `Bearer ${superadminToken}` },
    payload: { serial },
  });
  const body = json(res) as { _id: string; secret: string };
  return { deviceId: body._id, secret: body.secret };
}

/** Moves devices into a site (PATCH /api/admin/devices), as a superadmin does after registration. */
export async function moveDevices(
  rt: Runtime,
  superadminToken: string,
  ids: string[],
  siteId: string,
): Promise<void> {
  json(
    await rt.app.inject({
      method: 'PATCH',
      url: '/api/admin/devices',
      headers: { authorization: `Bearer ${superadminToken}` },
      payload: { ids, updateData: { siteID: siteId } },
    }),
  );
}

let serials = 0;
export const uniqueSerial = () => `TEST-${process.pid}-${Date.now().toString(36)}-${++serials}`;

/** The last will every cart sets: retained `{ online: false }` on its own status topic. */
export const willOf = (deviceId: string): NonNullable<IClientOptions['will']> => ({
  topic: deviceTopic(deviceId, 'status'),
  payload: Buffer.from(JSON.stringify({ online: false })),
  qos: 1,
  retain: true,
});

/** Connects as a cart (username = client id = device id); rejects with the CONNACK error when refused. */
export function connectDevice(
  url: string,
  device: TestDevice,
  options: IClientOptions = {},
): Promise<MqttClient> {
  return mqtt.connectAsync(
    url,
    {
      username: device.deviceId,
      password: device.secret,
      clientId: device.deviceId,
      reconnectPeriod: 0,
      connectTimeout: 5_000,
      will: willOf(device.deviceId),
      ...options,
    },
    false,
  );
}

/** The CONNACK return code a connection attempt ends with: 0 accepted, 5 not authorized, … */
export async function connackCode(url: string, options: IClientOptions): Promise<number> {
  try {
    const client = await mqtt.connectAsync(
      url,
      { reconnectPeriod: 0, connectTimeout: 5_000, ...options },
      false,
    );
    await client.endAsync();
    return 0;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'number') return code;
    throw error;
  }
}

/** The granted QoS of one subscription; 128 (0x80) when the broker refused it. */
export async function grantedQos(client: MqttClient, topic: string): Promise<number> {
  try {
    const [grant] = await client.subscribeAsync(topic, { qos: 1 });
    return grant?.qos ?? 128;
  } catch (error) {
    const granted = (error as { packet?: { granted?: number[] } }).packet?.granted;
    if (granted) return granted[0] ?? 128;
    throw error;
  }
}

export const publishJson = (
  client: MqttClient,
  topic: string,
  payload: unknown,
  options: { qos?: 0 | 1; retain?: boolean } = {},
) =>
  client.publishAsync(topic, JSON.stringify(payload), {
    qos: options.qos ?? 0,
    retain: options.retain ?? false,
  });

export function telemetry(overrides: Partial<TelemetryMessage> = {}): TelemetryMessage {
  return {
    ts: Date.now(),
    lat: 56.3498,
    lng: -2.8135,
    speed: 12.5,
    heading: 90,
    gpsLock: 9,
    lock: 0,
    key: '0',
    keyAlarm: '0',
    battV: 50.2,
    charging: false,
    odometer: 1234.5,
    conType: 'G',
    csq: 21,
    uptime: 3600,
    temp: 31,
    ...overrides,
  };
}

/**
 * A client with the server's own credentials (on an external broker, the suite's), to see what the broker
 * routes. The caller ends it.
 */
export async function serverObserver(rt: Runtime): Promise<MqttClient> {
  const { MQTT_URL, MQTT_USERNAME, MQTT_PASSWORD } = rt.ctx.config;
  return mqtt.connectAsync(rt.mqttUrl, {
    username: MQTT_URL ? MQTT_USERNAME : 'fairway-server',
    password: MQTT_URL ? MQTT_PASSWORD : await platformSecret(rt.ctx.db, 'mqtt-server-password'),
    clientId: `observer-${process.pid}-${Date.now()}`,
    reconnectPeriod: 0,
  });
}

/**
 * A commands sink (`rt.deviceMessages.attach`) that fails as node-postgres does while PostgreSQL is stopped,
 * `failures` times, and then stores the acknowledgement with `store`.
 */
export function ackSinkAfterOutage(failures: number, store: (ack: AckMessage) => void) {
  let tries = 0;
  return {
    tries: () => tries,
    commandAck: (_deviceId: string, ack: AckMessage) => {
      tries += 1;
      if (tries <= failures)
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      store(ack);
    },
  };
}

/** Polls `probe` until it returns something other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`condition not met within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export type TestSocket = Socket<ServerToClientEvents>;

/** A browser's Socket.IO client, connected (or refused: the promise rejects with the server's reason). */
export function connectSocket(rt: Runtime, token: string | undefined): Promise<TestSocket> {
  const socket: TestSocket = connectSocketIo(rt.url, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    auth: token === undefined ? {} : { token },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Emits a client event and resolves with its acknowledgement. */
export function request<T = undefined>(
  socket: TestSocket,
  event: 'join:site' | 'leave:site' | 'get:site:devices',
  siteId: string,
): Promise<{ ok: true; data: T } | { ok: false; message: string }> {
  // The untyped view of the socket: the shared event map types acks as optional trailing callbacks.
  return (socket as Socket).timeout(5_000).emitWithAck(event, siteId) as Promise<
    { ok: true; data: T } | { ok: false; message: string }
  >;
}

/**
 * Calls `listener` with every cart view the socket is pushed, one by one out of its `device:updates`
 * batches; returns the function that stops listening.
 */
export function onCartUpdates(socket: TestSocket, listener: (view: CartView) => void): () => void {
  const onBatch = ({ devices: views }: { siteId: string; devices: CartView[] }) => views.forEach(listener);
  socket.on('device:updates', onBatch);
  return () => void socket.off('device:updates', onBatch);
}

/** The next pushed view of one cart (in a `device:updates` batch) that `until` accepts. */
export const nextUpdate = (
  socket: TestSocket,
  deviceId: string,
  until: (view: CartView) => boolean = () => true,
  timeoutMs = 5_000,
): Promise<CartView> => {
  const listeners = new Map<(view: CartView) => void, () => void>();
  const perCart = {
    on: (_event: 'device:updates', listener: (view: CartView) => void) =>
      listeners.set(listener, onCartUpdates(socket, listener)),
    off: (_event: 'device:updates', listener: (view: CartView) => void) => listeners.get(listener)?.(),
  };
  return nextPush(perCart, 'device:updates', deviceId, until, timeoutMs);
};
