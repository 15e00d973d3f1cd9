import {
  parseDeviceTopic,
  TOPIC_ROOT,
  deviceTopic,
  type CommandMessage,
  type ConfigMessage,
} from '@fairway/domain';
import { randomUUID } from 'node:crypto';
import { connectAsync, type MqttClient } from 'mqtt';

/** The server side's own broker login in these tests. */
export const SERVER = { username: 'server', password: 'server-secret' };

export interface Received {
  deviceId: string;
  channel: string;
  body: Record<string, unknown>;
  retain: boolean;
  /** when the observer received it (ms) */
  at: number;
}

/** The server's view: every device message, parsed. */
export async function observe(url: string, name: string) {
  const received: Received[] = [];
  const client = await connectAsync(url, { ...SERVER, clientId: `server-${name}`, reconnectPeriod: 200 });
  client.on('message', (topic, payload, packet) => {
    const parsed = parseDeviceTopic(topic);
    if (!parsed) return;
    received.push({ ...parsed, body: JSON.parse(payload.toString()), retain: packet.retain, at: Date.now() });
  });
  await client.subscribeAsync(`${TOPIC_ROOT}/+/#`, { qos: 1 });
  /** The first message (from index `from` of `received` on) that matches, waiting for it if need be. */
  const waitFor = async (
    predicate: (message: Received) => boolean,
    timeoutMs = 5_000,
    from = 0,
  ): Promise<Received> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = received.slice(from).find(predicate);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No matching message within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { client, received, waitFor };
}

export const newCommand = (
  fields: Pick<CommandMessage, 'name'> & Partial<CommandMessage>,
): CommandMessage => ({
  id: randomUUID(),
  issuedAt: Date.now(),
  expiresAt: Date.now() + 30_000,
  ...fields,
});

export async function sendCommand(
  client: MqttClient,
  deviceId: string,
  command: CommandMessage,
): Promise<void> {
  await client.publishAsync(deviceTopic(deviceId, 'command'), JSON.stringify(command), { qos: 1 });
}

/** Publishes a cart's config as the server does: retained, QoS 1. */
export async function publishConfig(
  client: MqttClient,
  deviceId: string,
  config: ConfigMessage,
): Promise<void> {
  await client.publishAsync(deviceTopic(deviceId, 'config'), JSON.stringify(config), {
    qos: 1,
    retain: true,
  });
}
