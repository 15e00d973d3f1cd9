import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { devices, positions as positionsTable } from '../../modules/devices/devices.table';
import type { DeviceRow } from '../../modules/devices/devices.presenter';
import type { DeviceChange, PositionRow } from './device-change';

const INT4_MAX = 2_147_483_647;
const int4 = (value: number | undefined): number | null =>
  value === undefined ? null : Math.min(Math.round(value), INT4_MAX);

/**
 * The per-device columns of one flush, as parallel arrays. They reach PostgreSQL as one array parameter per
 * column and are spread with `unnest`: the statement has the same ~30 parameters for 1 row or 5,000, stays
 * far from the 65,535-parameter limit a `VALUES` list with one parameter per cell would hit, and
 * node-postgres sends each array as one text value.
 */
const STATE_COLUMNS = [
  ['id', 'uuid'],
  ['has_t', 'bool'],
  ['t_at_ms', 'float8'],
  ['lat', 'float8'],
  ['lng', 'float8'],
  ['speed', 'float8'],
  ['heading', 'float8'],
  ['gps_lock', 'int4'],
  ['lock', 'int4'],
  ['key', 'text'],
  ['key_alarm', 'text'],
  ['batt_v', 'float8'],
  ['charging', 'bool'],
  ['odometer', 'float8'],
  ['con_type', 'text'],
  ['wifi', 'float8'],
  ['csq', 'float8'],
  ['uptime', 'int4'],
  ['temp', 'float8'],
  ['first_lock', 'int4'],
  ['first_at_ms', 'float8'],
  ['lock_changed_at_ms', 'float8'],
  ['has_s', 'bool'],
  ['s_online', 'bool'],
  ['s_at_ms', 'float8'],
  ['s_retained', 'bool'],
  ['t_last', 'bool'],
  ['firmware', 'text'],
  ['acked', 'int4'],
] as const;

type StateColumn = (typeof STATE_COLUMNS)[number][0];
type Cell = string | number | boolean | null;

function stateRow(change: DeviceChange): Record<StateColumn, Cell> {
  const t = change.telemetry?.message;
  return {
    id: change.deviceId,
    has_t: t !== undefined,
    t_at_ms: change.telemetry?.receivedAt ?? null,
    lat: t?.lat ?? null,
    lng: t?.lng ?? null,
    speed: t?.speed ?? null,
    heading: t?.heading ?? null,
    gps_lock: int4(t?.gpsLock),
    lock: t?.lock ?? null,
    key: t?.key ?? null,
    // keyAlarm is optional on the wire; a report without it means no alarm.
    key_alarm: t ? (t.keyAlarm ?? '0') : null,
    batt_v: t?.battV ?? null,
    charging: t?.charging ?? null,
    odometer: t?.odometer ?? null,
    con_type: t?.conType ?? null,
    wifi: t?.wifiRssi ?? null,
    csq: t?.csq ?? null,
    uptime: int4(t?.uptime),
    temp: t?.temp ?? null,
    first_lock: change.firstLock ?? null,
    first_at_ms: change.firstReceivedAt ?? null,
    lock_changed_at_ms: change.lockChangedAt ?? null,
    has_s: change.status !== undefined,
    s_online: change.status?.online ?? null,
    s_at_ms: change.status?.at ?? null,
    s_retained: change.status?.retained ?? null,
    t_last: change.telemetryLast ?? false,
    firmware: change.firmware ?? null,
    acked: int4(change.ackedVersion),
  };
}

/** `unnest($1::uuid[], $2::bool[], …) AS alias(col, …)` over the columns of `rows`. */
function unnestOf<C extends string>(columns: ReadonlyArray<readonly [C, string]>, rows: Array<Record<C, Cell>>, alias: string): SQL {
  const arrays = columns.map(([name, type]) => sql`${sql.param(rows.map((row) => row[name]))}::${sql.raw(type)}[]`);
  const names = columns.map(([name]) => name).join(', ');
  return sql`unnest(${sql.join(arrays, sql`, `)}) AS ${sql.raw(alias)}(${sql.raw(names)})`;
}

const d = (column: keyof typeof devices._.columns) => devices[column];

/** A report is applied only if no later one (by receive time) is stored: instances may flush out of order. */
const TELEMETRY_FRESH = sql`(v.has_t AND (${d('lastReportAt')} IS NULL OR v.t_at >= ${d('lastReportAt')}))`;
/**
 * A status applies if it is not older than the stored connect/disconnect time, and a retained replay only
 * when it tells something the row does not already say.
 */
const STATUS_FRESH = sql`(v.has_s
  AND (v.s_at >= GREATEST(${d('connectedAt')}, ${d('disconnectedAt')})) IS NOT FALSE
  AND NOT (v.s_retained AND ${d('online')} = v.s_online))`;

const fromTelemetry = (column: keyof typeof devices._.columns, value: SQL) =>
  sql`CASE WHEN ${TELEMETRY_FRESH} THEN ${value} ELSE ${d(column)} END`;

