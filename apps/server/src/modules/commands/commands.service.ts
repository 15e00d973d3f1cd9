import { EventEmitter } from 'node:events';
import {
  COMMAND_CODES,
  FINAL_COMMAND_STATES,
  LOCK_REFUSAL_MESSAGES,
  OPERATOR_PING_CODES,
  hasRole,
  lockRefusal,
  planBulkLock,
  type AckMessage,
  type BulkCommandResult,
  type CommandMessage,
  type CommandOutcome,
  type CommandSource,
  type CommandView,
  type FirmwareOrder,
  type LockRefusal,
  type LockTarget,
  type Role,
} from '@fairway/domain';
import type { Logger } from 'pino';
import type { DeviceConfigPublisher } from '../../context';
import { conflict, forbidden, notFound, type HttpError } from '../../lib/errors';
import type { CartRideState, DomainEventBus } from '../../lib/events';
import { toCartView } from '../devices/devices.presenter';
import type { DeviceRow } from '../../db/tables/devices';
import type { SitesRepository } from '../sites/sites.repository';
import { toCommandView, type CommandRow } from './commands.presenter';
import { NO_ANSWER, type CommandsRepository } from './commands.repository';

/** A command that ended, and the cart as its end left it (null when it did not change it, or is unknown here). */
export interface CommandEnd {
  command: CommandRow;
  device: DeviceRow | null;
}

/** The part of the device gateway this service needs. */
export interface CommandChannel {
  sendCommand(deviceId: string, command: CommandMessage): Promise<void>;
}

/** How long lock and unlock wait for the cart: the spec's lock poll, 10 tries at 1 s (§4 Lock toggle). */
export const LOCK_WINDOW_MS = 10_000;
/** How long a ride-end lock waits for an offline cart to come back before it expires. */
export const OFFLINE_LOCK_WINDOW_MS = 15 * 60_000;
/**
 * How long a reconnected cart's persistent session may take to hand over a lock sent to its previous
 * connection before that lock is given up and sent again.
 */
const SESSION_HANDOVER_MS = 5_000;
/** An owed lock the cart refused (a jammed lock motor) is tried again this long after, not at every report. */
const REFUSED_LOCK_RETRY_MS = 60_000;
/** Pings may take longer on the cart (a WiFi scan listens for a few seconds). */
export const PING_WINDOW_MS = 20_000;
/** A cart refuses a command it receives after this much of the window has passed, so that the answer
 *  still arrives before the operator is told it failed. */
const DEADLINE_SHARE = 0.8;
/**
 * How long a command someone waits for may stay 'queued' after the broker took it before that is stored:
 * its answer usually ends it sooner (`issue`). A server killed in between leaves it 'queued', and the expiry
 * job then ends it 'expired' rather than 'failed': unanswered either way.
 */
const SENT_MARK_DELAY_MS = 1_000;
/** Poll of the database while waiting, for acknowledgements that another server instance received. */
const WAIT_POLL_MS = 400;

export interface Requester {
  userId: string | null;
  role: Role;
  source: CommandSource;
  /** the virtual key that asked when no user did (a master key on the site portal) */
  codeId?: string;
}

const refusalError = (reason: LockRefusal): HttpError =>
  reason === 'role'
    ? forbidden(LOCK_REFUSAL_MESSAGES.role, reason)
    : conflict(LOCK_REFUSAL_MESSAGES[reason], reason);

/**
 * Commands to carts (issue #3): every command is stored before it is sent, sent with QoS 1, and ends
 * acknowledged, failed or expired — by the cart's answer, or by the deadline. Lock and unlock follow the
 * §4 rules (shared with the web app from the domain package), and an acknowledged one changes the cart's
 * lock state at once, so operators see it without waiting for the next report.
 */
export class CommandsService {
  /** Local waiters, woken by an acknowledgement this instance received, with the cart as that answer left it. */
  private readonly finished = new EventEmitter<Record<string, [CommandEnd]>>();
  /**
   * The commands someone here waits for, as stored: their answer ends them without reading them first (name,
   * code, site and issue time never change).
   */
  private readonly awaited = new Map<string, CommandRow>();
  /** Answers this instance is storing: the waiter's poll leaves them to the event that follows the store. */
  private readonly storing = new Set<string>();
  /** How waits for an answer ended (the bench reads it: a wait the poll ends cost up to WAIT_POLL_MS). */
  private readonly waits = { byEvent: 0, byPoll: 0, byDeadline: 0 };

