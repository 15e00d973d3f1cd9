import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../db/client';
import { devices } from '../../db/tables/devices';
import type { DeviceRow } from '../../db/tables/devices';
import type { DeviceChange } from './device-change';
import type { PositionColumns } from './position-columns';
import { connectionEntries, connectionTimes, insertEntries } from './connection-activity';

/*
 * The telemetry hot path talks to node-postgres directly, with fixed statement texts prepared once per
 * connection: building these statements through the query builder and mapping the returned rows through
 * it cost more CPU than PostgreSQL spent executing them (bench, docs/performance.md). Rows still come back
 * as `DeviceRow` for the one presenter, mapped with the table's own column names.
 */

const INT4_MAX = 2_147_483_647;
const int4 = (value: number | undefined): number | null =>
  value === undefined ? null : Math.min(Math.round(value), INT4_MAX);

type Cell = string | number | boolean | null;

/**
 * The per-device values of one flush, one array per column. They reach PostgreSQL as one array parameter
 * each and are spread with `unnest`, so the statement is the same for 1 row or 5,000 and stays far from the
 * 65,535-parameter limit a `VALUES` list with one parameter per cell would hit.
 */
const STATE_COLUMNS: ReadonlyArray<readonly [string, string, (change: DeviceChange) => Cell]> = [
  ['id', 'uuid', (c) => c.deviceId],
  ['has_t', 'bool', (c) => c.telemetry !== undefined],
  ['t_at_ms', 'float8', (c) => c.telemetry?.receivedAt ?? null],
  ['lat', 'float8', (c) => c.telemetry?.message.lat ?? null],
  ['lng', 'float8', (c) => c.telemetry?.message.lng ?? null],
  ['speed', 'float8', (c) => c.telemetry?.message.speed ?? null],
  ['heading', 'float8', (c) => c.telemetry?.message.heading ?? null],
  ['gps_lock', 'int4', (c) => int4(c.telemetry?.message.gpsLock)],
  ['lock', 'int4', (c) => c.telemetry?.message.lock ?? null],
  ['key', 'text', (c) => c.telemetry?.message.key ?? null],
  // keyAlarm is optional on the wire; a report without it means no alarm.
  ['key_alarm', 'text', (c) => (c.telemetry ? (c.telemetry.message.keyAlarm ?? '0') : null)],
  ['batt_v', 'float8', (c) => c.telemetry?.message.battV ?? null],
  ['charging', 'bool', (c) => c.telemetry?.message.charging ?? null],
  ['odometer', 'float8', (c) => c.telemetry?.message.odometer ?? null],
  ['con_type', 'text', (c) => c.telemetry?.message.conType ?? null],
  ['wifi', 'float8', (c) => c.telemetry?.message.wifiRssi ?? null],
  ['csq', 'float8', (c) => c.telemetry?.message.csq ?? null],
  ['uptime', 'int4', (c) => int4(c.telemetry?.message.uptime)],
  ['temp', 'float8', (c) => c.telemetry?.message.temp ?? null],
  ['first_lock', 'int4', (c) => c.firstLock ?? null],
  ['first_at_ms', 'float8', (c) => c.firstReceivedAt ?? null],
  ['lock_changed_at_ms', 'float8', (c) => c.lockChangedAt ?? null],
  ['has_s', 'bool', (c) => c.status !== undefined],
  ['s_online', 'bool', (c) => c.status?.online ?? null],
  ['s_at_ms', 'float8', (c) => c.status?.at ?? null],
  ['s_retained', 'bool', (c) => c.status?.retained ?? null],
  ['t_last', 'bool', (c) => c.telemetryLast ?? false],
  ['firmware', 'text', (c) => c.firmware ?? null],
  ['ccid', 'text', (c) => c.ccid ?? null],
  ['carrier', 'text', (c) => c.carrier ?? null],
  ['acked', 'int4', (c) => int4(c.ackedVersion)],
];

