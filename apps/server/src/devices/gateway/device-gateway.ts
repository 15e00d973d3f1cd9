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
import type { DeviceMessageDispatcher } from './device-message-dispatcher';
import type { DeviceStateWriterStats } from './device-state-writer';
import { InOrderPubacks } from './in-order-pubacks';
import { parseInbound } from './inbound-message';
import { connectServerClient } from './server-connection';

/** A message a cart published, as a `DeviceMessageSource` hands it over; `retained`: replayed from the store. */
export type HandedOverMessage = (topic: string, payload: string, retained: boolean) => void;

/**
 * Where carts' messages come from when not over the gateway's MQTT subscription: the embedded broker's
 * thread hands them over in-process (broker/device-handover.ts), in the broker's routing order.
 */
export interface DeviceMessageSource {
  /**
   * Starts handing over what carts publish on the filters, the retained messages on them first; returns
   * the call that stops it.
   */
  listen(filters: string[], receive: HandedOverMessage): () => void;
}

export interface DeviceGatewayOptions {
  url: string;
  username: string;
  password: string;
  /** Where every validated message goes (the one road into the server). */
  dispatcher: DeviceMessageDispatcher;
  log: Logger;
  /**
   * Stable per server instance, so the broker keeps this instance's session across restarts. Two
   * instances must not share it (each would keep taking the session from the other).
   * Default `{username}-{hostname}`.
   */
  clientId?: string;
  /** Shared-subscription group of all server instances (default 'fairway'). */
  shareGroup?: string;
  /** MQTT_SESSION_EXPIRY_SECONDS (default an hour); see `ServerConnectionOptions.sessionExpirySeconds`. */
  sessionExpirySeconds?: number;
  /**
   * Carts' messages handed over in-process instead (the embedded broker): the gateway then subscribes to no
   * device topic over MQTT, and its connections only publish.
   */
  source?: DeviceMessageSource;
}

export interface DeviceGatewayStats {
  /** The receiving connection's MQTT client id: which instance these counters are of. */
  clientId: string;
  received: number;
  invalid: number;
  /** Control messages (ack, config/ack, event) whose handler failed for good (not the database being away). */
  handlerFailures: number;
  sharedSubscriptions: boolean;
  writer: DeviceStateWriterStats;
}

export interface DeviceGateway {
  /**
   * The server's receiving MQTT client (subscribed to the carts' channels); dynsec commands go through it.
   * Commands and configs go out through a second connection of their own (see `startDeviceGateway`), or
   * through this one when the carts' messages are handed over in-process (it then receives nothing).
   */
  client: MqttClient;
  connected(): boolean;
  /**
   * When the gateway last heard from any cart (epoch ms), or when it last (re)connected if it heard nothing
   * since: the health check's measure of a gateway that is connected but deaf.
   */
  lastHeardAt(): number;
  /** Publishes a command (QoS 1, not retained); resolves when the broker has taken it (PUBACK). */
  sendCommand(deviceId: string, command: CommandMessage): Promise<void>;
  /** Publishes a cart's config retained with QoS 1: a cart that is offline gets it when it reconnects. */
  sendConfig(deviceId: string, config: ConfigMessage): Promise<void>;
  stats(): DeviceGatewayStats;
  /** Disconnects (the session and its subscriptions stay for the next start), then flushes pending state. */
  close(): Promise<void>;
}

/**
 * The device side of the server's transport: one MQTT client subscribed to every cart's outbound channels
 * (through a `$share` group when the broker offers it, so several instances split the traffic), which
 * validates each message against the protocol schemas and hands it to the dispatcher, and answers the broker
 * (PUBACK) only once the dispatcher has handled a control message; a second client publishes commands and
 * configs.
 */
/** How long a stopping instance waits for the broker to confirm it left the `$share` group. */
const LEAVE_GROUP_TIMEOUT_MS = 5_000;
/** How long a stop waits for the MQTT connections to end gracefully. */
const END_TIMEOUT_MS = 5_000;