  constructor(
    private readonly commands: CommandsRepository,
    private readonly sites: SitesRepository,
    private readonly channel: CommandChannel,
    private readonly configs: DeviceConfigPublisher,
    private readonly bus: DomainEventBus,
    private readonly log: Logger,
  ) {
    this.finished.setMaxListeners(0);
  }

  /** How the waits for a cart's answer ended since the start: by this instance's event, its poll, the deadline. */
  waitStats(): { byEvent: number; byPoll: number; byDeadline: number } {
    return { ...this.waits };
  }

  /** Lock or unlock one cart of `siteId` and wait for its answer (at most the lock window). */
  async setLock(
    siteId: string,
    deviceId: string,
    target: LockTarget,
    by: Requester,
  ): Promise<CommandOutcome> {
    const ended = await this.lockUntilEnd(siteId, deviceId, target, by);
    return this.outcomeOf(ended);
  }

  /**
   * As `setLock`, answering the command as stored once it ended and the cart as that end left it: the ride's
   * reaction to an operator's lock or unlock comes after, and `OperatorLockService` answers once it is done.
   */
  lockAndWait(siteId: string, deviceId: string, target: LockTarget, by: Requester): Promise<CommandEnd> {
    return this.lockUntilEnd(siteId, deviceId, target, by);
  }

  private async lockUntilEnd(
    siteId: string,
    deviceId: string,
    target: LockTarget,
    by: Requester,
  ): Promise<CommandEnd> {
    // The cart and its site's keyless flag in one read.
    const found = await this.commands.deviceWithSite(deviceId);
    if (!found || found.device.siteId !== siteId) throw notFound('Device not found');
    const reason = lockRefusal(toCartView(found.device), { keyless: found.siteKeyless }, by.role, target);
    if (reason) throw refusalError(reason);
    return this.issueAndWait(found.device, target === 1 ? 'lock' : 'unlock', null, by, LOCK_WINDOW_MS);
  }

  /** Bulk lock/unlock: only online keyless carts whose state differs; the others are named with why. */
  async setLockMany(
    siteId: string,
    ids: string[],
    target: LockTarget,
    by: Requester,
  ): Promise<BulkCommandResult> {
    const { found, missing } = await this.devicesOfSite(siteId, ids);
    const site = await this.sites.find(siteId);
    const plan = planBulkLock(
      found.map((row) => ({ ...toCartView(row), row })),
      { keyless: site?.keyless ?? false },
      by.role,
      target,
    );
    const commands = await Promise.all(
      plan.act.map(({ row }) => this.issue(row, target === 1 ? 'lock' : 'unlock', null, by, LOCK_WINDOW_MS)),
    );
    return { commands: commands.map(toCommandView), skipped: [...plan.skipped, ...missing] };
  }

  /** A ping command (codes 1–11 or custom) to one cart; waits for its answer. */
  async ping(siteId: string | null, deviceId: string, code: number, by: Requester): Promise<CommandOutcome> {
    const device = siteId ? await this.deviceOfSite(siteId, deviceId) : await this.anyDevice(deviceId);
    this.assertMayPing(code, by.role);
    if (!toCartView(device).onlineStatus) throw conflict(LOCK_REFUSAL_MESSAGES.offline, 'offline');
    // Code 1 means "apply the site settings": the settings travel in the cart's versioned config.
    if (code === COMMAND_CODES.publishSiteSettings) await this.configs.publishDevices([device.id], ['ss']);
    return this.outcomeOf(await this.issueAndWait(device, 'ping', code, by, PING_WINDOW_MS));
  }

  async pingMany(
    siteId: string | null,
    ids: string[],
    code: number,
    by: Requester,
  ): Promise<BulkCommandResult> {
    this.assertMayPing(code, by.role);
    const { found, missing } = await this.devicesOfSite(siteId, ids);
    const skipped: BulkCommandResult['skipped'] = [...missing];
    const online: DeviceRow[] = [];
    for (const row of found) {
      if (toCartView(row).onlineStatus) online.push(row);
      else skipped.push({ id: row.id, carNumber: row.carNumber, reason: 'offline' });
    }
    const commands = await Promise.all(online.map((row) => this.sendPing(row, code, by)));
    return { commands: commands.map(toCommandView), skipped };
  }

