import {
  commandMessage,
  type CommandMessage,
  type ConfigMessage,
  type DeviceSettings,
  type StatusMessage,
  type TelemetryMessage,
} from '@fairway/domain';
import {
  advanceCart,
  batteryVolts,
  createCartMidRound,
  createParkedCart,
  lockCart,
  unlockCart,
  type CartBehaviour,
  type CartModel,
} from './cart-model';
import { CommandProcessor, type CommandTarget, type WifiNetwork } from './commands';
import { decideConfig, FACTORY_SETTINGS } from './config';
import type { Course } from './courses/course';
import { distanceM, type LatLng } from './geo';
import type { Logger } from './logger';
import {
  buildConfigAck,
  buildEvent,
  buildTelemetry,
  offlineStatus,
  onlineStatus,
  type OutboundChannel,
  type OutboundMessages,
} from './outbound';
import type { Random } from './random';
import { createVitals, readVitals, type Vitals, type VitalsReading } from './vitals';

export const SIMULATOR_FIRMWARE = 'fairway-sim-1.0.0';

/** Where the device's messages go; the MQTT connection in a fleet, a recorder in tests. */
export type DeviceOutbox = <C extends OutboundChannel>(channel: C, message: OutboundMessages[C]) => void;

export interface CartDeviceOptions {
  deviceId: string;
  carNumber: string;
  course: Course;
  /** the cart's own parking place in the barn */
  spot: LatLng;
  random: Random;
  /** mean simulated seconds a returned cart waits before a player takes it out (Infinity: never) */
  meanParkedS: number;
  /** factor on stop durations at tees and greens (1 = true to life) */
  stopScale?: number;
  /** start somewhere on a round, unlocked, instead of parked in the barn */
  startMidRound: boolean;
  /** simulated seconds per real second */
  timeScale: number;
  /** report interval while rolling, until a config sets `reportIntervalSeconds` */
  movingReportIntervalMs: number;
  /** report interval while standing (never faster than the moving one) */
  standingReportIntervalMs: number;
  clock: () => number;
  logger: Logger;
  outbox: DeviceOutbox;
  /** called after the ack of a reboot/reset command has been handed to the outbox */
  onReboot?: () => void;
}

/** A read-only picture of one simulated cart, for tests and tools. */
export interface CartState extends Pick<
  CartModel,
  | 'position'
  | 'heading'
  | 'speedKmh'
  | 'lock'
  | 'key'
  | 'keyAlarm'
  | 'stateOfCharge'
  | 'charging'
  | 'odometerKm'
> {
  deviceId: string;
  carNumber: string;
  battV: number;
  /** parked in the barn; driving or standing on a round; held = locked mid-round */
  activity: 'parked' | 'driving' | 'standing' | 'held';
  /** hole being played while on a round */
  hole: number | null;
  uptimeS: number;
  configVersion: number;
  settings: DeviceSettings;
  catM1: boolean;
}

/**
 * One tracker's behaviour, independent of MQTT: it drives its cart model, answers commands, applies
 * configs and decides when to report. Everything it says goes through the outbox, every inbound
 * payload is validated with the protocol schemas before it acts on it.
 */
export class CartDevice implements CommandTarget {
  readonly deviceId: string;
  readonly carNumber: string;
  readonly model: CartModel;
  private readonly behaviour: CartBehaviour;
  private readonly vitals: Vitals;
  private readonly commands = new CommandProcessor();
  private readonly options: CartDeviceOptions;
  private config: ConfigMessage | null = null;
  private bootedAt: number;
  private lastAdvancedAt: number;
  private nextReportAt: number;
  private ackDelayMs = 0;
  private catM1 = true;
  private lastReading: VitalsReading | null = null;

  constructor(options: CartDeviceOptions) {
    this.options = options;
    this.deviceId = options.deviceId;
    this.carNumber = options.carNumber;
    this.behaviour = {
      course: options.course,
      random: options.random,
      meanParkedS: options.meanParkedS,
      stopScale: options.stopScale ?? 1,
    };
    this.model = options.startMidRound
      ? createCartMidRound(options.spot, this.behaviour)
      : createParkedCart(options.spot, this.behaviour);
    this.vitals = createVitals(options.random);
    const now = options.clock();
    // Trackers in a fleet have been running for a while; a reboot resets this.
    this.bootedAt = now - options.random.between(600, 7 * 86_400) * 1000;
    this.lastAdvancedAt = now;
    this.nextReportAt = now;
  }

  get lock(): 0 | 1 {
    return this.model.lock;
  }

  get key(): '0' | '1' {
    return this.model.key;
  }

  get configVersion(): number {
    return this.config?.version ?? 0;
  }

  get settings(): DeviceSettings {
    return this.config?.settings ?? FACTORY_SETTINGS;
  }

