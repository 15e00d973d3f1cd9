import type pg from 'pg';
import { devices, type DeviceRow } from '../../db/tables/devices';
import { deviceCommands } from '../../db/tables/commands';
import type { NewActivity } from '../../db/activity-entries';
import { rawRowTypes, rowReader, selectAs } from '../../devices/gateway/device-state-sql';
import type { CartRideState } from '../../lib/events';
import type { CommandRow } from './commands.presenter';
import { OPEN_RIDE_COLUMNS, openRideJoins, readOpenRide } from './open-ride-sql';

/*
 * The statements of a lock or unlock's round trip (issue #22), as fixed texts prepared once per connection,
 * like the telemetry writer's (devices/gateway/device-state-sql.ts): each step is one statement, so no row
 * lock is held across a round trip to this process, and building them through the query builder per call
 * cost a fifth of the server's CPU in a burst of commands (docs/performance.md, Command round-trip).
 */

const readCommand = rowReader(deviceCommands, 'c_');
const readDevice = rowReader(devices, 'd_');
const readPlainDevice = rowReader(devices);

/**
 * The activity entry of a command's step ($3–$5), inserted only when the step happened (the CTE `c` has its
 * row), stamped `at`.
 */
const insertEntry = (at = 'clock_timestamp()') => `
  INSERT INTO activity (device_id, site_id, type, message, data, created_at)
  SELECT c.device_id, c.site_id, $3, $4, $5::jsonb, ${at} FROM c`;

const entryValues = (entry: NewActivity) => [entry.type, entry.message, JSON.stringify(entry.data ?? {})];

/**
 * Stores a queued command; anything but a ping also marks the cart's pending update 'lock'. The command's
 * row comes back; the cart's row is not read (nobody is told about the marker until the command ends).
 */
const INSERT_COMMAND = `
WITH c AS (
  INSERT INTO device_commands
    (device_id, site_id, name, code, source, requested_by, requested_by_code, issued_at, expires_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
  RETURNING *
), marked AS (
  UPDATE devices SET updates = array(SELECT DISTINCT unnest(updates || '{lock}'::text[]) ORDER BY 1)
  WHERE id = $1 AND $3::text <> 'ping'
)
SELECT ${selectAs(deviceCommands, 'c')} FROM c`;

/**
 * A queued command the broker took at $6, with its activity entry ($3–$5) at that time, in one statement
 * (it may be stored a while after: `CommandsService.issue`).
 */
const MARK_SENT = `
WITH c AS (
  UPDATE device_commands SET state = 'sent', sent_at = $6::timestamptz
  WHERE id = $1 AND device_id = $2 AND state = 'queued'
  RETURNING *
), entry AS (${insertEntry('$6::timestamptz')})
SELECT ${selectAs(deviceCommands, 'c')} FROM c`;

/**
 * Ends a command once ($6 state, $7 error, $8 result, $9 the error of an unanswered one): an open command
 * takes any final state, one given up for lack of an answer may still be acknowledged by a late answer. With
 * its activity entry ($3–$5) and, through `device`, the cart's change; with `openRide`, the cart's open ride
 * as the ride lifecycle's reaction to a lock or unlock would read it next (`open-ride-sql.ts`).
 */
const finishStatement = (device: string, openRide = false) => `
WITH c AS (
  UPDATE device_commands SET state = $6::text, error = $7::text, result = $8::jsonb, finished_at = now(),
    acked_at = CASE WHEN $6::text = 'acknowledged' THEN now() ELSE acked_at END
  WHERE id = $1 AND device_id = $2
    AND (finished_at IS NULL OR ($6::text = 'acknowledged' AND state = 'failed' AND error = $9::text))
  RETURNING *
), entry AS (${insertEntry()})${device}
SELECT ${selectAs(deviceCommands, 'c')}${device ? `, ${selectAs(devices, 'd')}` : ''}${openRide ? `, ${OPEN_RIDE_COLUMNS}` : ''}
FROM c${device ? ' LEFT JOIN d ON true' : ''}${openRide ? openRideJoins('c.device_id') : ''}`;

/** A ping changes nothing on the cart. */
const FINISH_PING = finishStatement('');

/** A lock or unlock that failed or expired: only the cart's 'lock' marker goes. */
const FINISH_CLEAR = finishStatement(
  `, d AS (
  UPDATE devices AS d SET updates = array_remove(d.updates, 'lock'), state_version = d.state_version + 1
  FROM c WHERE d.id = c.device_id
  RETURNING d.*
)`,
  true,
);

/**
 * An acknowledged lock ($10 = 1) or unlock ($10 = 0), received at $11 (epoch ms, the gateway's clock that
 * also times reports): the lock state is set unless a report received after the answer is stored already
 * (that report is newer), and the answer's time is kept so that a report received before it, written later
 * by the telemetry writer, cannot put the older state back (device-state-sql.ts). A lock clears what the cart
 * owed; so does an unlock issued ($12) after the lock was owed (the newer intent: the cart is someone's again).
 */