  /**
   * The server's own lock (auto-lock, scheduled lock, round timeout): same rules as an operator's, except
   * the role; a cart the rules leave alone is skipped silently. Does not wait for the answer.
   */
  async lockBySystem(
    device: DeviceRow,
    source: CommandSource,
    siteKeyless: boolean,
  ): Promise<CommandView | null> {
    if (lockRefusal(toCartView(device), { keyless: siteKeyless }, 'superadmin', 1)) return null;
    await this.commands.oweLock(device.id, source, new Date());
    return toCommandView(
      await this.issue(device, 'lock', null, { userId: null, role: 'superadmin', source }, LOCK_WINDOW_MS),
    );
  }

  /**
   * A ride's unlock (issue #6): the guest's payment, code or session is the permission, so the operator's
   * role rule does not apply, but the cart's own state does (offline, key mode, not keyless: answered null,
   * nothing sent). Does not wait: the cart's answer, or the end of `windowMs` without one, arrives as
   * `command.updated`, where the ride lifecycle confirms the ride or tries again. `beforeSend` runs once the
   * command is stored and before the cart can have it, so its answer always finds what it belongs to.
   */
  async unlockForGuest(
    device: DeviceRow,
    siteKeyless: boolean,
    windowMs: number = LOCK_WINDOW_MS,
    beforeSend?: (commandId: string) => Promise<void>,
  ): Promise<CommandView | null> {
    if (lockRefusal(toCartView(device), { keyless: siteKeyless }, 'superadmin', 0)) return null;
    const command = await this.issue(
      device,
      'unlock',
      null,
      { userId: null, role: 'superadmin', source: 'guest' },
      windowMs,
      beforeSend,
    );
    this.giveUpAt(command, command.issuedAt.getTime() + windowMs);
    return toCommandView(command);
  }

  /**
   * The lock that goes with a ride's end: an unlocked keyless cart (not in key mode) is locked, without
   * waiting, unless a lock is already on its way. A cart that is offline gets the command too, with a long
   * deadline: it waits in the cart's persistent session and locks the cart when it comes back. Either way
   * the lock is owed until the cart is locked, and sent again whenever the cart is heard after an attempt
   * went unanswered (`resendOwedLocks`): a cart that dropped silently, while the server still believed it
   * connected, is not left open with its ride ended. Answers null when nothing was sent now.
   */
  async lockAfterRide(
    device: DeviceRow,
    source: CommandSource,
    siteKeyless: boolean,
  ): Promise<CommandView | null> {
    const cart = toCartView(device);
    if (!siteKeyless || cart.key === '1' || cart.lockStatus === 1) return null;
    await this.commands.oweLock(device.id, source, new Date());
    if (cart.updates.includes('lock')) return null;
    const windowMs = cart.onlineStatus ? LOCK_WINDOW_MS : OFFLINE_LOCK_WINDOW_MS;
    return toCommandView(
      await this.issue(device, 'lock', null, { userId: null, role: 'superadmin', source }, windowMs),
    );
  }

  /**
   * A firmware order (OTA, issue 20) to one cart; does not wait. The cart acknowledges on receipt and
   * reports its progress as `firmware` events (modules/firmware). `beforeSend` runs once the command is
   * stored, before the cart can have it, so its answer always finds the update it belongs to.
   */
  async sendFirmware(
    device: DeviceRow,
    order: FirmwareOrder,
    by: Requester,
    windowMs: number,
    beforeSend: (commandId: string) => Promise<void>,
  ): Promise<CommandRow> {
    const command = await this.issue(device, 'firmware', null, by, windowMs, beforeSend, order);
    this.giveUpAt(command, command.issuedAt.getTime() + windowMs);
    return command;
  }

  async recentForDevice(siteId: string, deviceId: string, limit = 20): Promise<CommandView[]> {
    await this.deviceOfSite(siteId, deviceId);
    return (await this.commands.listForDevice(deviceId, limit)).map(toCommandView);
  }