  get codes(): ConfigMessage['codes'] {
    return this.config?.codes ?? [];
  }

  get zones(): ConfigMessage['zones'] {
    return this.config?.zones ?? [];
  }

  uptimeS(now = this.options.clock()): number {
    return Math.max(0, Math.floor((now - this.bootedAt) / 1000));
  }

  /** The tracker starts again: uptime from zero; odometer and config are kept (flash). */
  boot(now = this.options.clock()): void {
    this.bootedAt = now;
    this.nextReportAt = now;
  }

  setAckDelay(ms: number): void {
    this.ackDelayMs = Math.max(0, ms);
  }

  failNextAcks(count: number): void {
    this.commands.failNext(count);
  }

  statusOnline(now = this.options.clock()): StatusMessage {
    return onlineStatus(now, SIMULATOR_FIRMWARE, this.configVersion);
  }

  statusOffline(now = this.options.clock()): StatusMessage {
    return offlineStatus(now, SIMULATOR_FIRMWARE, this.configVersion);
  }

  /** Runs the cart's simulation up to now; reports straight away when something visible happened. */
  advance(now = this.options.clock()): void {
    const elapsedMs = now - this.lastAdvancedAt;
    if (elapsedMs <= 0) return;
    this.lastAdvancedAt = now;
    const happenings = advanceCart(this.model, (elapsedMs / 1000) * this.options.timeScale, this.behaviour);
    for (const happening of happenings) {
      if (happening === 'taken') {
        // The player typed the cart's code on its keypad; the server opens a ride from this event.
        this.options.outbox('event', buildEvent('keypad_unlock', { code: 'local' }, now));
      }
    }
    if (happenings.length > 0) this.nextReportAt = now;
  }

  /** Publishes telemetry when it is due; returns whether it did. */
  reportIfDue(now = this.options.clock()): boolean {
    if (now < this.nextReportAt) return false;
    this.options.outbox('telemetry', this.telemetry(now));
    this.nextReportAt = now + this.reportIntervalMs();
    return true;
  }

  /** Makes the next `reportIfDue` report, e.g. right after (re)connecting. */
  reportSoon(at = this.options.clock()): void {
    this.nextReportAt = Math.min(this.nextReportAt, at);
  }

  reportIntervalMs(): number {
    const moving = this.config
      ? this.config.settings.reportIntervalSeconds * 1000
      : this.options.movingReportIntervalMs;
    return this.model.speedKmh > 0 ? moving : Math.max(moving, this.options.standingReportIntervalMs);
  }

  telemetry(now = this.options.clock()): TelemetryMessage {
    const reading = readVitals(
      this.vitals,
      this.model,
      this.options.course.barn,
      this.settings.wifiEnabled,
      this.options.random,
    );
    this.lastReading = reading;
    // The GPS speed wobbles a little around the cruising speed.
    const speed = this.model.speedKmh > 0 ? this.model.speedKmh + this.options.random.between(-0.8, 0.8) : 0;
    return buildTelemetry(this.model, reading, speed, this.uptimeS(now), now);
  }

  /** A payload from `command`: validated, then executed (after the test delay, if any) and acked. */
  receiveCommand(payload: unknown): void {
    const parsed = commandMessage.safeParse(payload);
    if (!parsed.success) {
      this.options.logger.warn(
        { deviceId: this.deviceId, issues: parsed.error.issues },
        'Ignoring invalid command',
      );
      return;
    }
    const command = parsed.data;
    if (this.ackDelayMs > 0) {
      setTimeout(() => this.runCommand(command), this.ackDelayMs);
    } else {
      this.runCommand(command);
    }
  }

  private runCommand(command: CommandMessage): void {
    const now = this.options.clock();
    this.advance(now);
    const lockBefore = this.model.lock;
    const outcome = this.commands.handle(command, this, now);
    this.options.outbox('ack', outcome.ack);
    this.options.logger.debug(
      {
        deviceId: this.deviceId,
        command: command.name,
        code: command.code,
        ok: outcome.ack.ok,
        error: outcome.ack.error,
        duplicate: !outcome.executed,
      },
      'Command answered',
    );
    // Show the new lock state at once: the dashboard polls for it right after the ack.
    if (this.model.lock !== lockBefore) this.reportSoon(now);
    if (outcome.afterAck === 'reboot') this.options.onReboot?.();
  }

