import { CartConnection, type LinkState } from './cart-connection';
import type { CodeDecision, CodeEntry } from './codes';
import type { LinkAction } from './commands';
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
  /**
   * Every command from now on is carried out and acked this many ms after it arrives (0: at once);
   * null goes back to the realistic delay (the fleet's `ackLatencyMs`, 150–600 ms by default).
   */
  setAckDelay(ms: number | null): void;
  /** The next `count` commands are acked `{ ok: false, error: 'simulated failure' }` without running. */
  failNextAcks(count: number): void;
  /** The next `count` commands are received (the broker sees them delivered) but never run nor acked. */
  dropNextAcks(count: number): void;
  /**
   * Puts the cart at this position at once (as if towed there), standing, off its round; its lock state is
   * kept. Zone events and a telemetry report follow at once. An unlock starts a round from there.
   */
  moveTo(lat: number, lng: number): void;
  /**
   * A player types `code` on the keypad or holds a tag to the reader: a code of the running config unlocks
   * the cart (`keypad_unlock` / `rfid_unlock` and a report follow); otherwise the cart stays as it is and
   * sends `code_refused` with the reason ('unknown', 'expired', 'wrong-type').
   */
  enterCode(code: string, via: CodeEntry): CodeDecision;
}

export interface SimulatedCartOptions extends Omit<CartDeviceOptions, 'outbox' | 'onLinkAction'> {
  url: string;
  secret: string;
  /** randomness for the link (backoff jitter, reboot time), separate from the driving model's */
  linkRandom: Random;
  logger: Logger;
}

/** A reboot keeps the tracker away for a few simulated seconds, as the real one takes to boot and attach. */
const REBOOT_DOWNTIME_S: [number, number] = [3, 8];
/** A modem restart is quicker: the tracker keeps running, only the cellular link re-attaches. */
const MODEM_RESTART_DOWNTIME_S: [number, number] = [1, 3];
/** Lets the ack leave the socket before the link goes down (it is resent if it did not). */
const DROP_AFTER_ACK_MS = 300;

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
      onLinkAction: (action) => this.onLinkAction(action),
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
      onConnected: () => this.device.linkUp(),
      onDisconnected: () => this.device.linkDown(),
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
    if (!this.connection.connected) return;
    this.device.reportIfDue(now);
    this.device.sendLogIfDue(now);
  }

  disconnect(): void {
    this.device.linkDown();
    this.connection.drop();
  }

  reconnect(): void {
    this.connection.resume();
  }

  setAckDelay(ms: number | null): void {
    this.device.setAckDelay(ms);
  }

  failNextAcks(count: number): void {
    this.device.failNextAcks(count);
  }

  dropNextAcks(count: number): void {
    this.device.dropNextAcks(count);
  }

  moveTo(lat: number, lng: number): void {
    this.device.moveTo([lat, lng]);
  }

  enterCode(code: string, via: CodeEntry): CodeDecision {
    return this.device.enterCode(code, via);
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

  private onLinkAction(action: LinkAction): void {
    switch (action) {
      case 'refetchConfig':
        this.connection.refetchConfig();
        return;
      case 'reboot':
      case 'reset':
        this.afterAck(() => {
          const downtimeMs = this.downtimeMs(REBOOT_DOWNTIME_S);
          this.options.logger.info({ deviceId: this.deviceId, action, downtimeMs }, 'Cart restarting');
          this.device.shutDown(action === 'reset');
          this.connection.drop(downtimeMs, { subscribeAgain: true });
        });
        return;
      case 'restartModem':
        this.afterAck(() => {
          this.device.linkDown();
          this.connection.drop(this.downtimeMs(MODEM_RESTART_DOWNTIME_S));
        });
        return;
    }
  }

  private afterAck(run: () => void): void {
    setTimeout(run, DROP_AFTER_ACK_MS);
  }

  /** A real outage in ms: simulated seconds drawn from `rangeS`, shortened by the fleet's time scale. */
  private downtimeMs(rangeS: [number, number]): number {
    const simulatedS = this.options.linkRandom.between(rangeS[0], rangeS[1]);
    return Math.round((simulatedS * 1000) / this.options.timeScale);
  }
}