/** `unnest($<first>::type[], …) AS alias(names…)`: one array parameter per column, numbered from `first`. */
const unnest = (columns: ReadonlyArray<readonly [string, string, ...unknown[]]>, alias: string, first = 1) =>
  `unnest(${columns.map(([, type], i) => `$${i + first}::${type}[]`).join(', ')}) AS ${alias}(${columns.map(([name]) => name).join(', ')})`;

/** A report is applied only if no later one (by receive time) is stored: instances may flush out of order. */
const TELEMETRY_FRESH = '(v.has_t AND (d.last_report_at IS NULL OR v.t_at >= d.last_report_at))';
/**
 * A status applies if it is not older than the stored connect/disconnect time, and a retained replay only
 * when it tells something the row does not already say.
 */
const STATUS_FRESH = `(v.has_s
  AND (v.s_at >= GREATEST(d.connected_at, d.disconnected_at)) IS NOT FALSE
  AND NOT (v.s_retained AND d.online = v.s_online))`;

/**
 * A report sets the lock state only if it came after the acknowledgement that last set it: a report the
 * cart sent before acting on a lock/unlock may be written after the acknowledgement's own transaction (it
 * waits for its batch), and must not put the older state back (issue #22). Strictly after: the receive
 * clock counts milliseconds, and a report in the acknowledgement's millisecond is no newer than it.
 */
const LOCK_FRESH = `(${TELEMETRY_FRESH} AND (d.lock_acked_at IS NULL OR v.t_at > d.lock_acked_at))`;

const fromTelemetry = (column: string, value: string) =>
  `${column} = CASE WHEN ${TELEMETRY_FRESH} THEN ${value} ELSE d.${column} END`;

/** The cart reports itself locked since a lock became owed: nothing is owed any more (commands service). */
const OWED_LOCK_DONE = `(d.lock_owed_at IS NOT NULL AND ${LOCK_FRESH} AND v.lock = 1 AND v.t_at >= d.lock_owed_at)`;

/** A cart counts as moving from this speed on (km/h); below it GPS drift alone would keep it "moving". */
const MOVING_KPH = 1;

/**
 * `d.<column> AS "<key>", …` for every column of `devices`: the flush's rows come back keyed as Drizzle keys
 * a `DeviceRow`, so node-postgres builds the row itself (`deviceRowTypes` gives the values their types) and no
 * second object per row is made. A flush of 2,000 carts returns 2,000 rows of 60 columns; mapping each into
 * another object was a tenth of what the main thread allocated under bench (a).
 */
const DEVICE_ROW = Object.entries(getTableColumns(devices))
  .map(([key, column]) => `d.${column.name} AS "${key}"`)
  .join(', ');

/**
 * In SET, `d.*` reads the row as it was before this UPDATE. `gate` is an extra condition of the statement
 * as a whole (the one-statement flush's locks, below).
 */
