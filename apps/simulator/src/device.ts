import {
  commandMessage,
  type CommandMessage,
  type ConfigMessage,
  type DeviceSettings,
  type FirmwareOrder,
  type LogSnapshotResult,
  type StatusMessage,
  type TelemetryMessage,
} from '@fairway/domain';
import { AnswerQueue, REALISTIC_ACK_LATENCY_MS } from './answer-queue';
import { decideCode, unlockEventType, usableMemberCodes, type CodeDecision, type CodeEntry } from './codes';
import {
  advanceCart,
  batteryVolts,
  createCartMidRound,
  createParkedCart,
  lockCart,
  moveCart,
  unlockCart,
  type CartBehaviour,
  type CartHappening,
  type CartModel,
} from './cart-model';
import {
  answerCommand,
  CommandInbox,
  type AnsweredAdmission,
  type CommandTarget,
  type LinkAction,
} from './commands';
import { decideConfig, FACTORY_SETTINGS } from './config';
import type { Course } from './courses/course';
import { DeviceLog } from './device-log';
import { FirmwareUpdater } from './firmware-update';
import { buildLogSnapshot } from './log-snapshot';
import { logIntervalMs, SIMULATED_CARRIER, simulatedCcid } from './sim-identity';
import type { LatLng } from './geo';
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
import { scanWifi, type WifiNetwork } from './wifi-scan';
import { ZonePresence, type ZoneCrossing } from './zones';

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
  /** range the delay from receiving a command to answering it is drawn from (default 150–600 ms) */
  ackLatencyMs?: readonly [number, number];
  clock: () => number;
  logger: Logger;
  outbox: DeviceOutbox;
  /** called after the ack of a command that restarts something on the link has been handed to the outbox */
  onLinkAction?: (action: LinkAction) => void;
  /** the firmware version the tracker runs at start (default SIMULATOR_FIRMWARE) */
  firmware?: string;
  /** how firmware images are downloaded (default the global fetch) */
  fetchImage?: typeof fetch;
}