const FINISH_LOCK_ACK = finishStatement(
  `, v AS (
  SELECT to_timestamp($11::float8 / 1000.0) AS at
), d AS (
  UPDATE devices AS d SET
    updates = array_remove(d.updates, 'lock'),
    state_version = d.state_version + 1,
    lock_status = CASE WHEN d.last_report_at IS NULL OR d.last_report_at <= v.at THEN $10::smallint
      ELSE d.lock_status END,
    lock_updated_at = CASE WHEN (d.last_report_at IS NULL OR d.last_report_at <= v.at)
      AND d.lock_status <> $10::smallint THEN v.at ELSE d.lock_updated_at END,
    lock_acked_at = GREATEST(d.lock_acked_at, v.at),
    lock_owed_at = CASE WHEN (d.last_report_at IS NULL OR d.last_report_at <= v.at)
      AND ($10::smallint = 1 OR d.lock_owed_at < $12::timestamptz) THEN NULL ELSE d.lock_owed_at END,
    lock_owed_by = CASE WHEN (d.last_report_at IS NULL OR d.last_report_at <= v.at)
      AND ($10::smallint = 1 OR d.lock_owed_at < $12::timestamptz) THEN NULL ELSE d.lock_owed_by END
  FROM c, v WHERE d.id = c.device_id
  RETURNING d.*
)`,
  true,
);

/** One cart with whether its site is keyless: what a lock or unlock checks before it is issued. */
const DEVICE_WITH_SITE = `
SELECT d.*, s.keyless AS site_keyless FROM devices d JOIN sites s ON s.id = d.site_id WHERE d.id = $1`;

export type NewCommandValues = Pick<
  CommandRow,
  | 'deviceId'
  | 'siteId'
  | 'name'
  | 'code'
  | 'source'
  | 'requestedBy'
  | 'requestedByCode'
  | 'issuedAt'
  | 'expiresAt'
>;

export interface FinishValues {
  state: 'acknowledged' | 'failed' | 'expired';
  error: string | null;
  result: Record<string, unknown> | null;
  /** the error of a command given up for lack of an answer (a late answer may still acknowledge it) */
  noAnswer: string;
  /** the ended command's activity entry */
  entry: NewActivity;
  /** an acknowledged lock or unlock: its target state, when its answer was received, when it was issued */
  lock?: { target: 0 | 1; receivedAt: number; issuedAt: Date };
}

export async function insertCommand(pool: pg.Pool, values: NewCommandValues): Promise<CommandRow> {
  const result = await pool.query({
    name: 'fairway-insert-command',
    types: rawRowTypes,
    text: INSERT_COMMAND,
    values: [
      values.deviceId,
      values.siteId,
      values.name,
      values.code,
      values.source,
      values.requestedBy,
      values.requestedByCode,
      values.issuedAt,
      values.expiresAt,
    ],
  });
  return readCommand(result.rows[0] as Record<string, unknown>);
}

export async function markCommandSent(
  pool: pg.Pool,
  command: Pick<CommandRow, 'id' | 'deviceId'>,
  entry: NewActivity,
  sentAt: Date,
): Promise<CommandRow | null> {
  const result = await pool.query({
    name: 'fairway-mark-command-sent',
    types: rawRowTypes,
    text: MARK_SENT,
    values: [command.id, command.deviceId, ...entryValues(entry), sentAt],
  });
  const [row] = result.rows as Array<Record<string, unknown>>;
  return row ? readCommand(row) : null;
}

/** An ended command, the cart as its end left it and, for a lock or unlock, the cart's open ride. */
export interface FinishedRow {
  command: CommandRow;
  device: DeviceRow | null;
  cart: CartRideState | null;
}

/** Ends a command in one statement; null when it had ended already. */
export async function finishCommand(
  pool: pg.Pool,
  command: Pick<CommandRow, 'id' | 'deviceId' | 'name'>,
  values: FinishValues,
): Promise<FinishedRow | null> {
  const common = [
    command.id,
    command.deviceId,
    ...entryValues(values.entry),
    values.state,
    values.error,
    values.result === null ? null : JSON.stringify(values.result),
    values.noAnswer,
  ];
  const result =
    command.name === 'ping'
      ? await pool.query({
          name: 'fairway-finish-ping',
          types: rawRowTypes,
          text: FINISH_PING,
          values: common,
        })
      : values.lock
        ? await pool.query({
            name: 'fairway-finish-lock-ack',
            types: rawRowTypes,
            text: FINISH_LOCK_ACK,
            values: [...common, values.lock.target, values.lock.receivedAt, values.lock.issuedAt],
          })
        : await pool.query({
            name: 'fairway-finish-clear',
            types: rawRowTypes,
            text: FINISH_CLEAR,
            values: common,
          });
  const [row] = result.rows as Array<Record<string, unknown>>;
  if (!row) return null;
  const ended = readCommand(row);
  const device = row.d_id ? readDevice(row) : null;
  if (command.name === 'ping' || !device) return { command: ended, device, cart: null };
  return { command: ended, device, cart: { device, ...readOpenRide(row, ended) } };
}

export async function deviceWithSite(
  pool: pg.Pool,
  deviceId: string,
): Promise<{ device: DeviceRow; siteKeyless: boolean } | null> {
  const result = await pool.query({
    name: 'fairway-device-with-site',
    types: rawRowTypes,
    text: DEVICE_WITH_SITE,
    values: [deviceId],
  });
  const [row] = result.rows as Array<Record<string, unknown>>;
  return row ? { device: readPlainDevice(row), siteKeyless: row.site_keyless === true } : null;
}