const updateStates = (gate = '') => `
UPDATE devices AS d SET
  ${fromTelemetry('lat', 'v.lat')},
  ${fromTelemetry('lng', 'v.lng')},
  ${fromTelemetry('speed', 'v.speed')},
  ${fromTelemetry('heading', 'v.heading')},
  ${fromTelemetry('gps_lock', 'v.gps_lock')},
  lock_status = CASE WHEN ${LOCK_FRESH} THEN v.lock ELSE d.lock_status END,
  ${fromTelemetry('key', 'v.key')},
  ${fromTelemetry('key_alarm', 'v.key_alarm')},
  ${fromTelemetry('batt_voltage', 'v.batt_v')},
  ${fromTelemetry('batt_charge', 'v.charging')},
  ${fromTelemetry('odometer', 'v.odometer')},
  ${fromTelemetry('con_type', 'v.con_type')},
  ${fromTelemetry('wifi_signal', 'v.wifi')},
  ${fromTelemetry('gprs_signal', 'v.csq')},
  ${fromTelemetry('uptime', 'v.uptime')},
  ${fromTelemetry('temp', 'v.temp')},
  ${fromTelemetry('last_report_at', 'v.t_at')},
  last_moved_at = CASE WHEN ${TELEMETRY_FRESH} AND v.speed >= ${MOVING_KPH} THEN v.t_at ELSE d.last_moved_at END,
  lock_updated_at = CASE
    WHEN NOT ${LOCK_FRESH} THEN d.lock_updated_at
    WHEN v.lock_changed_at IS NOT NULL THEN v.lock_changed_at
    WHEN d.lock_status IS DISTINCT FROM v.first_lock THEN v.first_at
    ELSE d.lock_updated_at END,
  online = CASE
    WHEN ${TELEMETRY_FRESH} AND v.t_last THEN true
    WHEN ${STATUS_FRESH} THEN v.s_online
    WHEN ${TELEMETRY_FRESH} THEN true
    ELSE d.online END,
  connected_at = CASE WHEN ${STATUS_FRESH} AND v.s_online THEN v.s_at ELSE d.connected_at END,
  disconnected_at = CASE WHEN ${STATUS_FRESH} AND NOT v.s_online THEN v.s_at ELSE d.disconnected_at END,
  lock_owed_at = CASE WHEN ${OWED_LOCK_DONE} THEN NULL ELSE d.lock_owed_at END,
  lock_owed_by = CASE WHEN ${OWED_LOCK_DONE} THEN NULL ELSE d.lock_owed_by END,
  state_version = d.state_version + 1,
  firmware = COALESCE(v.firmware, d.firmware),
  gprs_ccid = COALESCE(v.ccid, d.gprs_ccid),
  gprs_carrier = COALESCE(v.carrier, d.gprs_carrier),
  config_acked_version = GREATEST(d.config_acked_version, COALESCE(v.acked, 0))
FROM (
  SELECT u.*,
    to_timestamp(u.t_at_ms / 1000.0) AS t_at,
    to_timestamp(u.first_at_ms / 1000.0) AS first_at,
    to_timestamp(u.lock_changed_at_ms / 1000.0) AS lock_changed_at,
    to_timestamp(u.s_at_ms / 1000.0) AS s_at
  FROM ${unnest(STATE_COLUMNS, 'u')}
) AS v
WHERE d.id = v.id${gate}
RETURNING ${DEVICE_ROW}`;

const UPDATE_STATES = updateStates();

/** The queued columns (`PositionColumns`), as the statements' array parameters, in this order. */
const POSITION_COLUMNS: ReadonlyArray<readonly [string, string, (p: PositionColumns) => readonly Cell[]]> = [
  ['device_id', 'uuid', (p) => p.deviceIds],
  ['ts_ms', 'float8', (p) => p.ts],
  ['lat', 'float8', (p) => p.lat],
  ['lng', 'float8', (p) => p.lng],
  ['speed', 'float8', (p) => p.speed],
  ['batt_v', 'float8', (p) => p.battV],
];

/**
 * Only positions of carts that exist are stored (`positions` has no foreign key: checking it row by row was 60 %
 * of this insert). A cart deleted while a flush runs may leave that flush's few rows behind: nothing reads them
 * (every query starts from a cart), and they go with their month's partition.
 */
const insertPositions = (first = 1) => `
INSERT INTO positions (device_id, ts, lat, lng, speed, batt_voltage)
SELECT p.device_id, to_timestamp(p.ts_ms / 1000.0), p.lat, p.lng, p.speed, p.batt_v
FROM ${unnest(POSITION_COLUMNS, 'p', first)}
WHERE EXISTS (SELECT 1 FROM devices WHERE devices.id = p.device_id)`;
const INSERT_POSITIONS = insertPositions();

/** Two instances flushing overlapping carts take the row locks in the same order, so they queue, not deadlock. */
const lockDevices = (parameter = 1) =>
  `SELECT id FROM devices WHERE id = ANY($${parameter}::uuid[]) ORDER BY id FOR NO KEY UPDATE`;
const LOCK_DEVICES = lockDevices();