export async function startDeviceGateway(options: DeviceGatewayOptions): Promise<DeviceGateway> {
  const log = options.log.child({ part: 'device-gateway' });
  const { dispatcher } = options;
  const counters = { received: 0, invalid: 0 };
  let lastHeardAt = Date.now();

  /**
   * The control messages being handled, by packet. MQTT.js emits 'message' and then calls `handleMessage`;
   * a QoS 1 message's PUBACK goes out only once it is handled (`InOrderPubacks`), so the broker learns that
   * an ack or event was received only after it is stored, and keeps it for redelivery otherwise.
   */
  const handling = new WeakMap<object, Promise<void>>();
  /**
   * Per cart, the end of its messages still being handled. Different carts' messages are handled side by
   * side; one cart's wait for each other, in arrival order (an acknowledgement, then the report after it, or
   * two commands' answers, must not overtake each other), as when the connection read one at a time.
   */
  const cartTails = new Map<string, Promise<void>>();
  let pubacks!: InOrderPubacks;

  const prepare = (mqttClient: MqttClient) => {
    pubacks = new InOrderPubacks(mqttClient);
    mqttClient.on('message', onMessage);
    mqttClient.handleMessage = (packet, callback) =>
      pubacks.handle(packet as IPublishPacket, handling.get(packet) ?? null, callback);
  };

  const clientId = options.clientId ?? `${options.username}-${hostname()}`;
  const sessionExpirySeconds = options.sessionExpirySeconds ?? 3_600;
  const connection = {
    url: options.url,
    username: options.username,
    password: options.password,
    sessionExpirySeconds,
    log,
  };
  const { source } = options;
  const { client, sharedSubscriptions } = await connectServerClient({ ...connection, clientId, prepare });
  // Commands and configs are published on a connection of their own: a handler that publishes (a code
  // ride whose member ran out of credits sends new configs) waits for the broker's PUBACK, which on the
  // receiving connection would queue behind the very message whose handling is waiting for it. When the
  // carts' messages are handed over in-process, this connection receives none, and publishes itself.
  const publisher = source
    ? client
    : await connectServerClient({
        ...connection,
        clientId: `${clientId}-out`,
        prepare: () => {},
      })
        .then(({ client: out }) => out)
        .catch(async (error: unknown) => {
          await client.endAsync(true);
          throw error;
        });
  const connections = [...new Set([client, publisher])];
  const shareGroup = options.shareGroup ?? 'fairway';
  const subscriptions = Object.fromEntries(
    DEVICE_PUBLISHES.map((channel) => {
      const topic = allDevicesTopic(channel);
      return [sharedSubscriptions ? `$share/${shareGroup}/${topic}` : topic, { qos: CHANNEL_QOS[channel] }];
    }),
  );

  const subscribe = async () => {
    // Handed over in-process, the carts' messages must not come over this connection as well.
    if (source) return;
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
    // The broker's answers to the server's own dynsec commands (`$CONTROL/…`, broker/dynsec-client.ts) arrive
    // on this connection too: no cart spoke, so they count neither as heard nor as an invalid device message.
    if (topic.startsWith('$')) return;
    const pending = receive(topic, payload, packet.retain === true);
    if (pending) handling.set(packet, pending);
  }

  /**
   * One cart's message, from the subscription or a source: parsed, then dispatched after the cart's earlier
   * messages. Answers the handling a PUBACK must wait for, if any.
   */
  function receive(topic: string, payload: Buffer | string, retained: boolean): Promise<void> | null {
    counters.received += 1;
    lastHeardAt = Date.now();
    const parsed = parseInbound(topic, payload);
    if (!parsed.ok) {
      counters.invalid += 1;
      log.debug({ topic, error: parsed.error, bytes: payload.length }, 'invalid device message ignored');
      return null;
    }
    const { inbound } = parsed;
    if (!inbound) return null;
    const meta = { receivedAt: Date.now(), retained };
    const before = cartTails.get(inbound.deviceId);
    // After a rejected handling (the server stopping) nothing more of the cart is handled: the broker keeps it.
    const pending = before
      ? before.then(() => dispatcher.dispatch(inbound, meta) ?? undefined)
      : dispatcher.dispatch(inbound, meta);
    if (!pending) return null;
    cartTails.set(inbound.deviceId, pending);
    const forget = () => {
      if (cartTails.get(inbound.deviceId) === pending) cartTails.delete(inbound.deviceId);
    };
    pending.then(forget, forget);
    return pending;
  }

  // Subscribe again on every (re)connect, whether or not the broker says it kept our session: Mosquitto
  // 2.0.11 reports a persisted session present after a restart but has lost its `$share/…`
  // subscriptions, which left the server connected and deaf (issue 15 item 1). Subscribing again to the
  // same filters is harmless on a broker that did keep them.
  client.on('connect', () => {
    lastHeardAt = Math.max(lastHeardAt, Date.now());
    void subscribe();
  });
  await subscribe();
  // A handed-over message needs no PUBACK from here: the broker acknowledged it to the cart on arrival, as
  // it did when it routed it to this subscription (what a server that stops leaves unhandled is lost with
  // the broker's memory either way). `receive`'s answer is for the subscription's PUBACKs only.
  const stopSource = source?.listen(DEVICE_PUBLISHES.map(allDevicesTopic), (topic, payload, retained) => {
    void receive(topic, payload, retained)?.catch(() => undefined);
  });
  log.info(
    { url: options.url, sharedSubscriptions, handedOver: Boolean(source) },
    'device gateway connected',
  );

  return {
    client,
    connected: () => client.connected && publisher.connected,
    lastHeardAt: () => lastHeardAt,
    async sendCommand(deviceId, command) {
      await publisher.publishAsync(deviceTopic(deviceId, 'command'), JSON.stringify(command), {
        qos: CHANNEL_QOS.command,
      });
    },
    async sendConfig(deviceId, config) {
      await publisher.publishAsync(deviceTopic(deviceId, 'config'), JSON.stringify(config), {
        qos: CHANNEL_QOS.config,
        retain: true,
      });
    },
    stats: () => ({ clientId, ...counters, sharedSubscriptions, ...dispatcher.stats() }),
    async close() {
      // With several instances and no session kept (MQTT_SESSION_EXPIRY_SECONDS=0), what this instance
      // leaves unacknowledged dies with its session: Mosquitto does not hand it to another member. So leave
      // the `$share` group first: the broker routes everything new to the others, and the UNSUBACK comes
      // after every message already sent to us; then wait until each of those is stored and acknowledged.
      // Bounded, so a database that is away cannot hold the stop.
      if (sharedSubscriptions && sessionExpirySeconds === 0 && client.connected) {
        const leave = client.unsubscribeAsync(Object.keys(subscriptions)).catch(() => undefined);
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, LEAVE_GROUP_TIMEOUT_MS)));
        await Promise.race([leave.then(() => pubacks.drained()), timeout]);
        clearTimeout(timer);
      }
      // Disconnect first: a QoS 1 message that arrives from now on stays unacknowledged in the session and is
      // redelivered at the next start, instead of being acknowledged and then missing the final flush.
      stopSource?.();
      dispatcher.stopHandling();
      // Gracefully first (what is in flight gets its PUBACK), but never for long: a publisher with a burst of
      // configs in flight to a broker that just restarted could otherwise hold the stop for minutes. What a
      // forced end drops is sent again: configs at the next start, commands by their owners' retries.
      const ended = Promise.all(connections.map((mqttClient) => mqttClient.endAsync()));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>(
        (resolve) => (timer = setTimeout(() => resolve('late'), END_TIMEOUT_MS)),
      );
      if ((await Promise.race([ended, late])) === 'late') {
        log.warn('the MQTT connections did not end in time: closed without waiting');
        await Promise.all(connections.map((mqttClient) => mqttClient.endAsync(true)));
      }
      clearTimeout(timer);
      await dispatcher.close();
    },
  };
}
