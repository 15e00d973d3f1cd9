import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { CommandSource, CommandState } from '@fairway/domain';
import type { Db } from '../../db/client';
import type { DeviceRow } from '../../db/tables/devices';
import { devices } from '../../db/tables/devices';
import type pg from 'pg';
import { poolOf } from '../../devices/gateway/device-state-sql';
import type { CommandRow } from './commands.presenter';
import {
  deviceWithSite,
  finishCommand,
  insertCommand,
  markCommandSent,
  type FinishedRow,
  type NewCommandValues,
} from './command-statements';
import { deviceCommands } from '../../db/tables/commands';
import { activity } from '../../db/tables/activity';
import { commandEntry, type CommandEvent } from '../../db/activity-entries';
import { deviceLogs } from '../../db/tables/device-logs';
import { commandAnswer } from './command-answers';

/** Error text of a command the cart never answered; a late acknowledgement may still correct it. */
export const NO_ANSWER = 'No answer from the cart';

/**
 * A command's log entries are stamped when written, not when their transaction began (`now()`): an answer
 * whose transaction began first but waited for the sending's row lock is still logged after the sending.
 */
const loggedNow = sql`clock_timestamp()`;

/** An ended command, the cart when it changed, and the answer it stored (or why its result was not stored). */
export interface FinishedCommand extends FinishedRow {
  log: typeof deviceLogs.$inferSelect | null;
  /** why an acknowledged WiFi scan's or log request's result does not parse */
  unreadable: string | null;
}

export class CommandsRepository {
  private readonly pool: pg.Pool;

  constructor(private readonly db: Db) {
    this.pool = poolOf(db);
  }

  /** Stores a queued command; anything but a ping also marks the cart's pending update 'lock'. One statement. */
  insert(values: NewCommandValues): Promise<CommandRow> {
    return insertCommand(this.pool, values);
  }

  /**
   * Marks a queued command as handed to the broker at `sentAt`, and logs it in the cart's activity (one
   * statement); null when it was no longer queued (its answer came first).
   */
  markSent(command: CommandRow, sentAt: Date): Promise<CommandRow | null> {
    return markCommandSent(this.pool, command, commandEntry(command, 'sent'), sentAt);
  }

  /** One cart with whether its site is keyless (one read), or null. */
  deviceWithSite(deviceId: string): Promise<{ device: DeviceRow; siteKeyless: boolean } | null> {
    return deviceWithSite(this.pool, deviceId);
  }

  find(id: string): Promise<CommandRow | undefined> {
    return this.db.query.deviceCommands.findFirst({ where: eq(deviceCommands.id, id) });
  }

  listForDevice(deviceId: string, limit: number): Promise<CommandRow[]> {
    return this.db
      .select()
      .from(deviceCommands)
      .where(eq(deviceCommands.deviceId, deviceId))
      .orderBy(desc(deviceCommands.issuedAt))
      .limit(limit);
  }

  /**
   * Ends a command once. An open command takes any final state; one that was given up for lack of an answer
   * may still be acknowledged by a late answer, because the cart did act on it. The cart's 'lock' marker
   * goes with it, and an acknowledged lock or unlock sets the cart's lock state at once, without waiting
   * for its next report. Returns the command and, when it changed, the cart.
   */
  async finish(
    id: string,
    deviceId: string,
    outcome: {
      state: Exclude<CommandState, 'queued' | 'sent'>;
      error?: string | null;
      result?: Record<string, unknown> | null;
      /** When the server received the cart's answer (epoch ms); orders it with the cart's reports. */
      receivedAt?: number;
    },
    /** The command as this instance stored it, when it did: saves reading it (name, code and site never change). */
    known?: CommandRow,
  ): Promise<FinishedCommand | null> {
    const command = known ?? (await this.find(id));
    if (!command || command.deviceId !== deviceId) return null;
    const error = outcome.error ?? null;
    const result = outcome.result ?? null;
    const ended: CommandRow = { ...command, state: outcome.state, error, result };
    const answer = commandAnswer(ended);
    // An answer the device logs keep is stored in the same transaction (the rare WiFi scan or log request).
    if (answer?.kind === 'log') return this.finishWithAnswer(id, deviceId, outcome);
    const done = await finishCommand(this.pool, command, {
      state: outcome.state,
      error,
      result,
      noAnswer: NO_ANSWER,
      entry: commandEntry(ended, outcome.state),
      ...(outcome.state === 'acknowledged' && (command.name === 'lock' || command.name === 'unlock')
        ? {
            lock: {
              target: command.name === 'lock' ? 1 : 0,
              receivedAt: outcome.receivedAt ?? Date.now(),
              issuedAt: command.issuedAt,
            },
          }
        : {}),
    });
    if (!done) return null;
    return { ...done, log: null, unreadable: answer?.kind === 'unreadable' ? answer.issue : null };
  }

