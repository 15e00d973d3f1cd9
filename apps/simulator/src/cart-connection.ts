import {
  CHANNEL_QOS,
  deviceTopic,
  DEVICE_SUBSCRIBES,
  parseDeviceTopic,
  type DeviceChannel,
} from '@fairway/domain';
import { connect, Store, type IClientOptions, type MqttClient } from 'mqtt';
import type { Logger } from './logger';
import type { Random } from './random';

export type InboundChannel = (typeof DEVICE_SUBSCRIBES)[number];

export interface CartConnectionOptions {
  url: string;
  deviceId: string;
  secret: string;
  /** the device's last will payload, published retained by the broker when the link dies */
  willPayload: string;
  random: Random;
  logger: Logger;
  clock: () => number;
  /** a JSON payload arrived on `command` or `config` (not yet validated) */
  onMessage(channel: InboundChannel, payload: unknown): void;
  /** the broker accepted the connection and the subscriptions are in place or kept by the session */
  onConnected(): void;
  onDisconnected(): void;
}

/**
 * How the link is doing: `waiting` counts down to the next attempt (driven by the fleet's shared tick,
 * not a timer per cart); `suspended` is a simulated outage that only `resume()` ends.
 */
export type LinkState = 'idle' | 'connecting' | 'connected' | 'waiting' | 'suspended' | 'closed';

/** Keepalive in seconds: a dead link is noticed (and the last will published) within ~1.5× this. */
export const KEEPALIVE_S = 30;
const CONNECT_TIMEOUT_MS = 10_000;
const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** How long a clean shutdown waits for the broker before it just closes the socket. */
const CLOSE_TIMEOUT_MS = 5_000;

/** `promise`, or `fallback` if it has not settled within `ms`. */
function withTimeout<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * One cart's MQTT session: its own credentials (username and clientId = device id, password = secret),
 * a persistent session (clean: false) with QoS 1 subscriptions, so commands sent while the link was down
 * are delivered when it comes back, and a retained `{online:false}` last will on `status`.
 * Reconnection is ours, not mqtt.js's fixed-period timer: exponential backoff with jitter, so a
 * restarted broker is not hit by every cart in the same second.
 */
export class CartConnection {
  private readonly options: CartConnectionOptions;
  private readonly client: MqttClient;
  // Our own stores that outlive reconnects: QoS 1 messages in flight are resent on the next session.
  private readonly stores = {
    incomingStore: new Store({ clean: false }),
    outgoingStore: new Store({ clean: false }),
  };
  private linkState: LinkState = 'idle';
  /** subscribe on the next connection even when the broker kept the session (after a reboot) */
  private subscribeOnConnect = false;
  private attempts = 0;
  private reconnectAt = 0;
  private firstAttemptSettled!: () => void;
  /** Resolves once the first connection attempt has failed, or succeeded with the subscriptions in place. */
  readonly firstAttempt: Promise<void>;

  constructor(options: CartConnectionOptions) {
    this.options = options;
    this.firstAttempt = new Promise((resolve) => (this.firstAttemptSettled = resolve));
    const clientOptions: IClientOptions = {
      clientId: options.deviceId,
      username: options.deviceId,
      password: options.secret,
      protocolVersion: 4,
      clean: false,
      keepalive: KEEPALIVE_S,
      connectTimeout: CONNECT_TIMEOUT_MS,
      reconnectPeriod: 0,
      manualConnect: true,
      // Telemetry is superseded by the next report; queueing stale positions while offline helps nobody.
      queueQoSZero: false,
      resubscribe: false,
      will: {
        topic: deviceTopic(options.deviceId, 'status'),
        payload: Buffer.from(options.willPayload),
        qos: CHANNEL_QOS.status,
        retain: true,
      },
      ...this.stores,
    };
    this.client = connect(options.url, clientOptions);
    this.client.on('connect', (connack) => void this.onConnect(connack.sessionPresent));
    this.client.on('close', () => this.onClose());
    this.client.on('error', (error) => this.onError(error));
    this.client.on('message', (topic, payload) => this.onMessage(topic, payload));
  }

  get state(): LinkState {
    return this.linkState;
  }

  get connected(): boolean {
    return this.linkState === 'connected';
  }

  start(): void {
    if (this.linkState !== 'idle') return;
    this.linkState = 'connecting';
    this.client.connect();
  }

  /** Called by the fleet's tick: starts the next attempt once the backoff has run out. */
  tick(now: number): void {
    if (this.linkState === 'waiting' && now >= this.reconnectAt) this.reconnectNow();
  }

  publish(channel: DeviceChannel, body: string): void {
    if (this.linkState === 'closed') return;
    const qos = CHANNEL_QOS[channel];
    if (qos === 0 && !this.connected) return;
    const topic = deviceTopic(this.options.deviceId, channel);
    this.client.publish(topic, body, { qos, retain: channel === 'status' }, (error) => {
      if (!error) return;
      this.options.logger.debug(
        { deviceId: this.options.deviceId, channel, error: error.message },
        'Publish failed',
      );
    });
  }

  /**
   * Subscribes to `config` again: the broker answers a SUBSCRIBE with the retained message, so the device
   * receives its current config once more (MQTT 3.1.1 §3.8.4).
   */
  refetchConfig(): void {
    if (!this.connected) return;
    const topic = deviceTopic(this.options.deviceId, 'config');
    this.client.subscribe(topic, { qos: CHANNEL_QOS.config }, (error) => {
      if (error) {
        this.options.logger.debug(
          { deviceId: this.options.deviceId, error: error.message },
          'Config refetch failed',
        );
      }
    });
  }

