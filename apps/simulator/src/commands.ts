import { COMMAND_CODES, type AckMessage, type CommandMessage } from '@fairway/domain';
import { buildAck } from './outbound';

/** One network a WiFi scan (code 5) reports. */
export interface WifiNetwork {
  ssid: string;
  /** dBm */
  rssi: number;
  channel: number;
  encrypt: string;
}

/** What a command may do to the device; implemented by the simulated tracker. */
export interface CommandTarget {
  readonly lock: 0 | 1;
  readonly key: '0' | '1';
  readonly configVersion: number;
  lockCart(): void;
  unlockCart(): void;
  resetOdometer(): void;
  /** what a ping (code 2) answers: uptime and the current readings */
  diagnostics(): Record<string, unknown>;
  wifiScan(): WifiNetwork[];
  logSnapshot(): Record<string, unknown>;
  /** flips the modem between CAT-M1 and its other mode; returns whether CAT-M1 is now on */
  toggleCatM1(): boolean;
}

/** What the device does after its ack is on its way. */
export type AfterAck = 'none' | 'reboot';

export interface CommandOutcome {
  ack: AckMessage;
  afterAck: AfterAck;
  /** false for a repeated delivery of an id already answered */
  executed: boolean;
}

type Answer =
  { ok: true; result?: Record<string, unknown>; afterAck?: AfterAck } | { ok: false; error: string };

/** How many answered ids a device remembers; QoS 1 redelivery happens within seconds, not hundreds of commands. */
const REMEMBERED_IDS = 256;

/**
 * Acknowledges every command exactly once per id: a repeated delivery (QoS 1 is at-least-once) gets
 * the same answer again without running the command twice, and a command past its `expiresAt` is
 * refused, because a lock or unlock that arrives late may no longer be what anyone wants.
 */
export class CommandProcessor {
  private readonly answered = new Map<string, AckMessage>();
  private failuresToInject = 0;

  /** Test hook: the next `count` commands are answered `{ ok: false, error: 'simulated failure' }` unexecuted. */
  failNext(count: number): void {
    this.failuresToInject = Math.max(0, Math.floor(count));
  }

  handle(command: CommandMessage, target: CommandTarget, now: number): CommandOutcome {
    const previous = this.answered.get(command.id);
    if (previous) return { ack: { ...previous, ts: now }, afterAck: 'none', executed: false };

    let answer: Answer;
    if (now > command.expiresAt) {
      answer = { ok: false, error: 'expired' };
    } else if (this.failuresToInject > 0) {
      this.failuresToInject -= 1;
      answer = { ok: false, error: 'simulated failure' };
    } else {
      answer = execute(command, target);
    }
    const ack = buildAck(command.id, now, answer);
    this.remember(command.id, ack);
    return { ack, afterAck: answer.ok ? (answer.afterAck ?? 'none') : 'none', executed: true };
  }

  private remember(id: string, ack: AckMessage): void {
    this.answered.set(id, ack);
    if (this.answered.size > REMEMBERED_IDS) {
      // Maps iterate in insertion order, so the first key is the oldest answer.
      this.answered.delete(this.answered.keys().next().value!);
    }
  }
}

function execute(command: CommandMessage, target: CommandTarget): Answer {
  switch (command.name) {
    case 'lock':
      if (target.key === '1') return { ok: false, error: 'key mode' };
      if (target.lock === 1) return { ok: false, error: 'already locked' };
      target.lockCart();
      return { ok: true };
    case 'unlock':
      if (target.key === '1') return { ok: false, error: 'key mode' };
      if (target.lock === 0) return { ok: false, error: 'already unlocked' };
      target.unlockCart();
      return { ok: true };
    case 'ping':
      // A ping without a code is a plain ping (code 2).
      return executePing(command.code ?? COMMAND_CODES.ping, target);
  }
}

function executePing(code: number, target: CommandTarget): Answer {
  switch (code) {
    case COMMAND_CODES.publishSiteSettings:
      // Settings reach the device as the retained config; it reports which version it runs.
      return { ok: true, result: { configVersion: target.configVersion } };
    case COMMAND_CODES.ping:
      return { ok: true, result: target.diagnostics() };
    case COMMAND_CODES.reboot:
      return { ok: true, result: { rebooting: true }, afterAck: 'reboot' };
    case COMMAND_CODES.reset:
      // A reset restarts the tracker like a reboot; odometer and config survive (they live in flash).
      return { ok: true, result: { resetting: true }, afterAck: 'reboot' };
    case COMMAND_CODES.wifiScan:
      return { ok: true, result: { networks: target.wifiScan() } };
    case COMMAND_CODES.requestLog:
      return { ok: true, result: { snapshot: target.logSnapshot() } };
    case COMMAND_CODES.resetOdometer:
      target.resetOdometer();
      return { ok: true, result: { odometer: 0 } };
    case COMMAND_CODES.soundDevice:
      return { ok: true, result: { sounded: true, durationMs: 3000 } };
    case COMMAND_CODES.restartModem:
      return { ok: true, result: { restarted: 'modem' } };
    case COMMAND_CODES.restartWifi:
      return { ok: true, result: { restarted: 'wifi' } };
    case COMMAND_CODES.toggleCatM1:
      return { ok: true, result: { catM1: target.toggleCatM1() } };
    default:
      return { ok: false, error: `unknown code ${code}` };
  }
}
