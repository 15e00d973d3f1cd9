import { CartConnection, type LinkState } from './cart-connection';
import { CartDevice, type CartDeviceOptions, type CartState } from './device';
import type { Logger } from './logger';
import { encodeOutbound, OFFLINE_WILL, type OutboundChannel, type OutboundMessages } from './outbound';
import type { Random } from './random';

/** What a fleet hands out per cart: its picture and the knobs tests turn. */
export interface CartHandle {
  readonly deviceId: string;
  readonly carNumber: string;
  /** a fresh snapshot, simulated up to now */
  readonly state: CartState;
  readonly connected: boolean;
  readonly linkState: LinkState;
  /** Simulates the tracker losing its link (no DISCONNECT, so the broker publishes the last will). */
  disconnect(): void;
  /** Ends a simulated outage: the cart connects again at once. */
  reconnect(): void;
  /** Every command from now on is handled (and acked) this many ms after it arrives. */
  setAckDelay(ms: number): void;
  /** The next `count` commands are acked `{ ok: false, error: 'simulated failure' }` without running. */
  failNextAcks(count: number): void;
}

export interface SimulatedCartOptions extends Omit<CartDeviceOptions, 'outbox' | 'onReboot'> {
  url: string;
  secret: string;
  /** randomness for the link (backoff jitter, reboot time), separate from the driving model's */
  linkRandom: Random;
  logger: Logger;
}

/** A reboot keeps the tracker away for a few seconds, as the real one takes to boot and attach. */
const REBOOT_DOWNTIME_MS: [number, number] = [3_000, 8_000];
/** Lets the reboot's ack leave the socket before the link goes down (it is resent if it did not). */
const REBOOT_AFTER_ACK_MS = 300;

/** A simulated tracker: the device behaviour wired to its own MQTT connection. */
export class SimulatedCart implements CartHandle {
  readonly device: CartDevice;
  private readonly connection: CartConnection;
  private readonly options: SimulatedCartOptions;

  constructor(options: SimulatedCartOptions) {
    this.options = options;
    this.device = new CartDevice({
      ...options,
      outbox: (channel, message) => this.send(channel, message),
      onReboot: () => this.reboot(),
    });
    this.connection = new CartConnection({
      url: options.url,
      deviceId: options.deviceId,
      secret: options.secret,
      willPayload: JSON.stringify(OFFLINE_WILL),
      random: options.linkRandom,
      logger: options.logger,
      clock: options.clock,
      onMessage: (channel, payload) => {
        if (channel === 'command') this.device.receiveCommand(payload);
        else this.device.receiveConfig(payload);
      },
      onConnected: () => {
        this.send('status', this.device.statusOnline());
        this.device.reportSoon();
      },
      onDisconnected: () => {},
    });
  }

  get deviceId(): string {
    return this.device.deviceId;
  }

  get carNumber(): string {
    return this.device.carNumber;
  }

  get state(): CartState {
    this.device.advance();
    return this.device.state();
  }

  get connected(): boolean {
    return this.connection.connected;
  }

  get linkState(): LinkState {
    return this.connection.state;
  }

  /** Resolves after the first connection attempt succeeded or failed. */
  start(): Promise<void> {
    this.connection.start();
    return this.connection.firstAttempt;
  }

  /** One step of the fleet's shared loop: link housekeeping, simulation, and a report when due. */
  tick(now: number): void {
    this.connection.tick(now);
    this.device.advance(now);
    if (this.connection.connected) this.device.reportIfDue(now);
  }

  disconnect(): void {
    this.connection.drop();
  }

  reconnect(): void {
    this.connection.resume();
  }

  setAckDelay(ms: number): void {
    this.device.setAckDelay(ms);
  }

  failNextAcks(count: number): void {
    this.device.failNextAcks(count);
  }

  /** Clean shutdown: retained offline status, then DISCONNECT. */
  stop(): Promise<void> {
    return this.connection.close(JSON.stringify(this.device.statusOffline()));
  }

  private send<C extends OutboundChannel>(channel: C, message: OutboundMessages[C]): void {
    let body: string;
    try {
      body = encodeOutbound(channel, message);
    } catch (error) {
      this.options.logger.error({ deviceId: this.deviceId, message }, (error as Error).message);
      return;
    }
    this.connection.publish(channel, body);
  }

  private reboot(): void {
    const downtime = this.options.linkRandom.between(REBOOT_DOWNTIME_MS[0], REBOOT_DOWNTIME_MS[1]);
    setTimeout(() => {
      this.options.logger.info(
        { deviceId: this.deviceId, downtimeMs: Math.round(downtime) },
        'Cart rebooting',
      );
      this.device.boot();
      this.connection.drop(downtime);
    }, REBOOT_AFTER_ACK_MS);
  }
}
