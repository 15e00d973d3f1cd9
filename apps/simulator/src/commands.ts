import {
  COMMAND_CODES,
  logRequestResult,
  wifiScanResult,
  type AckMessage,
  type CommandMessage,
  type FirmwareOrder,
  type LogSnapshotResult,
} from '@fairway/domain';
import { buildAck } from './outbound';
import type { WifiNetwork } from './wifi-scan';

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
  /** the tracker's recent log lines, oldest first */
  logLines(): string[];
  /** the state a support engineer reads next to the log, grouped as the side panel shows it */
  logSnapshot(): LogSnapshotResult;
  soundBuzzer(durationMs: number): void;
  /** flips the modem between CAT-M1 and its other mode; returns whether CAT-M1 is now on */
  toggleCatM1(): boolean;
  /** an OTA update is downloading or being checked */
  readonly firmwareUpdating: boolean;
  /** downloads, checks and installs `order` after the ack, reporting `firmware` events (firmware-update.ts) */
  startFirmwareUpdate(commandId: string, order: FirmwareOrder): Promise<void>;
}

/** What the device does to its link once the ack is on its way. */
export type LinkAction =
  /** restart the tracker: the link drops without DISCONNECT, uptime starts again */
  | 'reboot'
  /** like reboot, and the applied config is forgotten, so the retained one is applied (and acked) again */
  | 'reset'
  /** the cellular modem restarts: a brief outage, the tracker keeps running */
  | 'restartModem'
  /** subscribe to `config` again, so the broker hands over the retained config once more */
  | 'refetchConfig';

/** How a command is treated, decided the moment it arrives. */
export type Admission =
  /** an id received before: neither run nor answered again (QoS 1 may deliver a message twice) */
  | 'duplicate'
  /** test hook: taken from the broker and never answered */
  | 'dropped'
  /** received after its `expiresAt`: refused, not run */
  | 'expired'
  /** test hook: answered `simulated failure`, not run */
  | 'failed'
  | 'accepted';

export type AnsweredAdmission = Extract<Admission, 'expired' | 'failed' | 'accepted'>;

export interface CommandOutcome {
  ack: AckMessage;
  linkAction: LinkAction | null;
}

/** How long the buzzer sounds for code 8. */
export const SOUND_DURATION_MS = 3_000;

/** How many ids a device remembers; QoS 1 redelivery happens within seconds, not hundreds of commands. */
const REMEMBERED_IDS = 256;

/**
 * Admits each command id once: a repeated delivery is neither run nor answered again, and a command past
 * its `expiresAt` is refused, because a lock or unlock that arrives late may no longer be what anyone
 * wants. The test hooks (`failNext`, `dropNext`) apply to the next commands that would otherwise run.
 */
export class CommandInbox {
  private readonly seen = new Set<string>();
  private failuresToInject = 0;
  private dropsToInject = 0;

  /** The next `count` commands are answered `{ ok: false, error: 'simulated failure' }` unexecuted. */
  failNext(count: number): void {
    this.failuresToInject = Math.max(0, Math.floor(count));
  }

  /** The next `count` commands are received but never executed nor answered. */
  dropNext(count: number): void {
    this.dropsToInject = Math.max(0, Math.floor(count));
  }

  admit(command: CommandMessage, receivedAt: number): Admission {
    if (this.seen.has(command.id)) return 'duplicate';
    this.remember(command.id);
    if (receivedAt > command.expiresAt) return 'expired';
    if (this.dropsToInject > 0) {
      this.dropsToInject -= 1;
      return 'dropped';
    }
    if (this.failuresToInject > 0) {
      this.failuresToInject -= 1;
      return 'failed';
    }
    return 'accepted';
  }

  private remember(id: string): void {
    this.seen.add(id);
    if (this.seen.size > REMEMBERED_IDS) {
      // Sets iterate in insertion order, so the first id is the oldest.
      this.seen.delete(this.seen.values().next().value!);
    }
  }
}

type Answer =
  { ok: true; result?: Record<string, unknown>; linkAction?: LinkAction } | { ok: false; error: string };

/** Carries out an admitted command (unless it was refused) and builds its ack. */
export function answerCommand(
  command: CommandMessage,
  admission: AnsweredAdmission,
  target: CommandTarget,
  now: number,
): CommandOutcome {
  const answer: Answer =
    admission === 'expired'
      ? { ok: false, error: 'expired' }
      : admission === 'failed'
        ? { ok: false, error: 'simulated failure' }
        : execute(command, target);
  return {
    ack: buildAck(command.id, now, answer),
    linkAction: answer.ok ? (answer.linkAction ?? null) : null,
  };
}

function execute(command: CommandMessage, target: CommandTarget): Answer {
  switch (command.name) {
    case 'firmware':
      // Received: acknowledged at once; the download and its checks follow as `firmware` events.
      if (!command.firmware) return { ok: false, error: 'no firmware order' };
      if (target.firmwareUpdating) return { ok: false, error: 'update running' };
      void target.startFirmwareUpdate(command.id, command.firmware);
      return { ok: true, result: { version: command.firmware.version } };
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
      // Settings travel as the retained config: fetch it again, and say which version runs now.
      return { ok: true, result: { configVersion: target.configVersion }, linkAction: 'refetchConfig' };
    case COMMAND_CODES.ping:
      return { ok: true, result: target.diagnostics() };
    case COMMAND_CODES.reboot:
      return { ok: true, result: { rebooting: true }, linkAction: 'reboot' };
    case COMMAND_CODES.reset:
      return { ok: true, result: { resetting: true }, linkAction: 'reset' };
    // Answers the server stores (issue 20): checked against their protocol schemas like every outbound message.
    case COMMAND_CODES.wifiScan:
      return { ok: true, result: wifiScanResult.parse({ networks: target.wifiScan() }) };
    case COMMAND_CODES.requestLog:
      return {
        ok: true,
        result: logRequestResult.parse({ lines: target.logLines(), snapshot: target.logSnapshot() }),
      };
    case COMMAND_CODES.resetOdometer:
      target.resetOdometer();
      return { ok: true, result: { odometer: 0 } };
    case COMMAND_CODES.soundDevice:
      target.soundBuzzer(SOUND_DURATION_MS);
      return { ok: true, result: { sounded: true, soundedMs: SOUND_DURATION_MS } };
    case COMMAND_CODES.restartModem:
      return { ok: true, result: { restarted: 'modem' }, linkAction: 'restartModem' };
    case COMMAND_CODES.restartWifi:
      return { ok: true, result: { restarted: 'wifi' } };
    case COMMAND_CODES.toggleCatM1:
      return { ok: true, result: { catM1: target.toggleCatM1() } };
    default:
      return { ok: false, error: `Unknown command ${code}` };
  }
}