  /**
   * Simulates the tracker losing its link: the socket is destroyed without a DISCONNECT, so the broker
   * publishes the last will. With `reconnectAfterMs` the cart comes back by itself (a reboot or a modem
   * restart); without, it stays away until `resume()`. `subscribeAgain`: a rebooted tracker does not know
   * the broker kept its session, so it subscribes anew, and the broker sends the retained config again.
   */
  drop(reconnectAfterMs?: number, { subscribeAgain = false } = {}): void {
    if (this.linkState === 'closed') return;
    if (subscribeAgain) this.subscribeOnConnect = true;
    if (reconnectAfterMs === undefined) {
      this.linkState = 'suspended';
    } else {
      this.linkState = 'waiting';
      this.reconnectAt = this.options.clock() + reconnectAfterMs;
    }
    this.client.stream?.destroy();
  }

  /** Ends a simulated outage and connects again at once. */
  resume(): void {
    if (this.linkState === 'suspended' || this.linkState === 'waiting') this.reconnectNow();
  }

  /**
   * Clean shutdown: the retained status says offline, then DISCONNECT (which discards the will). A broker
   * that does not answer within a few seconds gets the socket closed instead, and publishes the will.
   */
  async close(offlineStatusBody: string): Promise<void> {
    const wasConnected = this.connected;
    this.linkState = 'closed';
    let statusSent = false;
    if (wasConnected) {
      const sent = this.client
        .publishAsync(deviceTopic(this.options.deviceId, 'status'), offlineStatusBody, {
          qos: CHANNEL_QOS.status,
          retain: true,
        })
        .then(() => true);
      statusSent = await withTimeout(sent, CLOSE_TIMEOUT_MS, false).catch(() => false);
      if (!statusSent) {
        this.options.logger.warn({ deviceId: this.options.deviceId }, 'Could not publish the offline status');
      }
    }
    const ended = await withTimeout(
      this.client.endAsync(!statusSent).then(() => true),
      CLOSE_TIMEOUT_MS,
      false,
    );
    // A second end() is a no-op while the first is pending, so close the socket under it instead.
    if (!ended) this.client.stream?.destroy();
  }

  private reconnectNow(): void {
    this.linkState = 'connecting';
    this.client.reconnect(this.stores);
  }

  private async onConnect(sessionPresent: boolean): Promise<void> {
    if (this.linkState === 'closed') return;
    this.linkState = 'connected';
    this.attempts = 0;
    this.options.logger.debug({ deviceId: this.options.deviceId, sessionPresent }, 'Cart connected');
    if (!sessionPresent || this.subscribeOnConnect) {
      // A new (or lost) session, or a rebooted tracker: subscribe. The broker then also sends the retained config.
      const topics = Object.fromEntries(
        DEVICE_SUBSCRIBES.map((channel) => [
          deviceTopic(this.options.deviceId, channel),
          { qos: CHANNEL_QOS[channel] },
        ]),
      );
      try {
        const granted = await this.client.subscribeAsync(topics);
        const refused = granted.filter((grant) => grant.qos === 128);
        if (refused.length > 0) {
          this.options.logger.warn(
            { deviceId: this.options.deviceId, refused },
            'Broker refused subscriptions',
          );
        }
      } catch (error) {
        // Usually the link dropped mid-subscribe; the next session subscribes again.
        this.options.logger.warn(
          { deviceId: this.options.deviceId, error: (error as Error).message },
          'Subscribe failed',
        );
        return;
      }
      this.subscribeOnConnect = false;
    }
    if (!this.connected) return;
    this.firstAttemptSettled();
    this.options.onConnected();
  }

  private onClose(): void {
    const was = this.linkState;
    if (was === 'closed' || was === 'suspended' || was === 'idle') return;
    if (was === 'waiting') return; // a drop() with a planned comeback already chose the time
    this.firstAttemptSettled();
    this.linkState = 'waiting';
    // Full jitter over an exponentially growing window (1 s, 2 s, 4 s … 30 s).
    const window = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** this.attempts);
    this.attempts += 1;
    this.reconnectAt = this.options.clock() + this.options.random.between(window / 2, window);
    if (was === 'connected') {
      this.options.logger.info({ deviceId: this.options.deviceId }, 'Cart lost its connection');
      this.options.onDisconnected();
    }
  }

  private onError(error: Error & { code?: string | number }): void {
    const details = { deviceId: this.options.deviceId, error: error.message, code: error.code };
    // Refused credentials need a human; a broker that is away is routine and retried quietly.
    if (typeof error.code === 'number') this.options.logger.warn(details, 'Broker refused the cart');
    else this.options.logger.debug(details, 'Connection error');
  }

  private onMessage(topic: string, payload: Buffer): void {
    const parsed = parseDeviceTopic(topic);
    if (
      !parsed ||
      parsed.deviceId !== this.options.deviceId ||
      (parsed.channel !== 'command' && parsed.channel !== 'config')
    ) {
      this.options.logger.warn({ deviceId: this.options.deviceId, topic }, 'Message on an unexpected topic');
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      this.options.logger.warn(
        { deviceId: this.options.deviceId, topic },
        'Ignoring a payload that is not JSON',
      );
      return;
    }
    this.options.onMessage(parsed.channel, json);
  }
}