const STATE_SET = {
  lat: fromTelemetry('lat', sql`v.lat`),
  lng: fromTelemetry('lng', sql`v.lng`),
  speed: fromTelemetry('speed', sql`v.speed`),
  heading: fromTelemetry('heading', sql`v.heading`),
  gpsLock: fromTelemetry('gpsLock', sql`v.gps_lock`),
  lockStatus: fromTelemetry('lockStatus', sql`v.lock`),
  key: fromTelemetry('key', sql`v.key`),
  keyAlarm: fromTelemetry('keyAlarm', sql`v.key_alarm`),
  battVoltage: fromTelemetry('battVoltage', sql`v.batt_v`),
  battCharge: fromTelemetry('battCharge', sql`v.charging`),
  odometer: fromTelemetry('odometer', sql`v.odometer`),
  conType: fromTelemetry('conType', sql`v.con_type`),
  wifiSignal: fromTelemetry('wifiSignal', sql`v.wifi`),
  gprsSignal: fromTelemetry('gprsSignal', sql`v.csq`),
  uptime: fromTelemetry('uptime', sql`v.uptime`),
  temp: fromTelemetry('temp', sql`v.temp`),
  lastReportAt: fromTelemetry('lastReportAt', sql`v.t_at`),
  // In SET, column references read the row as it was before this UPDATE.
  lockUpdatedAt: sql`CASE
    WHEN NOT ${TELEMETRY_FRESH} THEN ${d('lockUpdatedAt')}
    WHEN v.lock_changed_at IS NOT NULL THEN v.lock_changed_at
    WHEN ${d('lockStatus')} IS DISTINCT FROM v.first_lock THEN v.first_at
    ELSE ${d('lockUpdatedAt')} END`,
  online: sql`CASE
    WHEN ${TELEMETRY_FRESH} AND v.t_last THEN true
    WHEN ${STATUS_FRESH} THEN v.s_online
    WHEN ${TELEMETRY_FRESH} THEN true
    ELSE ${d('online')} END`,
  connectedAt: sql`CASE WHEN ${STATUS_FRESH} AND v.s_online THEN v.s_at ELSE ${d('connectedAt')} END`,
  disconnectedAt: sql`CASE WHEN ${STATUS_FRESH} AND NOT v.s_online THEN v.s_at ELSE ${d('disconnectedAt')} END`,
  firmware: sql`COALESCE(v.firmware, ${d('firmware')})`,
  configAckedVersion: sql`GREATEST(${d('configAckedVersion')}, COALESCE(v.acked, 0))`,
};

const POSITION_COLUMNS = [
  ['device_id', 'uuid'],
  ['ts_ms', 'float8'],
  ['lat', 'float8'],
  ['lng', 'float8'],
  ['speed', 'float8'],
  ['batt_v', 'float8'],
] as const;

/**
 * Writes one flush in one transaction: locks the devices' rows in id order (two instances flushing
 * overlapping carts then queue instead of deadlocking), updates every device once, inserts every position,
 * and returns the stored rows, so what is pushed to browsers is exactly what the database holds.
 * Positions and changes of devices that no longer exist are skipped, not failed.
 */
export async function writeDeviceStates(db: Db, changes: DeviceChange[], positions: PositionRow[]): Promise<DeviceRow[]> {
  const ids = [...new Set([...changes.map((c) => c.deviceId), ...positions.map((p) => p.deviceId)])];
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT 1 FROM ${devices} WHERE ${devices.id} = ANY(${sql.param(ids)}::uuid[]) ORDER BY ${devices.id} FOR NO KEY UPDATE`,
    );
    let rows: DeviceRow[] = [];
    if (changes.length > 0) {
      const source = sql`(SELECT u.*,
          to_timestamp(u.t_at_ms / 1000.0) AS t_at,
          to_timestamp(u.first_at_ms / 1000.0) AS first_at,
          to_timestamp(u.lock_changed_at_ms / 1000.0) AS lock_changed_at,
          to_timestamp(u.s_at_ms / 1000.0) AS s_at
        FROM ${unnestOf(STATE_COLUMNS, changes.map(stateRow), 'u')}) AS v`;
      rows = await tx.update(devices).set(STATE_SET).from(source).where(eq(devices.id, sql`v.id`)).returning();
    }
    if (positions.length > 0) {
      const positionRows = positions.map((p) => ({
        device_id: p.deviceId,
        ts_ms: p.ts,
        lat: p.lat,
        lng: p.lng,
        speed: p.speed,
        batt_v: p.battVoltage,
      }));
      await tx.execute(sql`INSERT INTO ${positionsTable} (device_id, ts, lat, lng, speed, batt_voltage)
        SELECT p.device_id, to_timestamp(p.ts_ms / 1000.0), p.lat, p.lng, p.speed, p.batt_v
        FROM ${unnestOf(POSITION_COLUMNS, positionRows, 'p')}
        WHERE EXISTS (SELECT 1 FROM ${devices} WHERE ${devices.id} = p.device_id)`);
    }
    return rows;
  });
}