/**
 * A flush without connects or disconnects (nearly all of them, and a backlog's chunks of positions alone) as
 * one statement: positions, the devices' row locks in id order, every device's update, in one round trip. As
 * a transaction of five round trips the row locks were held while this process's busy event loop got round
 * to the next step, and every acknowledgement (`finish`, which writes its cart's row) waited for them (issue 22). The locks are taken first and whole:
 * `locked` is materialised, and counted in a condition of the statement as a whole, which PostgreSQL checks
 * once before the update's first row (a one-time filter); positions are counted the same way, before the
 * locks: their insert takes none (`positions` has no foreign key, migration 0017).
 */
const FLUSH_IN_ONE = `
WITH pos AS (${insertPositions(STATE_COLUMNS.length + 1)} RETURNING 1
), locked AS MATERIALIZED (${lockDevices(STATE_COLUMNS.length + POSITION_COLUMNS.length + 1)})
${updateStates(' AND (SELECT count(*) FROM pos) >= 0 AND (SELECT count(*) FROM locked) >= 0')}`;

/**
 * `items`' values of one column as a PostgreSQL array literal (`{1.5,NULL,…}`), the text node-postgres would
 * send for an array parameter. node-postgres quotes every element and escapes it with two regular
 * expressions, and builds the text one element at a time: a backlog's flush sends 60,000 position values, and
 * their strings outlived the young generation and filled the old one (bench (a) heap profile, issue 22).
 * Numbers, booleans, null and uuids are written as JSON writes them, in one flat string made natively; only
 * the brackets differ (JSON would write NaN or an infinity as null; the message schemas let neither through).
 * Text (few values: key modes, firmware, carrier) is quoted and escaped here.
 */
function arrayLiteral<T>(items: readonly T[], value: (item: T) => Cell, quote: boolean): string {
  if (!quote) return plainArrayLiteral(items.map(value));
  let literal = '{';
  for (let i = 0; i < items.length; i++) {
    if (i > 0) literal += ',';
    const cell = value(items[i]!);
    literal += cell === null ? 'NULL' : `"${String(cell).replace(/[\\"]/g, '\\$&')}"`;
  }
  return `${literal}}`;
}

const columnsOf = <T>(
  columns: ReadonlyArray<readonly [string, string, (item: T) => Cell]>,
  items: readonly T[],
): string[] => columns.map(([, type, value]) => arrayLiteral(items, value, type === 'text'));

/** Numbers, booleans, null or uuids (nothing to quote) as an array literal: JSON's text with braces. */
function plainArrayLiteral(cells: readonly Cell[]): string {
  const json = JSON.stringify(cells);
  return `{${json.slice(1, -1)}}`;
}

const idsLiteral = plainArrayLiteral;
/** The queued columns are arrays already, with no text among them. */
const positionValues = (positions: PositionColumns): string[] =>
  POSITION_COLUMNS.map(([, , column]) => plainArrayLiteral(column(positions)));

/** `a.col AS a_col, …`: a table's columns under a prefix, to read several tables' rows from one result row. */
export const selectAs = (table: Table, alias: string) =>
  Object.values(getTableColumns(table))
    .map((column) => `${alias}.${column.name} AS ${alias}_${column.name}`)
    .join(', ');

/**
 * Reads raw node-postgres rows of `table` as Drizzle would have read them: each column's own driver mapping
 * (node-postgres hands int8 over as a string, for one; `stateVersion` must reach the realtime gateway and the
 * browser as a number), keys from the table definition, so the two cannot drift apart. `prefix` reads
 * columns selected as `<prefix><column>` (two tables' rows from one statement).
 */
export function rowReader<T extends Table>(table: T, prefix = '') {
  const columns = Object.entries(getTableColumns(table));
  return (raw: Record<string, unknown>): InferSelectModel<T> => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of columns) {
      const value = raw[prefix + column.name];
      row[key] = value === null || value === undefined ? value : column.mapFromDriverValue(value);
    }
    return row as InferSelectModel<T>;
  };
}

