import { hostname } from 'node:os';
import {
  CHANNEL_QOS,
  DEVICE_PUBLISHES,
  allDevicesTopic,
  deviceTopic,
  type CommandMessage,
  type ConfigMessage,
} from '@fairway/domain';
import type { IPublishPacket, MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import type { DomainEventBus } from '../../lib/events';
import { toCartView } from '../../modules/devices/devices.presenter';
import { changeFromConfigAck, changeFromStatus, changeFromTelemetry, positionOf } from './device-change';
import { poolOf, writeDeviceStates } from './device-state-sql';
import {
  DeviceStateWriter,
  type DeviceStateWriterOptions,
  type DeviceStateWriterStats,
} from './device-state-writer';
import { parseInbound, type InboundMessage } from './inbound-message';
import type { DeviceMessageHandlers, HandledChannel } from './message-handlers';
import { connectServerClient } from './server-connection';

export interface DeviceGatewayOptions {
  url: string;
  username: string;
  password: string;
  db: Db;
  bus: DomainEventBus;
  log: Logger;
  /**
   * Stable per server instance, so the broker keeps this instance's session across restarts. Two
   * instances must not share it (each would keep taking the session from the other).
   * Default `{username}-{hostname}`.
   */
  clientId?: string;
  /** Shared-subscription group of all server instances (default 'fairway'). */
  shareGroup?: string;
  writer?: Partial<DeviceStateWriterOptions>;
  handlers?: Partial<DeviceMessageHandlers>;
}

export interface DeviceGatewayStats {
  received: number;
  invalid: number;
  sharedSubscriptions: boolean;
  writer: DeviceStateWriterStats;
}

export interface DeviceGateway {
  /** The server's MQTT client: commands and configs are published through it, dynsec commands too. */
  client: MqttClient;
  connected(): boolean;
  /** Plugs a service into a control channel (replaces the previous handler of that channel). */
  handle<C extends HandledChannel>(channel: C, handler: DeviceMessageHandlers[C]): void;
  /** Publishes a command (QoS 1, not retained); resolves when the broker has taken it (PUBACK). */
  sendCommand(deviceId: string, command: CommandMessage): Promise<void>;
  /** Publishes a cart's config retained with QoS 1: a cart that is offline gets it when it reconnects. */
  sendConfig(deviceId: string, config: ConfigMessage): Promise<void>;
  stats(): DeviceGatewayStats;
  /** Disconnects (the session and its subscriptions stay for the next start), then flushes pending state. */
  close(): Promise<void>;
}

/**
 * The device side of the server: one MQTT client subscribed to every cart's outbound channels (through a
 * `$share` group when the broker offers it, so several instances split the traffic), which validates each
 * message against the protocol schemas, batches state into PostgreSQL and announces every stored change as
 * a `device.updated` domain event.
 */
export async function startDeviceGateway(options: DeviceGatewayOptions): Promise<DeviceGateway> {
  const log = options.log.child({ part: 'device-gateway' });
  const { bus } = options;
  const handlers: Partial<DeviceMessageHandlers> = { ...options.handlers };
  const counters = { received: 0, invalid: 0 };

  const pool = poolOf(options.db);
  const writer = new DeviceStateWriter(
    (changes, positions) => writeDeviceStates(pool, changes, positions),
    log,
    (rows) => {
      const now = Date.now();
      for (const row of rows) bus.emit('device.updated', toCartView(row, now));
    },
    options.writer,
  );

  const { client, sharedSubscriptions } = await connectServerClient({
    url: options.url,
    username: options.username,
    password: options.password,
    clientId: options.clientId ?? `${options.username}-${hostname()}`,
    log,
    prepare: (mqttClient) => mqttClient.on('message', onMessage),
  });
  const shareGroup = options.shareGroup ?? 'fairway';
  const subscriptions = Object.fromEntries(
    DEVICE_PUBLISHES.map((channel) => {
      const topic = allDevicesTopic(channel);
      return [sharedSubscriptions ? `$share/${shareGroup}/${topic}` : topic, { qos: CHANNEL_QOS[channel] }];
    }),
  );

  const subscribe = async () => {
    try {
      const granted = await client.subscribeAsync(subscriptions);
      const refused = granted.filter((grant) => grant.qos >= 0x80).map((grant) => grant.topic);
      if (refused.length > 0)
        log.error({ refused }, 'broker refused the gateway subscriptions: devices will not be heard');
    } catch (error) {
      log.error({ err: error }, 'subscribing to the device topics failed');
    }
  };

  function onMessage(topic: string, payload: Buffer, packet: IPublishPacket) {
    counters.received += 1;
    const parsed = parseInbound(topic, payload);
    if (!parsed.ok) {
      counters.invalid += 1;
      log.debug({ topic, error: parsed.error }, 'invalid device message ignored');
      return;
    }
    if (parsed.inbound) dispatch(parsed.inbound, packet.retain === true);
  }

  function dispatch(inbound: InboundMessage, retained: boolean) {
    const receivedAt = Date.now();
    const { deviceId } = inbound;
    switch (inbound.channel) {
      case 'telemetry':
        writer.enqueue(
          changeFromTelemetry(deviceId, inbound.message, receivedAt),
          positionOf(deviceId, inbound.message),
        );
        return;
      case 'status':
        writer.enqueue(changeFromStatus(deviceId, inbound.message, receivedAt, retained));
        return;
      case 'config/ack': {
        log.info({ deviceId, config: inbound.message }, 'config acknowledged');
        const change = changeFromConfigAck(deviceId, inbound.message);
        if (change) writer.enqueue(change);
        callHandler('config/ack', deviceId, inbound.message);
        return;
      }
      case 'ack':
        log.info({ deviceId, ack: inbound.message }, 'command acknowledged');
        callHandler('ack', deviceId, inbound.message);
        return;
      case 'event':
        log.info({ deviceId, event: inbound.message }, 'device event');
        callHandler('event', deviceId, inbound.message);
        return;
    }
  }

  function callHandler<C extends HandledChannel>(
    channel: C,
    deviceId: string,
    message: Parameters<DeviceMessageHandlers[C]>[1],
  ) {
    const handler = handlers[channel] as
      ((id: string, m: typeof message) => void | Promise<void>) | undefined;
    if (!handler) return;
    Promise.resolve()
      .then(() => handler(deviceId, message))
      .catch((error: unknown) =>
        log.error({ err: error, channel, deviceId }, 'device message handler failed'),
      );
  }

  // A broker that lost our session (restart without persistence, expiry) forgot the subscriptions too.
  client.on('connect', (connack) => {
    if (!connack.sessionPresent) void subscribe();
  });
  await subscribe();
  log.info({ url: options.url, sharedSubscriptions }, 'device gateway connected');

  return {
    client,
    connected: () => client.connected,
    handle(channel, handler) {
      handlers[channel] = handler;
    },
    async sendCommand(deviceId, command) {
      await client.publishAsync(deviceTopic(deviceId, 'command'), JSON.stringify(command), {
        qos: CHANNEL_QOS.command,
      });
    },
    async sendConfig(deviceId, config) {
      await client.publishAsync(deviceTopic(deviceId, 'config'), JSON.stringify(config), {
        qos: CHANNEL_QOS.config,
        retain: true,
      });
    },
    stats: () => ({ ...counters, sharedSubscriptions, writer: writer.stats() }),
    async close() {
      // Disconnect first: a QoS 1 message that arrives from now on stays unacknowledged in the session and is
      // redelivered at the next start, instead of being acknowledged and then missing the final flush.
      await client.endAsync();
      await writer.close();
    },
  };
}
