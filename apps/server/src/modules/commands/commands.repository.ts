import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { CommandSource, CommandState } from '@fairway/domain';
import type { Db } from '../../db/client';
import type { DeviceRow } from '../../db/tables/devices';
import { devices } from '../../db/tables/devices';
import type { CommandRow } from './commands.presenter';
import { deviceCommands } from '../../db/tables/commands';
import { activity } from '../../db/tables/activity';
import { commandEntry, type CommandEvent } from '../../db/activity-entries';
import { deviceLogs } from '../../db/tables/device-logs';
import { commandAnswer } from './command-answers';

export type NewCommand = typeof deviceCommands.$inferInsert;

/** Error text of a command the cart never answered; a late acknowledgement may still correct it. */
export const NO_ANSWER = 'No answer from the cart';

/**
 * A command's log entries are stamped when written, not when their transaction began (`now()`): an answer
 * whose transaction began first but waited for the sending's row lock is still logged after the sending.
 */
const loggedNow = sql`clock_timestamp()`;

const withoutLockMarker = sql`array_remove(${devices.updates}, 'lock')`;
/** Every write of a cart's state makes a later version (db/tables/devices.ts `stateVersion`). */
const nextStateVersion = sql`${devices.stateVersion} + 1`;

/**
 * The cart's state once it acknowledged a lock or unlock received at `receivedAt`: the lock state is set
 * unless a report received after the answer is stored already (that report is newer), and the answer's
 * time is kept so that a report received before it, written later by the telemetry writer, cannot put the
 * older state back (device-state-sql.ts). A lock clears what the cart owed; so does an unlock issued after
 * the lock was owed (the newer intent: the cart is someone's again).
 */
function acknowledgedLock(command: CommandRow, receivedAt: number) {
  const lockStatus = command.name === 'lock' ? 1 : 0;
  const at = sql`to_timestamp(${receivedAt}::float8 / 1000.0)`;
  const applies = sql`(${devices.lastReportAt} is null or ${devices.lastReportAt} <= ${at})`;
  const clearsOwed =
    command.name === 'lock'
      ? applies
      : sql`(${applies} and ${devices.lockOwedAt} < ${command.issuedAt.toISOString()}::timestamptz)`;
  return {
    updates: withoutLockMarker,
    stateVersion: nextStateVersion,
    lockStatus: sql`case when ${applies} then ${lockStatus} else ${devices.lockStatus} end`,
    lockUpdatedAt: sql`case when ${applies} and ${devices.lockStatus} <> ${lockStatus} then ${at} else ${devices.lockUpdatedAt} end`,
    lockAckedAt: sql`greatest(${devices.lockAckedAt}, ${at})`,
    lockOwedAt: sql`case when ${clearsOwed} then null else ${devices.lockOwedAt} end`,
    lockOwedBy: sql`case when ${clearsOwed} then null else ${devices.lockOwedBy} end`,
  };
}

/** An ended command, the cart when it changed, and the answer it stored (or why its result was not stored). */
export interface FinishedCommand {
  command: CommandRow;
  device: DeviceRow | null;
  log: typeof deviceLogs.$inferSelect | null;
  /** why an acknowledged WiFi scan's or log request's result does not parse */
  unreadable: string | null;
}

export class CommandsRepository {
  constructor(private readonly db: Db) {}

  /** Stores a queued command; a lock or unlock also marks the cart's pending update 'lock'. */
  async insert(values: NewCommand): Promise<CommandRow> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.insert(deviceCommands).values(values).returning();
      if (values.name !== 'ping') {
        await tx
          .update(devices)
          .set({
            updates: sql`array(select distinct unnest(${devices.updates} || '{lock}'::text[]) order by 1)`,
          })
          .where(eq(devices.id, values.deviceId));
      }
      return row!;
    });
  }

  /** Marks a queued command as handed to the broker, and logs it in the cart's activity (same transaction). */
  async markSent(id: string): Promise<CommandRow | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(deviceCommands)
        .set({ state: 'sent', sentAt: sql`now()` })
        .where(and(eq(deviceCommands.id, id), eq(deviceCommands.state, 'queued')))
        .returning();
      if (row) await tx.insert(activity).values({ ...commandEntry(row, 'sent'), createdAt: loggedNow });
      return row ?? null;
    });
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
      if (command.name === 'ping') return { command, device: null, log, unreadable };
      const [device] = await tx
        .update(devices)
        .set(
          outcome.state === 'acknowledged'
            ? acknowledgedLock(command, outcome.receivedAt ?? Date.now())
            : { updates: withoutLockMarker, stateVersion: nextStateVersion },
        )
        .where(eq(devices.id, deviceId))
        .returning();
      return { command, device: device ?? null, log, unreadable };
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