  /** A payload from `config`: applied when newer than the running version, then acked. */
  receiveConfig(payload: unknown): void {
    const now = this.options.clock();
    const decision = decideConfig(payload, this.configVersion);
    const log = this.options.logger;
    switch (decision.kind) {
      case 'apply':
        this.config = decision.config;
        this.options.outbox('config/ack', buildConfigAck(decision.config.version, now));
        // The retained status names the running config version, so refresh it.
        this.options.outbox('status', this.statusOnline(now));
        log.debug({ deviceId: this.deviceId, version: decision.config.version }, 'Config applied');
        this.reportSoon(now);
        return;
      case 'already-running':
        // A retained redelivery after a reconnect; acking again lets a server that missed the ack converge.
        this.options.outbox('config/ack', buildConfigAck(decision.version, now));
        return;
      case 'stale':
        log.info(
          { deviceId: this.deviceId, version: decision.version, running: this.configVersion },
          'Ignoring config older than the running one',
        );
        return;
      case 'refuse':
        this.options.outbox('config/ack', buildConfigAck(decision.version, now, decision.error));
        log.warn({ deviceId: this.deviceId, error: decision.error }, 'Refused invalid config');
        return;
      case 'invalid':
        log.warn({ deviceId: this.deviceId, error: decision.error }, 'Ignoring invalid config');
        return;
    }
  }

  // --- CommandTarget: what commands do to the cart ---

  lockCart(): void {
    lockCart(this.model);
  }

  unlockCart(): void {
    unlockCart(this.model, this.behaviour);
  }

  resetOdometer(): void {
    this.model.odometerKm = 0;
  }

  toggleCatM1(): boolean {
    this.catM1 = !this.catM1;
    return this.catM1;
  }

  diagnostics(): Record<string, unknown> {
    const reading = this.lastReading;
    return {
      uptime: this.uptimeS(),
      firmware: SIMULATOR_FIRMWARE,
      configVersion: this.configVersion,
      lock: this.model.lock,
      battV: Math.round(batteryVolts(this.model.stateOfCharge) * 100) / 100,
      charging: this.model.charging,
      odometer: Math.round(this.model.odometerKm * 1000) / 1000,
      gpsLock: reading?.gpsLock ?? this.vitals.satellites,
      conType: reading?.conType ?? 'G',
      ...(reading?.wifiRssi !== undefined ? { wifiRssi: reading.wifiRssi } : { csq: this.vitals.csq }),
      temp: Math.round(this.vitals.tempC * 10) / 10,
    };
  }

  wifiScan(): WifiNetwork[] {
    const random = this.options.random;
    const fromBarn = distanceM(this.model.position, this.options.course.barn);
    // Farther from the clubhouse, the club's access points fade and only phones' hotspots remain.
    const clubRssi = (base: number): number =>
      Math.round(Math.max(-98, base - fromBarn * 0.25 + random.between(-4, 4)));
    const networks: WifiNetwork[] = [
      { ssid: this.settings.wifiSSID || 'Clubhouse', rssi: clubRssi(-42), channel: 6, encrypt: 'WPA2_PSK' },
      { ssid: 'Clubhouse-Guest', rssi: clubRssi(-48), channel: 11, encrypt: 'OPEN' },
      { ssid: 'ProShop', rssi: clubRssi(-60), channel: 1, encrypt: 'WPA2_PSK' },
      { ssid: 'Greenkeeping', rssi: clubRssi(-70), channel: 6, encrypt: 'WPA2_WPA3_PSK' },
      {
        ssid: `iPhone ${random.int(10, 99)}`,
        rssi: random.int(-85, -60),
        channel: random.pick([1, 6, 11]),
        encrypt: 'WPA2_PSK',
      },
    ];
    return networks.filter((network) => network.rssi > -95).sort((a, b) => b.rssi - a.rssi);
  }

  logSnapshot(): Record<string, unknown> {
    return {
      ...this.diagnostics(),
      catM1: this.catM1,
      settings: this.settings,
      codes: this.codes.length,
      zones: this.zones.length,
      position: [...this.model.position],
      activity: this.model.activity.kind,
      freeHeap: this.options.random.int(90_000, 140_000),
      resetReason: this.uptimeS() < 600 ? 'SW_RESET' : 'POWERON',
    };
  }

  state(now = this.options.clock()): CartState {
    const activity = this.model.activity;
    const onRound = activity.kind === 'round';
    return {
      deviceId: this.deviceId,
      carNumber: this.carNumber,
      position: this.model.position,
      heading: this.model.heading,
      speedKmh: this.model.speedKmh,
      lock: this.model.lock,
      key: this.model.key,
      keyAlarm: this.model.keyAlarm,
      battV: Math.round(batteryVolts(this.model.stateOfCharge) * 100) / 100,
      stateOfCharge: this.model.stateOfCharge,
      charging: this.model.charging,
      odometerKm: this.model.odometerKm,
      activity: !onRound
        ? 'parked'
        : this.model.lock === 1
          ? 'held'
          : this.model.speedKmh > 0
            ? 'driving'
            : 'standing',
      hole: onRound ? (activity.plan.legs[activity.leg]?.hole ?? null) : null,
      uptimeS: this.uptimeS(now),
      configVersion: this.configVersion,
      settings: { ...this.settings },
      catM1: this.catM1,
    };
  }
}
