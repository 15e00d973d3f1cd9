import type { ConfigAckMessage, StatusMessage, TelemetryMessage } from '@fairway/domain';

/** One row of the `positions` table, as the writer queues it. */
export interface PositionRow {
  deviceId: string;
  /** epoch ms, the time the tracker measured it */
  ts: number;
  lat: number;
  lng: number;
  speed: number;
  battVoltage: number;
}

/**
 * Everything pending for one device between two flushes, folded in arrival order so a flush writes one
 * row per device however many messages came in. Times are the server's receive times (epoch ms): they
 * decide freshness and ordering, so one clock must make them, and a tracker's clock may be wrong.
 */
export interface DeviceChange {
  deviceId: string;
  /** The latest report; the state columns take its values. */
  telemetry?: { message: TelemetryMessage; receivedAt: number };
  /** Lock state of the first report in this change and when it came, to compare with the stored lock. */
  firstLock?: 0 | 1;
  firstReceivedAt?: number;
  /** When the lock last changed between two reports inside this change. */
  lockChangedAt?: number;
  /** The latest status message (connect, clean disconnect or last will). */
  status?: { online: boolean; at: number; retained: boolean };
  /** True when a report came after the latest status: the cart is talking, so it is online. */
  telemetryLast?: boolean;
  firmware?: string;
  /** The SIM's ICCID and network from the status (spec §3 gprsCCID, gprsCarrier), when the modem has them. */
  ccid?: string;
  carrier?: string;
  /** Config version the device runs (status) or has just applied (config/ack). */
  ackedVersion?: number;
}

export const changeFromTelemetry = (
  deviceId: string,
  message: TelemetryMessage,
  receivedAt: number,
): DeviceChange => ({
  deviceId,
  telemetry: { message, receivedAt },
  firstLock: message.lock,
  firstReceivedAt: receivedAt,
  telemetryLast: true,
});

/**
 * A report folded onto the change already pending for its cart, in place: what `mergeChanges(change,
 * changeFromTelemetry(…))` answers, without the two objects per report that would make (device-change.test.ts
 * compares the two). Only the writer's own pending change may be folded: nothing else holds it.
 */
export function foldTelemetry(change: DeviceChange, message: TelemetryMessage, receivedAt: number): void {
  if (change.telemetry) {
    if (change.telemetry.message.lock !== message.lock) change.lockChangedAt = receivedAt;
  } else {
    change.firstLock = message.lock;
    change.firstReceivedAt = receivedAt;
  }
  change.telemetry = { message, receivedAt };
  change.telemetryLast = true;
}

/**
 * `retained`: the broker replayed the stored status because the server (re)subscribed; it only fills in
 * a transition the database missed and never moves connectedAt/disconnectedAt for one it already has.
 */
export const changeFromStatus = (
  deviceId: string,
  message: StatusMessage,
  receivedAt: number,
  retained: boolean,
): DeviceChange => ({
  deviceId,
  status: { online: message.online, at: receivedAt, retained },
  telemetryLast: false,
  ...(message.firmware !== undefined ? { firmware: message.firmware } : {}),
  ...(message.ccid !== undefined ? { ccid: message.ccid } : {}),
  ...(message.carrier !== undefined ? { carrier: message.carrier } : {}),
  ...(message.configVersion !== undefined ? { ackedVersion: message.configVersion } : {}),
});

/** A refused config (ok false) changes nothing: the cart still runs the version it had. */
export const changeFromConfigAck = (deviceId: string, message: ConfigAckMessage): DeviceChange | null =>
  message.ok ? { deviceId, ackedVersion: message.version } : null;

/** Folds `newer` onto `older` (same device): later values win, lock changes and first values are kept. */
export function mergeChanges(older: DeviceChange, newer: DeviceChange): DeviceChange {
  const merged: DeviceChange = { deviceId: older.deviceId };
  const telemetry = newer.telemetry ?? older.telemetry;
  if (telemetry) merged.telemetry = telemetry;
  const firstLock = older.telemetry ? older.firstLock : newer.firstLock;
  if (firstLock !== undefined) merged.firstLock = firstLock;
  const firstReceivedAt = older.telemetry ? older.firstReceivedAt : newer.firstReceivedAt;
  if (firstReceivedAt !== undefined) merged.firstReceivedAt = firstReceivedAt;
  const lockChangedAt =
    newer.lockChangedAt ??
    (older.telemetry && newer.telemetry && older.telemetry.message.lock !== newer.firstLock
      ? newer.firstReceivedAt
      : older.lockChangedAt);
  if (lockChangedAt !== undefined) merged.lockChangedAt = lockChangedAt;
  const status = newer.status ?? older.status;
  if (status) merged.status = status;
  const telemetryLast = newer.telemetryLast ?? older.telemetryLast;
  if (telemetryLast !== undefined) merged.telemetryLast = telemetryLast;
  const firmware = newer.firmware ?? older.firmware;
  if (firmware !== undefined) merged.firmware = firmware;
  const ccid = newer.ccid ?? older.ccid;
  if (ccid !== undefined) merged.ccid = ccid;
  const carrier = newer.carrier ?? older.carrier;
  if (carrier !== undefined) merged.carrier = carrier;
  // Config versions only grow (device protocol): a replayed, older status must not undo a newer ack.
  const versions = [older.ackedVersion, newer.ackedVersion].filter((v): v is number => v !== undefined);
  if (versions.length > 0) merged.ackedVersion = Math.max(...versions);
  return merged;
}