  /**
   * The cart's answer (device channel `ack`), received at `receivedAt` (epoch ms, the gateway's clock that
   * also times reports): the lock state it confirms is ordered with the cart's reports by that time.
   */
  async acknowledged(deviceId: string, ack: AckMessage, receivedAt = Date.now()): Promise<void> {
    this.storing.add(ack.id);
    try {
      await this.storeAnswer(deviceId, ack, receivedAt);
    } finally {
      this.storing.delete(ack.id);
    }
  }

  private async storeAnswer(deviceId: string, ack: AckMessage, receivedAt: number): Promise<void> {
    const state = ack.ok ? 'acknowledged' : ack.error === 'expired' ? 'expired' : 'failed';
    const ended = await this.commands.finish(
      ack.id,
      deviceId,
      {
        state,
        error: ack.ok ? null : (ack.error ?? 'The cart refused the command'),
        result: ack.result ?? null,
        receivedAt,
      },
      this.awaited.get(ack.id),
    );
    if (!ended) {
      this.log.debug({ deviceId, ack }, 'acknowledgement of an unknown or finished command ignored');
      return;
    }
    // A WiFi scan's or log request's answer, stored with the acknowledgement (issue 20, device-logs module).
    if (ended.log) this.bus.emit('device.log', ended.log, ended.command.siteId);
    if (ended.unreadable)
      this.log.warn(
        { deviceId, command: ended.command.id, issue: ended.unreadable },
        'unreadable answer not stored',
      );
    this.announce(ended.command, ended.device, ended.cart);
  }

  /**
   * Sends again the locks carts owe (ride ends and the server's own locks: `lockAfterRide`, `lockBySystem`)
   * to carts heard from since the last attempt ended, with the source that first asked, so the cart's
   * acknowledgement means what it would have meant then. Operators' commands are never re-sent: an unlock
   * must not fire minutes after the operator gave up on it. Answers how many were sent.
   */
  async resendOwedLocks(): Promise<number> {
    const due = await this.commands.owedLocksDue(SESSION_HANDOVER_MS, REFUSED_LOCK_RETRY_MS);
    const rows = new Map((await this.commands.deviceStates(due.map((d) => d.id))).map((r) => [r.id, r]));
    let sent = 0;
    for (const { id, source, openAttempt } of due) {
      const device = rows.get(id);
      if (!device) continue;
      if (openAttempt) {
        const attempt = await this.commands.find(openAttempt);
        if (attempt) await this.giveUp(attempt);
      }
      const command = await this.issue(
        device,
        'lock',
        null,
        { userId: null, role: 'superadmin', source },
        LOCK_WINDOW_MS,
      );
      this.log.info({ deviceId: id, source, command: command.id }, 'owed lock sent again');
      sent += 1;
    }
    return sent;
  }

  /** Ends commands whose deadline passed without an answer (durable sweep; also after a crash). */
  async expireOverdue(): Promise<number> {
    const overdue = await this.commands.overdue(1_000);
    for (const row of overdue) await this.giveUp(row);
    return overdue.length;
  }

  private async sendPing(device: DeviceRow, code: number, by: Requester): Promise<CommandRow> {
    // Code 1 means "apply the site settings": the settings travel in the cart's versioned config.
    if (code === COMMAND_CODES.publishSiteSettings) await this.configs.publishDevices([device.id], ['ss']);
    return this.issue(device, 'ping', code, by, PING_WINDOW_MS);
  }

  private assertMayPing(code: number, role: Role): void {
    const allowed = OPERATOR_PING_CODES.includes(code) ? hasRole(role, 'basic') : hasRole(role, 'admin');
    if (!allowed) throw forbidden('Your role may not send this command', 'notAllowed');
  }