  /** `finish` for a ping's answer that the device logs keep: the command, its entry and its log in one transaction. */
  private async finishWithAnswer(
    id: string,
    deviceId: string,
    outcome: Parameters<CommandsRepository['finish']>[2],
  ): Promise<FinishedCommand | null> {
    return this.db.transaction(async (tx) => {
      const reopenable = and(eq(deviceCommands.state, 'failed'), eq(deviceCommands.error, NO_ANSWER));
      const [command] = await tx
        .update(deviceCommands)
        .set({
          state: outcome.state,
          error: outcome.error ?? null,
          result: outcome.result ?? null,
          finishedAt: sql`now()`,
          ...(outcome.state === 'acknowledged' ? { ackedAt: sql`now()` } : {}),
        })
        .where(
          and(
            eq(deviceCommands.id, id),
            eq(deviceCommands.deviceId, deviceId),
            outcome.state === 'acknowledged'
              ? or(isNull(deviceCommands.finishedAt), reopenable)
              : isNull(deviceCommands.finishedAt),
          ),
        )
        .returning();
      if (!command) return null;
      // The outcome goes into the cart's activity log with the command, so the log never tells otherwise.
      await tx
        .insert(activity)
        .values({ ...commandEntry(command, command.state as CommandEvent), createdAt: loggedNow });
      // A WiFi scan's or log request's answer is stored with its acknowledgement (issue 20); the device-logs
      // module reads it.
      const answer = commandAnswer(command);
      const [log = null] =
        answer?.kind === 'log'
          ? await tx
              .insert(deviceLogs)
              .values({ deviceId, type: answer.type, commandId: command.id, data: answer.data })
              .returning()
          : [];
      const unreadable = answer?.kind === 'unreadable' ? answer.issue : null;
      // Only pings answer something to keep, and a ping leaves the cart's row as it is.
      return { command, device: null, cart: null, log, unreadable };
    });
  }

  /** Open commands whose deadline (plus `graceMs`) has passed: their instance gave up or went away. */
  overdue(graceMs: number, limit = 500): Promise<CommandRow[]> {
    return this.db
      .select()
      .from(deviceCommands)
      .where(
        and(
          isNull(deviceCommands.finishedAt),
          lt(deviceCommands.expiresAt, sql`now() - make_interval(secs => ${graceMs / 1000})`),
        ),
      )
      .limit(limit);
  }

  /**
   * Records that an unlocked cart owes the lock `source` asked for. The first ask is kept: the lock stays
   * owed from then until the cart is locked (its report or acknowledgement) or unlocked again on purpose
   * (an unlock issued since, acknowledged). `at` is the server's clock before the lock is issued, as the
   * command's `issued_at` is: the owed locks' query finds the attempts issued since the lock became owed,
   * and the database's `now()` (microseconds, maybe another host's clock) could lie after a lock issued in
   * the same millisecond, which then looked never sent and was sent twice.
   */
  async oweLock(deviceId: string, source: CommandSource, at: Date): Promise<void> {
    await this.db
      .update(devices)
      .set({
        lockOwedAt: sql`coalesce(${devices.lockOwedAt}, ${at.toISOString()}::timestamptz)`,
        lockOwedBy: sql`coalesce(${devices.lockOwedBy}, ${source})`,
      })
      .where(and(eq(devices.id, deviceId), eq(devices.lockStatus, 0)));
  }

  /**
   * Carts that owe a lock and should get it (again) now: connected, unlocked, keyless and not in key mode,
   * and either never sent the lock since it became owed, or heard from (connected or reported) after the
   * last attempt ended (`refusedRetryMs` after it, when the cart refused it rather than not answering),
   * or reconnected more than `graceMs` ago while the last attempt is still open (it went to a connection
   * that is gone; a persistent session had `graceMs` to hand it over). `openAttempt` is that open attempt,
   * to be given up before the lock is sent again.
   */
  async owedLocksDue(
    graceMs: number,
    refusedRetryMs: number,
    limit = 200,
  ): Promise<Array<{ id: string; source: CommandSource; openAttempt: string | null }>> {
    const result = await this.db.execute<{
      id: string;
      source: CommandSource;
      open_attempt: string | null;
    }>(sql`
      SELECT d.id, d.lock_owed_by AS source,
        CASE WHEN last.finished_at IS NULL THEN last.id END AS open_attempt
      FROM devices d
      JOIN sites s ON s.id = d.site_id
      LEFT JOIN LATERAL (
        SELECT c.id, c.issued_at, c.finished_at, c.state, c.error FROM device_commands c
        WHERE c.device_id = d.id AND c.name = 'lock' AND c.issued_at >= d.lock_owed_at
        ORDER BY c.issued_at DESC LIMIT 1
      ) last ON true
      WHERE d.lock_owed_at IS NOT NULL AND d.online AND d.lock_status = 0 AND d.key = '0' AND s.keyless
        AND (
          (last.id IS NULL AND NOT 'lock' = ANY(d.updates))
          OR (last.finished_at IS NOT NULL AND NOT 'lock' = ANY(d.updates)
            AND GREATEST(d.connected_at, d.last_report_at) > last.finished_at
            AND (last.state <> 'failed' OR last.error = ${NO_ANSWER}
              OR last.finished_at < now() - make_interval(secs => ${refusedRetryMs / 1000})))
          OR (last.id IS NOT NULL AND last.finished_at IS NULL AND d.connected_at > last.issued_at
            AND d.connected_at < now() - make_interval(secs => ${graceMs / 1000}))
        )
      ORDER BY d.lock_owed_at
      LIMIT ${limit}`);
    return result.rows.map((row) => ({ id: row.id, source: row.source, openAttempt: row.open_attempt }));
  }

  async deviceStates(ids: string[]): Promise<DeviceRow[]> {
    return ids.length === 0 ? [] : this.db.select().from(devices).where(inArray(devices.id, ids));
  }
}
