/**
 * A cart for server tests: a real MQTT client with its own credentials that behaves as the protocol
 * says — it reports, obeys lock/unlock, acknowledges commands and configs — and can be told to refuse or
 * to stay silent. Only tests import this file.
 */
import {
  ackMessage,
  commandMessage,
  configMessage,
  deviceTopic,
  type AckMessage,
  type CommandMessage,
  type ConfigMessage,
  type TelemetryMessage,
} from '@fairway/domain';
import type { MqttClient } from 'mqtt';
import type { Runtime } from '../../runtime';
import {
  connectDevice,
  moveDevices,
  publishJson,
  registerDevice,
  telemetry,
  type TestDevice,
} from './fleet-fixtures';

export type AckMode = 'ok' | 'refuse' | 'silent';

export interface TestCart extends TestDevice {
  client: MqttClient | null;
  state: Pick<TelemetryMessage, 'lock' | 'key'>;
  commands: CommandMessage[];
  configs: ConfigMessage[];
  ackMode: AckMode;
  /** Report after acting on a lock command (a real cart does; off proves the server uses the ack). */
  reportAfterCommand: boolean;
  report(overrides?: Partial<TelemetryMessage>): Promise<void>;
  connect(): Promise<void>;
  disconnect(): Promise<void>;
}

export async function startTestCart(
  rt: Runtime,
  superadminToken: string,
  siteId: string,
  initial: Partial<TelemetryMessage> = {},
): Promise<TestCart> {
  const device = await registerDevice(rt, superadminToken);
  await moveDevices(rt, superadminToken, [device.deviceId], siteId);
  const cart: TestCart = {
    ...device,
    client: null,
    state: { lock: initial.lock ?? 1, key: initial.key ?? '0' },
    commands: [],
    configs: [],
    ackMode: 'ok',
    reportAfterCommand: false,
    async report(overrides = {}) {
      if (!cart.client) throw new Error('test cart is not connected');
      await publishJson(
        cart.client,
        deviceTopic(cart.deviceId, 'telemetry'),
        telemetry({ ...initial, ...cart.state, ...overrides }),
      );
    },
    async connect() {
      const client = await connectDevice(rt.mqttUrl, device, { clean: false });
      cart.client = client;
      client.on('message', (topic, payload) => void onMessage(topic, payload));
      await client.subscribeAsync({
        [deviceTopic(cart.deviceId, 'command')]: { qos: 1 },
        [deviceTopic(cart.deviceId, 'config')]: { qos: 1 },
      });
      await publishJson(
        client,
        deviceTopic(cart.deviceId, 'status'),
        { online: true },
        { qos: 1, retain: true },
      );
      await cart.report();
    },
    async disconnect() {
      // Without a clean DISCONNECT the last will marks the cart offline, as when a tracker loses power.
      cart.client?.stream.destroy();
      cart.client?.end(true);
      cart.client = null;
    },
  };

  async function onMessage(topic: string, payload: Buffer) {
    const client = cart.client;
    // An empty payload is a deleted retained message, not a config.
    if (!client || payload.length === 0) return;
    if (topic.endsWith('/config')) {
      const config = configMessage.parse(JSON.parse(payload.toString()));
      cart.configs.push(config);
      await publishJson(
        client,
        deviceTopic(cart.deviceId, 'config/ack'),
        { version: config.version, ok: true, ts: Date.now() },
        { qos: 1 },
      );
      return;
    }
    const command = commandMessage.parse(JSON.parse(payload.toString()));
    cart.commands.push(command);
    if (cart.ackMode === 'silent') return;
    const ack: AckMessage =
      cart.ackMode === 'refuse'
        ? { id: command.id, ok: false, error: 'lock motor jammed', ts: Date.now() }
        : {
            id: command.id,
            ok: true,
            ts: Date.now(),
            ...(command.code === 5 ? { result: { networks: [] } } : {}),
          };
    if (ack.ok && command.name !== 'ping') cart.state.lock = command.name === 'lock' ? 1 : 0;
    if (ack.ok && command.name !== 'ping' && cart.reportAfterCommand) await cart.report();
    await publishJson(client, deviceTopic(cart.deviceId, 'ack'), ackMessage.parse(ack), { qos: 1 });
  }

  await cart.connect();
  return cart;
}