/** PostgreSQL's timestamp, timestamptz and date, which `rawRowTypes` leaves as text. */
const KEPT_AS_TEXT = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
]);
const asText = (value: string) => value;

/**
 * The `types` of a statement whose rows `rowReader` reads: timestamps stay text, as in Drizzle's own queries,
 * and their column's mapping makes the Date. node-postgres parses them with a regular expression, V8's Date
 * 2.5 times as fast (the command and ride statements; the flush has `deviceRowTypes`).
 */
export const rawRowTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    KEPT_AS_TEXT.has(oid) ? asText : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const toDate = (value: string) => new Date(value);

/**
 * The `types` of the flush's rows: node-postgres's own parsers, except Drizzle's mappings of the two types
 * where they differ, so each row is a `DeviceRow` as Drizzle would read it (device-state-sql.test.ts
 * compares the two): a timestamptz becomes a Date through V8's parser (also 2.5 times as fast as
 * node-postgres's regular expression), and the one int8, `state_version` (mode 'number'), a number.
 */
const deviceRowTypes = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === pg.types.builtins.TIMESTAMPTZ
      ? toDate
      : oid === pg.types.builtins.INT8
        ? Number
        : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** The pool behind the Drizzle instance (`$client`, set by `drizzle(pool)` in db/client.ts). */
export function poolOf(db: Db): pg.Pool {
  const pool = (db as Db & { $client?: pg.Pool }).$client;
  if (!pool || typeof pool.connect !== 'function')
    throw new Error('device state writer needs a pool-backed database');
  return pool;
}

/**
 * Writes one flush atomically: inserts every position, locks the devices' rows in id order, updates every
 * device once, and returns the stored rows, so what is pushed to browsers is exactly what the database holds.
 * One statement when no cart connected or disconnected (`FLUSH_IN_ONE`); with connects and disconnects, a
 * transaction that also reads the connection times before and logs them after.
 */
export async function writeDeviceStates(
  pool: pg.Pool,
  changes: DeviceChange[],
  positions: PositionColumns,
): Promise<DeviceRow[]> {
  const ids = [...new Set([...changes.map((c) => c.deviceId), ...positions.deviceIds])];
  if (changes.every((change) => change.status === undefined)) {
    const result = await pool.query<DeviceRow>({
      name: 'fairway-flush-device-states',
      types: deviceRowTypes,
      text: FLUSH_IN_ONE,
      values: [...columnsOf(STATE_COLUMNS, changes), ...positionValues(positions), idsLiteral(ids)],
    });
    return result.rows;
  }
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('BEGIN');
    // Positions first: their foreign key takes only KEY SHARE locks, which no command waits for, so the
    // devices' row locks below (which an acknowledgement's `finish` does wait for) are held for less time.
    if (positions.length > 0) {
      await client.query({
        name: 'fairway-insert-positions',
        text: INSERT_POSITIONS,
        values: positionValues(positions),
      });
    }
    await client.query({ name: 'fairway-lock-devices', text: LOCK_DEVICES, values: [idsLiteral(ids)] });
    let rows: DeviceRow[] = [];
    if (changes.length > 0) {
      // Connects and disconnects go into the activity log; telemetry-only flushes skip this read.
      const withStatus = changes.filter((change) => change.status !== undefined).map((c) => c.deviceId);
      const before = withStatus.length > 0 ? await connectionTimes(client, withStatus) : null;
      const result = await client.query<DeviceRow>({
        name: 'fairway-update-device-states',
        types: deviceRowTypes,
        text: UPDATE_STATES,
        values: columnsOf(STATE_COLUMNS, changes),
      });
      rows = result.rows;
      if (before) await insertEntries(client, connectionEntries(before, rows));
    }
    await client.query('COMMIT');
    return rows;
  } catch (error) {
    // A connection that cannot even roll back is dropped from the pool rather than reused.
    await client.query('ROLLBACK').catch(() => (broken = true));
    throw error;
  } finally {
    client.release(broken);
  }
}