  private async issue(
    device: DeviceRow,
    name: CommandMessage['name'],
    code: number | null,
    by: Requester,
    windowMs: number,
    beforeSend?: (commandId: string) => Promise<void>,
    firmware?: FirmwareOrder,
    onStored?: (row: CommandRow) => void,
  ): Promise<CommandRow> {
    const issuedAt = Date.now();
    const row = await this.commands.insert({
      deviceId: device.id,
      siteId: device.siteId,
      name,
      code,
      source: by.source,
      requestedBy: by.userId,
      requestedByCode: by.codeId ?? null,
      issuedAt: new Date(issuedAt),
      expiresAt: new Date(issuedAt + windowMs * DEADLINE_SHARE),
    });
    // A waiter listens before the command can reach the cart: no answer can come while nobody listens.
    onStored?.(row);
    this.announce(row, null);
    await beforeSend?.(row.id);
    const message: CommandMessage = {
      id: row.id,
      name,
      ...(code !== null ? { code } : {}),
      ...(firmware ? { firmware } : {}),
      issuedAt,
      expiresAt: row.expiresAt.getTime(),
    };
    try {
      await this.channel.sendCommand(device.id, message);
    } catch (error) {
      // Not delivered to the broker: the command stays queued and the deadline expires it.
      this.log.error({ err: error, deviceId: device.id, command: row.id }, 'sending a command failed');
      return row;
    }
    const sentAt = new Date();
    if (!onStored) return (await this.markSent(row, sentAt)) ?? row;
    // Someone here waits for the answer, which nearly always comes first: the command is marked sent only if
    // it is still open `SENT_MARK_DELAY_MS` later, with the time the broker took it. The answer's own write
    // ends it from 'queued' (a 'sent' that loses the race changes nothing), and a lock or unlock costs one
    // round trip to the database fewer (issue 22).
    setTimeout(() => {
      if (!this.awaited.has(row.id)) return;
      this.markSent(row, sentAt, true).catch((error: unknown) =>
        this.log.error({ err: error, command: row.id }, 'marking a command sent failed'),
      );
    }, SENT_MARK_DELAY_MS).unref();
    return row;
  }

  /**
   * Stores that the broker has had the command since `sentAt` and says so; not when someone here waited for
   * it and it has ended meanwhile (its final state is out already and must stay the last word).
   */
  private async markSent(row: CommandRow, sentAt: Date, awaited = false): Promise<CommandRow | null> {
    const sent = await this.commands.markSent(row, sentAt);
    if (sent && (!awaited || this.awaited.has(row.id))) this.announce(sent, null);
    return sent;
  }

  /** Issues a command and waits for its end (at most `windowMs`), listening from before it is sent. */
  private async issueAndWait(
    device: DeviceRow,
    name: CommandMessage['name'],
    code: number | null,
    by: Requester,
    windowMs: number,
  ): Promise<CommandEnd> {
    const waits: Array<Promise<CommandEnd>> = [];
    // `issue` calls back as soon as the command is stored, whatever happens to it after.
    await this.issue(device, name, code, by, windowMs, undefined, undefined, (stored) => {
      waits.push(this.waitForEnd(stored, windowMs));
    });
    return waits[0]!;
  }

  /**
   * Resolves with the command once it ended (and the cart as its end left it, when this instance ended it),
   * or ends it at the window's close as unanswered. Subscribes at once: call it before the command is sent.
   */
  private waitForEnd(command: CommandRow, windowMs: number): Promise<CommandEnd> {
    const deadline = command.issuedAt.getTime() + windowMs;
    this.awaited.set(command.id, command);
    return new Promise<CommandEnd>((resolve) => {
      let settled = false;
      const settle = (ended: CommandEnd, how: keyof typeof this.waits) => {
        if (settled) return;
        settled = true;
        this.waits[how] += 1;
        clearInterval(poll);
        clearTimeout(timer);
        this.finished.off(command.id, onEvent);
        this.awaited.delete(command.id);
        resolve(ended);
      };
      const onEvent = (ended: CommandEnd) => settle(ended, 'byEvent');
      this.finished.on(command.id, onEvent);
      // Another instance may take the cart's answer (shared subscriptions): the database tells.
      const poll = setInterval(
        () =>
          void this.commands.find(command.id).then(
            (row) => {
              // An answer being stored here wakes the wait itself, with the cart as it left it.
              if (row && FINAL_COMMAND_STATES.includes(row.state) && !this.storing.has(command.id))
                settle({ command: row, device: null }, 'byPoll');
            },
            // A failed poll is retried by the next one; the deadline settles the wait in any case.
            (error: unknown) =>
              this.log.warn({ err: error, command: command.id }, 'polling a command failed'),
          ),
        WAIT_POLL_MS,
      );
      const timer = setTimeout(
        () => {
          void this.giveUp(command).then(
            async (ended) =>
              settle(
                ended ?? { command: (await this.commands.find(command.id)) ?? command, device: null },
                'byDeadline',
              ),
            (error: unknown) => {
              this.log.error({ err: error, command: command.id }, 'ending an unanswered command failed');
              settle({ command, device: null }, 'byDeadline');
            },
          );
        },
        Math.max(0, deadline - Date.now()),
      );
    });
  }

