import mqtt, { type IClientOptions, type IConnackPacket, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import '../../lib/mqtt-packet-numbers';

export interface ServerConnection {
  client: MqttClient;
  /** MQTT 5 with `$share/…` subscriptions (Mosquitto, EMQX, HiveMQ); false on Aedes, which speaks 3.1.1. */
  sharedSubscriptions: boolean;
}

export interface ServerConnectionOptions {
  url: string;
  username: string;
  password: string;
  clientId: string;
  /**
   * How long the broker keeps this instance's session (and queues its QoS 1 messages) while it is away
   * (MQTT_SESSION_EXPIRY_SECONDS). 0 with several instances: a member of a `$share` group whose session
   * lives on keeps getting its share, so a dead instance's share would be lost until the session expired.
   */
  sessionExpirySeconds: number;
  log: Logger;
  /**
   * Called on the client before it connects. Listeners must be in place by then: a persistent session
   * delivers its queued QoS 1 messages right after the CONNACK, and a message nobody listens to is still
   * acknowledged, so it would be lost.
   */
  prepare(client: MqttClient): void;
}

/** CONNACK "unacceptable protocol version": 1 in MQTT 3.1.1, 132 in MQTT 5. */
const UNSUPPORTED_PROTOCOL = new Set([1, 132]);
const MIN_RECONNECT_MS = 500;
const MAX_RECONNECT_MS = 10_000;
const WARN_EVERY_MS = 30_000;

const ignoreMqttLog = () => {};

/**
 * Connects the server's own client, negotiating the protocol: MQTT 5 first, whose CONNACK says whether
 * shared subscriptions are available; a broker that refuses MQTT 5 (Aedes 1.x) gets MQTT 3.1.1 with plain
 * subscriptions. The session is persistent (clean: false, stable client id; on MQTT 5 for
 * `sessionExpirySeconds`), so QoS 1 status, acks and events sent while this instance restarts are delivered
 * when it is back. Resolves once connected (the
 * server waits for an unreachable broker rather than start deaf); rejects when the broker refuses the
 * server's credentials, which no retry can fix.
 */
export async function connectServerClient(options: ServerConnectionOptions): Promise<ServerConnection> {
  const { url, log } = options;
  const base: IClientOptions = {
    username: options.username,
    password: options.password,
    clientId: options.clientId,
    clean: false,
    keepalive: 30,
    reconnectPeriod: MIN_RECONNECT_MS,
    connectTimeout: 10_000,
    // The gateway subscribes again itself on every (re)connect, with its full set of filters.
    resubscribe: false,
    // MQTT.js logs each packet through `debug` several times, and each call allocates its arguments even when
    // debugging is off (`debug` calls were 5 % of what the main thread allocated per report, bench (a) heap
    // profile). DEBUG=mqttjs* still turns MQTT.js's own log on.
    ...(process.env.DEBUG?.includes('mqttjs') ? {} : { log: ignoreMqttLog }),
  };
  const v5 = await attempt(
    url,
    { ...base, protocolVersion: 5, properties: { sessionExpiryInterval: options.sessionExpirySeconds } },
    options,
  );
  if (v5) return v5;
  log.info({ url }, 'broker does not speak MQTT 5: using MQTT 3.1.1 without shared subscriptions');
  const v4 = await attempt(url, { ...base, protocolVersion: 4 }, options);
  if (!v4) throw new Error(`MQTT broker at ${url} refuses both MQTT 5 and MQTT 3.1.1`);
  return v4;
}

/** Resolves with the connection, or null when the broker refuses this protocol version. */
function attempt(
  url: string,
  options: IClientOptions,
  { log, prepare }: ServerConnectionOptions,
): Promise<ServerConnection | null> {
  return new Promise((resolve, reject) => {
    const client = mqtt.connect(url, { ...options, manualConnect: true });
    prepare(client);
    let lastWarnAt = 0;
    const warn = (error: Error, message: string) => {
      if (Date.now() - lastWarnAt < WARN_EVERY_MS) return;
      lastWarnAt = Date.now();
      log.warn({ err: error, url }, message);
    };
    const onStartError = (error: Error & { code?: number | string }) => {
      if (typeof error.code === 'number' && UNSUPPORTED_PROTOCOL.has(error.code)) {
        client.off('error', onStartError);
        client.end(true, () => resolve(null));
      } else if (typeof error.code === 'number') {
        client.off('error', onStartError);
        client.end(true, () =>
          reject(new Error(`MQTT broker at ${url} refused the server's connection: ${error.message}`)),
        );
      } else {
        // Unreachable for now: MQTT.js keeps retrying.
        warn(error, 'cannot reach the MQTT broker yet, retrying');
      }
    };
    client.on('error', onStartError);
    client.connect();
    client.once('connect', (connack: IConnackPacket) => {
      client.off('error', onStartError);
      // From now on every failure is transient: keep retrying, refused CONNACKs included, with backoff.
      client.on('error', (error) => warn(error, 'MQTT connection error'));
      client.options.reconnectOnConnackError = true;
      client.on('connect', () => (client.options.reconnectPeriod = MIN_RECONNECT_MS));
      // 'close' follows every lost connection and every failed reconnect: each doubles the wait.
      client.on('close', () => {
        client.options.reconnectPeriod = Math.min(
          (client.options.reconnectPeriod ?? MIN_RECONNECT_MS) * 2,
          MAX_RECONNECT_MS,
        );
      });
      resolve({
        client,
        sharedSubscriptions:
          connack.properties?.sharedSubscriptionAvailable !== false && options.protocolVersion === 5,
      });
    });
  });
}