/** Why the tracker last started, as its firmware reports it in the log snapshot. */
type BootReason = 'POWERON' | 'SW_RESET' | 'FACTORY_RESET';

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
  /** parked in the barn; driving or standing on a round (or where it was moved); held = locked out there */
  activity: 'parked' | 'driving' | 'standing' | 'held';
  /** hole being played while on a round */
  hole: number | null;
  uptimeS: number;
  configVersion: number;
  settings: DeviceSettings;
  catM1: boolean;
  /** the buzzer sounds: for a while after code 8, and all the time the cart is in a restriction zone */
  buzzing: boolean;
  /** ids of the config's zones the cart is in */
  zoneIds: string[];
  /** the firmware version running; a verified OTA image runs from the next boot */
  firmware: string;
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
  private readonly inbox = new CommandInbox();
  private readonly answers: AnswerQueue<{ command: CommandMessage; admission: AnsweredAdmission }>;
  private readonly zones = new ZonePresence();
  private readonly log = new DeviceLog();
  private readonly options: CartDeviceOptions;
  private config: ConfigMessage | null = null;
  private bootedAt: number;
  private bootReason: BootReason = 'POWERON';
  /** set while restarting: the tracker boots when its link is back */
  private restartReason: BootReason | null = null;
  private lastAdvancedAt: number;
  private nextReportAt: number;
  private buzzerUntil = 0;
  private catM1 = true;
  /** the running firmware, and the verified OTA image that runs from the next boot */
  private firmware: string;
  private installedFirmware: string | null = null;
  private readonly updater: FirmwareUpdater;
  /** the SIM's ICCID: the status and the log snapshot carry it (issue 20) */
  private readonly ccid: string;
  /** when the lines logged since the last batch go out on `log` (sendLogIfDue) */
  private nextLogAt: number;

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
    this.answers = new AnswerQueue({
      latencyMs: options.ackLatencyMs ?? REALISTIC_ACK_LATENCY_MS,
      random: options.random,
      clock: options.clock,
      answer: ({ command, admission }) => this.answer(command, admission),
    });
    const now = options.clock();
    // Trackers in a fleet have been running for a while; a reboot resets this.
    this.bootedAt = now - options.random.between(600, 7 * 86_400) * 1000;
    this.firmware = options.firmware ?? SIMULATOR_FIRMWARE;
    this.updater = new FirmwareUpdater({
      clock: options.clock,
      ...(options.fetchImage ? { fetchImage: options.fetchImage } : {}),
      report: (data) => this.options.outbox('event', buildEvent('firmware', data, this.options.clock())),
      note: (level, text) => this.log.add(this.options.clock(), level, text),
      install: (version) => {
        // Flashed into the other slot: it runs from the restart on (a real tracker reboots into it).
        this.installedFirmware = version;
        this.options.onLinkAction?.('reboot');
      },
    });
    this.log.add(this.bootedAt, 'I', `boot ${this.firmware} reason=${this.bootReason}`);
    this.lastAdvancedAt = now;
    this.nextReportAt = now;
    this.ccid = simulatedCcid(options.deviceId);
    this.nextLogAt = now + logIntervalMs(options.deviceId);
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

  uptimeS(now = this.options.clock()): number {
    return Math.max(0, Math.floor((now - this.bootedAt) / 1000));
  }

  /** The tracker starts again: uptime from zero; odometer and config are kept (flash). */
  private boot(now: number, reason: BootReason): void {
    this.bootedAt = now;
    this.bootReason = reason;
    this.nextReportAt = now;
    if (this.installedFirmware) {
      this.firmware = this.installedFirmware;
      this.installedFirmware = null;
    }
    this.log.add(now, 'I', `boot ${this.firmware} reason=${reason}`);
  }

  /**
   * The tracker goes down for a restart (its link is dropped by the caller); it boots when the link is
   * back. A factory reset also forgets the applied config, so the retained one is applied again.
   */
  shutDown(factoryReset: boolean, now = this.options.clock()): void {
    this.log.add(now, 'I', factoryReset ? 'factory reset' : 'restarting');
    this.restartReason = factoryReset ? 'FACTORY_RESET' : 'SW_RESET';
    this.buzzerUntil = 0;
    if (factoryReset) {
      this.config = null;
      this.zones.clear();
    }
  }

  /**
   * The MQTT session is up: boot if restarting (uptime counts from here: booting and attaching took the
   * downtime), then the retained online status and a report at once.
   */
  linkUp(now = this.options.clock()): void {
    if (this.restartReason !== null) {
      this.boot(now, this.restartReason);
      this.restartReason = null;
    }
    this.log.add(now, 'I', 'mqtt connected');
    this.options.outbox('status', this.statusOnline(now));
    this.advance(now);
    this.reportNow(now);
  }

  /** The MQTT session is gone (lost, or dropped by a restart): only the log notes it. */
  linkDown(now = this.options.clock()): void {
    this.log.add(now, 'W', 'mqtt connection lost');
  }

  /** Every command from now on is answered this many ms after it arrives; null: the realistic delay again. */
  setAckDelay(ms: number | null): void {
    this.answers.fixLatency(ms);
  }

  failNextAcks(count: number): void {
    this.inbox.failNext(count);
  }

  dropNextAcks(count: number): void {
    this.inbox.dropNext(count);
  }

  /** Puts the cart at `position` at once (a test or a tow), standing; zones and a report follow at once. */
  moveTo(position: LatLng, now = this.options.clock()): void {
    this.advance(now);
    moveCart(this.model, position);
    this.log.add(now, 'I', `moved to ${position[0].toFixed(6)},${position[1].toFixed(6)}`);
    this.announce(this.zones.update(this.model.position), now);
    this.reportNow(now);
  }

  buzzing(now = this.options.clock()): boolean {
    return now < this.buzzerUntil || this.zones.inRestrictionZone;
  }

  statusOnline(now = this.options.clock()): StatusMessage {
    // Every simulated tracker has a modem with a SIM, so its status names the SIM and its network.
    return { ...onlineStatus(now, this.firmware, this.configVersion), ...this.simIdentity() };
  }

  private simIdentity(): Pick<StatusMessage, 'ccid' | 'carrier'> {
    return { ccid: this.ccid, carrier: SIMULATED_CARRIER };
  }

  /**
   * Sends the lines logged since the last batch on `log` (at most 40 a message), every 30–60 s per cart
   * while there are any: a quiet cart sends nothing, and 2,000 carts spread their batches. Returns whether it sent.
   */
  sendLogIfDue(now = this.options.clock()): boolean {
    if (now < this.nextLogAt) return false;
    const batch = this.log.takeBatch();
    if (batch) this.options.outbox('log', batch);
    // A backlog (after an outage) drains a batch every few seconds rather than one per interval.
    this.nextLogAt = now + (this.log.unsent > 0 ? 5_000 : logIntervalMs(this.deviceId));
    return batch !== null;
  }

  statusOffline(now = this.options.clock()): StatusMessage {
    return offlineStatus(now, this.firmware, this.configVersion);
  }

  /** Runs the cart's simulation up to now; reports straight away when something visible happened. */
  advance(now = this.options.clock()): void {
    const elapsedMs = now - this.lastAdvancedAt;
    if (elapsedMs <= 0) return;
    this.lastAdvancedAt = now;
    const happenings = advanceCart(this.model, (elapsedMs / 1000) * this.options.timeScale, this.behaviour);
    for (const happening of happenings) this.noteHappening(happening, now);
    const crossings = this.zones.update(this.model.position);
    this.announce(crossings, now);
    if (happenings.length > 0 || crossings.length > 0) this.nextReportAt = now;
  }

  /** Publishes telemetry when it is due; returns whether it did. */
  reportIfDue(now = this.options.clock()): boolean {
    if (now < this.nextReportAt) return false;
    this.reportNow(now);
    return true;
  }

  /** Publishes telemetry now, e.g. right after something visible changed, and restarts the interval. */
  reportNow(now = this.options.clock()): void {
    this.options.outbox('telemetry', this.telemetry(now));
    this.nextReportAt = now + this.reportIntervalMs();
  }

  /** Makes the next `reportIfDue` (the fleet's next tick) report, e.g. after a new config. */
  private reportSoon(at: number): void {
    this.nextReportAt = Math.min(this.nextReportAt, at);
  }

  reportIntervalMs(): number {
    const moving = this.config
      ? this.config.settings.reportIntervalSeconds * 1000
      : this.options.movingReportIntervalMs;
    return this.model.speedKmh > 0 ? moving : Math.max(moving, this.options.standingReportIntervalMs);
  }

  /** A fresh reading of the radio, GPS and temperature (each moves its random walk on a step). */
  private readVitals(): VitalsReading {
    return readVitals(
      this.vitals,
      this.model,
      this.options.course.barn,
      this.settings.wifiEnabled,
      this.options.random,
    );
  }

  telemetry(now = this.options.clock()): TelemetryMessage {
    const reading = this.readVitals();
    // The GPS speed wobbles a little around the cruising speed.
    const speed = this.model.speedKmh > 0 ? this.model.speedKmh + this.options.random.between(-0.8, 0.8) : 0;
    return buildTelemetry(this.model, reading, speed, this.uptimeS(now), now);
  }

  /**
   * A payload from `command`: validated, admitted once per id (expiry is judged on arrival), then carried
   * out and acked after the ack latency, in the order received.
   */
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
    const now = this.options.clock();
    const admission = this.inbox.admit(command, now);
    if (admission === 'duplicate' || admission === 'dropped') {
      this.log.add(now, 'W', `cmd ${describeCommand(command)} ${admission}`);
      this.options.logger.debug(
        { deviceId: this.deviceId, command: command.name, code: command.code, id: command.id, admission },
        'Command not answered',
      );
      return;
    }
    this.answers.push({ command, admission });
  }

  private answer(command: CommandMessage, admission: AnsweredAdmission): void {
    const now = this.options.clock();
    this.advance(now);
    const before = { lock: this.model.lock, odometerKm: this.model.odometerKm };
    const outcome = answerCommand(command, admission, this, now);
    const { ack } = outcome;
    this.options.outbox('ack', ack);
    this.log.add(now, ack.ok ? 'I' : 'W', `cmd ${describeCommand(command)} ${ack.ok ? 'ok' : ack.error}`);
    this.options.logger.debug(
      { deviceId: this.deviceId, command: command.name, code: command.code, ok: ack.ok, error: ack.error },
      'Command answered',
    );
    // Show the new state at once: the dashboard polls for the lock state right after the ack.
    if (this.model.lock !== before.lock || this.model.odometerKm !== before.odometerKm) this.reportNow(now);
    if (outcome.linkAction) this.options.onLinkAction?.(outcome.linkAction);
  }

  /** A payload from `config`: applied when newer than the running version, then acked. */
  receiveConfig(payload: unknown): void {
    const now = this.options.clock();
    const decision = decideConfig(payload, this.configVersion);
    const log = this.options.logger;
    switch (decision.kind) {
      case 'apply': {
        this.config = decision.config;
        this.options.outbox('config/ack', buildConfigAck(decision.config.version, now));
        // The retained status names the running config version, so refresh it.
        this.options.outbox('status', this.statusOnline(now));
        this.log.add(now, 'I', `config v${decision.config.version} applied`);
        log.debug({ deviceId: this.deviceId, version: decision.config.version }, 'Config applied');
        this.announce(this.zones.setZones(decision.config.zones, this.model.position), now);
        this.reportSoon(now);
        return;
      }
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
        this.log.add(now, 'E', `config v${decision.version} refused`);
        log.warn({ deviceId: this.deviceId, error: decision.error }, 'Refused invalid config');
        return;
      case 'invalid':
        log.warn({ deviceId: this.deviceId, error: decision.error }, 'Ignoring invalid config');
        return;
    }
  }

  /**
   * A code typed on the keypad or a tag held to the reader, judged as the firmware does against the running
   * config: a valid one unlocks the cart (a report follows at once) and is announced as `keypad_unlock` /
   * `rfid_unlock`; anything else leaves the cart as it is and is announced as `code_refused` with the reason.
   */
  enterCode(code: string, via: CodeEntry, now = this.options.clock()): CodeDecision {
    this.advance(now);
    const decision = decideCode(code, via, this.codes, now);
    if (decision.kind === 'refuse') {
      this.options.outbox('event', buildEvent('code_refused', { code, reason: decision.reason }, now));
      // The code itself stays out of the log: support engineers read it (ping 6).
      this.log.add(now, 'W', `${via} code refused: ${decision.reason}`);
      return decision;
    }
    if (this.model.lock === 1) unlockCart(this.model, this.behaviour);
    this.options.outbox('event', buildEvent(unlockEventType(via), { code }, now));
    this.log.add(now, 'I', `${via} unlock`);
    this.reportNow(now);
    return decision;
  }

  private noteHappening(happening: CartHappening, now: number): void {
    if (happening === 'taken') {
      // The player unlocked at the cart (the model has already unlocked it): with a member code or tag of the
      // config when it holds any, else with a code of the cart's own ('local'). The server opens a ride from it.
      const memberCodes = usableMemberCodes(this.codes, now);
      const used = memberCodes.length > 0 ? this.options.random.pick(memberCodes) : null;
      const via: CodeEntry = used?.type === 'rfid' ? 'rfid' : 'keypad';
      this.options.outbox('event', buildEvent(unlockEventType(via), { code: used?.code ?? 'local' }, now));
      this.log.add(now, 'I', `${via} unlock`);
    } else if (happening === 'returned') {
      this.log.add(now, 'I', 'returned to barn, locked');
    }
  }

  /** Zone crossings become events; entering a restriction zone also sounds the zone buzzer (see `buzzing`). */
  private announce(crossings: ZoneCrossing[], now: number): void {
    for (const { kind, zone } of crossings) {
      const type = kind === 'enter' ? 'zone_enter' : 'zone_exit';
      this.options.outbox('event', buildEvent(type, { zoneId: zone.id, zoneType: zone.type }, now));
      this.log.add(
        now,
        zone.type === 'restriction' && kind === 'enter' ? 'W' : 'I',
        `${type} ${zone.id} ${zone.type}`,
      );
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

  soundBuzzer(durationMs: number): void {
    this.buzzerUntil = this.options.clock() + durationMs;
  }

  toggleCatM1(): boolean {
    this.catM1 = !this.catM1;
    return this.catM1;
  }

  get firmwareUpdating(): boolean {
    return this.updater.busy;
  }

  startFirmwareUpdate(commandId: string, order: FirmwareOrder): Promise<void> {
    return this.updater.start(commandId, order);
  }

  diagnostics(): Record<string, unknown> {
    const reading = this.readVitals();
    return {
      uptime: this.uptimeS(),
      firmware: this.firmware,
      configVersion: this.configVersion,
      lock: this.model.lock,
      battV: Math.round(batteryVolts(this.model.stateOfCharge) * 100) / 100,
      charging: this.model.charging,
      odometer: Math.round(this.model.odometerKm * 1000) / 1000,
      gpsLock: reading.gpsLock,
      conType: reading.conType,
      ...(reading.wifiRssi !== undefined ? { wifiRssi: reading.wifiRssi } : { csq: reading.csq }),
      temp: reading.temp,
    };
  }

  wifiScan(): WifiNetwork[] {
    return scanWifi(
      this.model.position,
      this.options.course.barn,
      this.settings.wifiSSID,
      this.options.random,
    );
  }

  logLines(): string[] {
    return this.log.lines();
  }

  logSnapshot(): LogSnapshotResult {
    const reading = this.readVitals();
    return buildLogSnapshot({
      firmware: this.firmware,
      uptimeS: this.uptimeS(),
      freeHeap: this.options.random.int(90_000, 140_000),
      resetReason: this.bootReason,
      configVersion: this.configVersion,
      temp: reading.temp,
      settings: this.settings,
      conType: reading.conType,
      wifiRssi: reading.wifiRssi,
      catM1: this.catM1,
      csq: reading.csq ?? this.vitals.csq,
      ccid: this.ccid,
      carrier: SIMULATED_CARRIER,
      gpsLock: reading.gpsLock,
      position: this.model.position,
      speedKmh: this.model.speedKmh,
      odometerKm: this.model.odometerKm,
      zoneIds: this.zones.zoneIds,
      inRestrictionZone: this.zones.inRestrictionZone,
      buzzing: this.buzzing(),
      lock: this.model.lock,
      key: this.model.key,
      keyAlarm: this.model.keyAlarm,
      battV: batteryVolts(this.model.stateOfCharge),
      charging: this.model.charging,
      stateOfCharge: this.model.stateOfCharge,
      codes: this.codes,
    });
  }

  state(now = this.options.clock()): CartState {
    const activity = this.model.activity;
    const onRound = activity.kind === 'round';
    const away = this.model.lock === 1 ? 'held' : this.model.speedKmh > 0 ? 'driving' : 'standing';
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
      activity: activity.kind === 'parked' ? 'parked' : away,
      hole: onRound ? (activity.plan.legs[activity.leg]?.hole ?? null) : null,
      uptimeS: this.uptimeS(now),
      configVersion: this.configVersion,
      settings: { ...this.settings },
      catM1: this.catM1,
      buzzing: this.buzzing(now),
      zoneIds: this.zones.zoneIds,
      firmware: this.firmware,
    };
  }
}

const describeCommand = (command: CommandMessage): string =>
  command.name === 'ping' ? `ping ${command.code ?? 2} ${command.id}` : `${command.name} ${command.id}`;
