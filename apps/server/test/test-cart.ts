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
  type EventMessage,
  type TelemetryMessage,
} from '@fairway/domain';
import type { MqttClient } from 'mqtt';
import { decideCode, unlockEventType, type CodeDecision, type CodeEntry } from '@fairway/simulator';
import type { Runtime } from '../src/runtime';
import {
  connectDevice,
  moveDevices,
  publishJson,
  registerDevice,
  telemetry,
  type TestDevice,
} from './fleet-fixtures';

/** How the cart answers a command: at once ('ok', 'refuse'), or only when the test calls `answer` ('silent'). */
export type AckMode = 'ok' | 'refuse' | 'silent';

export interface TestCart extends TestDevice {
  client: MqttClient | null;
  state: Pick<TelemetryMessage, 'lock' | 'key'>;
  commands: CommandMessage[];
  configs: ConfigMessage[];
  ackMode: AckMode;
  /** What an acknowledged ping answers as `result`, by code (a WiFi scan: no networks, unless a test says). */
  pingResults: Record<number, Record<string, unknown>>;
  /** Report after acting on a lock command (a real cart does; off proves the server uses the ack). */
  reportAfterCommand: boolean;
  /**
   * When set, a report with these values and still the old lock state goes out just before the cart acts
   * on a lock/unlock and acknowledges it (a report that was already on its way).
   */
  reportBeforeAck: Partial<TelemetryMessage> | null;
  report(overrides?: Partial<TelemetryMessage>): Promise<void>;
  /** Publishes an event (QoS 1); pass an earlier event's id to play a redelivery. Resolves with it. */
  sendEvent(
    type: EventMessage['type'],
    data: Record<string, unknown>,
    fields?: Partial<Pick<EventMessage, 'id' | 'ts'>>,
  ): Promise<EventMessage>;
  /**
   * A code typed on the keypad or a tag held to the reader, judged like the simulator's firmware against the
   * last config received: a valid one unlocks (the event, then a report with lock 0), anything else sends
   * `code_refused` with the reason and stays locked.
   */
  enterCode(code: string, via: CodeEntry): Promise<CodeDecision>;
  /** Acts on a command it received and acknowledges it, as 'ok' mode does at once (for a 'silent' cart). */
  answer(command: CommandMessage): Promise<void>;
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
    pingResults: { 5: { networks: [] } },
    reportAfterCommand: false,
    reportBeforeAck: null,
    async report(overrides = {}) {
      if (!cart.client) throw new Error('test cart is not connected');
      await publishJson(
        cart.client,
        deviceTopic(cart.deviceId, 'telemetry'),
        telemetry({ ...initial, ...cart.state, ...overrides }),
      );
    },
    async sendEvent(type, data, fields = {}) {
      if (!cart.client) throw new Error('test cart is not connected');
      const event: EventMessage = { id: crypto.randomUUID(), ts: Date.now(), ...fields, type, data };
      await publishJson(cart.client, deviceTopic(cart.deviceId, 'event'), event, { qos: 1 });
      return event;
    },
    async enterCode(code, via) {
      const decision = decideCode(code, via, cart.configs.at(-1)?.codes ?? [], Date.now());
      if (decision.kind === 'refuse') {
        await cart.sendEvent('code_refused', { code, reason: decision.reason });
        return decision;
      }
      cart.state.lock = 0;
      await cart.sendEvent(unlockEventType(via), { code });
      await cart.report();
      return decision;
    },
    answer: (command) => answer(command, 'ok'),
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
    await answer(command, cart.ackMode);
  }

  async function answer(command: CommandMessage, mode: 'ok' | 'refuse') {
    const client = cart.client;
    if (!client) throw new Error('test cart is not connected');
    if (cart.reportBeforeAck && command.name !== 'ping') await cart.report(cart.reportBeforeAck);
    const ack: AckMessage =
      mode === 'refuse'
        ? { id: command.id, ok: false, error: 'lock motor jammed', ts: Date.now() }
        : {
            id: command.id,
            ok: true,
            ts: Date.now(),
            ...(command.name === 'ping' && cart.pingResults[command.code ?? 2]
              ? { result: cart.pingResults[command.code ?? 2] }
              : {}),
          };
    if (ack.ok && command.name !== 'ping') cart.state.lock = command.name === 'lock' ? 1 : 0;
    if (ack.ok && command.name !== 'ping' && cart.reportAfterCommand) await cart.report();
    await publishJson(client, deviceTopic(cart.deviceId, 'ack'), ackMessage.parse(ack), { qos: 1 });
  }

  await cart.connect();
  return cart;
}