  /**
   * Ends the command as unanswered at `deadline` unless it ended before, without anyone waiting for it (the
   * command-expiry job does the same later if this process stops first).
   */
  private giveUpAt(command: CommandRow, deadline: number): void {
    const timer = setTimeout(
      () => {
        this.giveUp(command).catch((error: unknown) =>
          this.log.error({ err: error, command: command.id }, 'ending an unanswered command failed'),
        );
      },
      Math.max(0, deadline - Date.now()),
    );
    timer.unref();
  }

  /** No answer in time: a sent command failed, one that never left the queue expired. Null: it had ended. */
  private async giveUp(command: CommandRow): Promise<CommandEnd | null> {
    const current = await this.commands.find(command.id);
    if (!current || current.finishedAt) return null;
    const ended = await this.commands.finish(
      command.id,
      command.deviceId,
      {
        state: current.state === 'queued' ? 'expired' : 'failed',
        error: current.state === 'queued' ? 'The command could not be delivered in time' : NO_ANSWER,
      },
      current,
    );
    if (!ended) return null;
    this.announce(ended.command, ended.device, ended.cart);
    return { command: ended.command, device: ended.device };
  }

  /** `cart`: the cart's open ride as the command's end read it (a lock or unlock's), for the ride reactions. */
  private announce(command: CommandRow, device: DeviceRow | null, cart: CartRideState | null = null): void {
    if (device) this.bus.emit('device.updated', device);
    if (cart) this.bus.emit('command.updated', command, cart);
    else this.bus.emit('command.updated', command);
    if (FINAL_COMMAND_STATES.includes(command.state)) this.finished.emit(command.id, { command, device });
  }

  /**
   * The answer of a single-cart command: the cart as the command's end stored it (the state its answer
   * confirmed, not a later read), or as it stands now when another instance ended it.
   */
  private outcomeOf({ command, device }: CommandEnd): Promise<CommandOutcome> | CommandOutcome {
    return device ? { command: toCommandView(command), device: toCartView(device) } : this.outcome(command);
  }

  /**
   * The command with the cart as it stands now (the answer of a single-cart command), or as `cart`, when the
   * caller holds the cart as the command's consequence stored it (a manual ride's opening).
   */
  async outcome(command: CommandRow, cart?: DeviceRow): Promise<CommandOutcome> {
    if (cart) return { command: toCommandView(command), device: toCartView(cart) };
    const [device] = await this.commands.deviceStates([command.deviceId]);
    if (!device) throw notFound('Device not found');
    return { command: toCommandView(command), device: toCartView(device) };
  }

  private async deviceOfSite(siteId: string, deviceId: string): Promise<DeviceRow> {
    const [device] = await this.commands.deviceStates([deviceId]);
    if (!device || device.siteId !== siteId) throw notFound('Device not found');
    return device;
  }

  private async anyDevice(deviceId: string): Promise<DeviceRow> {
    const [device] = await this.commands.deviceStates([deviceId]);
    if (!device) throw notFound('Device not found');
    return device;
  }

  private async devicesOfSite(
    siteId: string | null,
    ids: string[],
  ): Promise<{ found: DeviceRow[]; missing: BulkCommandResult['skipped'] }> {
    const rows = await this.commands.deviceStates([...new Set(ids)]);
    const found = rows.filter((row) => siteId === null || row.siteId === siteId);
    const known = new Set(found.map((row) => row.id));
    const missing = [...new Set(ids)]
      .filter((id) => !known.has(id))
      .map((id) => ({ id, carNumber: null, reason: 'notFound' as const }));
    return { found, missing };
  }
}
