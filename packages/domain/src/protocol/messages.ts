import { z } from 'zod';

/**
 * Payloads of device protocol v1. Every message a device sends or receives is parsed with one of these
 * schemas on both ends; unknown fields are stripped, so firmware may add fields without breaking servers.
 */

const timestamp = z.number().int().nonnegative().describe('Unix epoch milliseconds');

/** Retained on `status`; the broker publishes `{ online: false }` as the device's last will. */
export const statusMessage = z.object({
  online: z.boolean(),
  ts: timestamp.optional(),
  firmware: z.string().max(40).optional(),
  /** Version of the config the device currently runs (0 = none yet). */
  configVersion: z.number().int().nonnegative().optional(),
  /** The SIM card's ICCID and the network it is on, when the modem has them (spec §3 gprsCCID, gprsCarrier). */
  ccid: z
    .string()
    .regex(/^\d{18,22}$/)
    .optional(),
  carrier: z.string().max(40).optional(),
});
export type StatusMessage = z.infer<typeof statusMessage>;

export const lockState = z.union([z.literal(0), z.literal(1)]);
export const keyMode = z.enum(['0', '1']);

/** Periodic report on `telemetry` (QoS 0, every few seconds while moving, less often when parked). */
export const telemetryMessage = z.object({
  ts: timestamp,
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** km/h */
  speed: z.number().min(0).max(200),
  heading: z.number().min(0).max(360).optional(),
  /** number of satellites in the fix; 3 or more is a good fix */
  gpsLock: z.number().int().min(0).max(64),
  /** 1 locked, 0 unlocked */
  lock: lockState,
  /** '1' the physical key is in (key mode), '0' keyless */
  key: keyMode,
  /** '1' when the key was left on */
  keyAlarm: keyMode.optional(),
  /** battery volts */
  battV: z.number().min(0).max(100),
  charging: z.boolean(),
  /** km, as the tracker counts it (the server adds the cart's odometer offset) */
  odometer: z.number().min(0),
  conType: z.enum(['W', 'G']),
  /** WiFi RSSI in dBm (when on WiFi) */
  wifiRssi: z.number().min(-127).max(0).optional(),
  /** Cellular CSQ 0–31, 99 unknown (when on GPRS/LTE) */
  csq: z.number().int().min(0).max(99).optional(),
  uptime: z.number().int().nonnegative(),
  temp: z.number().min(-60).max(150).optional(),
});
export type TelemetryMessage = z.infer<typeof telemetryMessage>;

/** Command codes of spec §7 (admin pings) plus the lock commands. */
export const COMMAND_CODES = {
  publishSiteSettings: 1,
  ping: 2,
  reboot: 3,
  reset: 4,
  wifiScan: 5,
  requestLog: 6,
  resetOdometer: 7,
  soundDevice: 8,
  restartModem: 9,
  restartWifi: 10,
  toggleCatM1: 11,
} as const;

export const commandName = z.enum(['lock', 'unlock', 'ping', 'firmware']);

/** Firmware versions as carts report them (`status.firmware`) and firmware files name them. */
export const firmwareVersion = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[0-9A-Za-z][0-9A-Za-z._+-]*$/);

/**
 * What a `firmware` command asks the cart to install (OTA, issue 20): it downloads `url` (signed, expiring at
 * `urlExpiresAt`), checks the size and the SHA-256, installs, reboots and reports `version` in its next
 * `status`. The progress goes on `event` as type `firmware` (firmwareEventData).
 */
export const firmwareOrder = z.object({
  url: z.string().url().max(2048),
  urlExpiresAt: timestamp,
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** bytes */
  size: z
    .number()
    .int()
    .positive()
    .max(5 * 1024 * 1024),
  version: firmwareVersion,
});
export type FirmwareOrder = z.infer<typeof firmwareOrder>;

/**
 * Server → device on `command` (QoS 1). `ping` carries a numeric `code` (1–11 or a custom one); `firmware`
 * carries the `firmware` order.
 */
export const commandMessage = z.object({
  id: z.string().min(1).max(64),
  name: commandName,
  code: z.number().int().min(0).max(9999).optional(),
  firmware: firmwareOrder.optional(),
  issuedAt: timestamp,
  /** The device ignores (and acks as expired) a command it receives after this instant. */
  expiresAt: timestamp,
});
export type CommandMessage = z.infer<typeof commandMessage>;

/** One network of a WiFi scan (command 5): the cart's answer `result.networks`. */
export const wifiNetwork = z.object({
  ssid: z.string().max(32),
  /** dBm */
  rssi: z.number().int().min(-127).max(0),
  channel: z.number().int().min(1).max(196),
  /** as the radio names it: 'OPEN', 'WEP', 'WPA2_PSK', 'WPA_WPA2_PSK', 'WPA3_PSK' … */
  encrypt: z.string().max(24),
});
export type WifiNetwork = z.infer<typeof wifiNetwork>;

/** `result` of an acknowledged WiFi scan (command 5): what the cart heard, strongest first. */
export const wifiScanResult = z.object({ networks: z.array(wifiNetwork).max(64) });
export type WifiScanResult = z.infer<typeof wifiScanResult>;

/** The groups of a log snapshot, in the order the side panel shows them (spec §2 Device side panel). */
export const LOG_SNAPSHOT_GROUPS = [
  'system',
  'wifi',
  'modemSim',
  'gpsDistance',
  'zones',
  'locking',
  'batteryCharging',
  'rfid',
] as const;
export type LogSnapshotGroup = (typeof LOG_SNAPSHOT_GROUPS)[number];

/** One group's values: short keys and values as the firmware prints them ('1'/'0' read as Yes/No). */
const snapshotValues = z.record(
  z.string().min(1).max(40),
  z.union([z.string().max(120), z.number(), z.boolean()]),
);

/** A snapshot of the cart's state, grouped (the log request's `snapshot`). */
export const logSnapshotResult = z.object(
  Object.fromEntries(LOG_SNAPSHOT_GROUPS.map((group) => [group, snapshotValues.optional()])) as Record<
    LogSnapshotGroup,
    z.ZodOptional<typeof snapshotValues>
  >,
);
export type LogSnapshotResult = z.infer<typeof logSnapshotResult>;

/** `result` of an acknowledged log request (command 6): the grouped snapshot and the last lines of the log. */
export const logRequestResult = z.object({
  snapshot: logSnapshotResult,
  lines: z.array(z.string().max(300)).max(50).default([]),
});
export type LogRequestResult = z.infer<typeof logRequestResult>;

/** Device → server on `ack` (QoS 1), once per command id. */
export const ackMessage = z.object({
  id: z.string().min(1).max(64),
  ok: z.boolean(),
  error: z.string().max(200).optional(),
  /** Command-specific answer (wifi scan list, log snapshot …). */
  result: z.record(z.string(), z.unknown()).optional(),
  ts: timestamp,
});
export type AckMessage = z.infer<typeof ackMessage>;

/** Settings a cart applies (site device settings of spec §3, plus its own). */
export const deviceSettings = z.object({
  autoLockMinutes: z.number().int().min(0),
  roundTimeoutMinutes: z.number().int().min(0),
  lockFrom: z.string().regex(/^\d{2}:\d{2}$/),
  timezone: z.string(),
  wifiEnabled: z.boolean(),
  wifiSSID: z.string().max(33),
  wifiPassword: z.string().max(33),
  recoveryMode: z.boolean(),
  reportIntervalSeconds: z.number().int().min(1).max(3600),
  /** The cart's own settings (cart Admin panel); optional so older configs still parse. */
  trackerMode: z.enum(['normal', 'lowPower', 'tracking']).optional(),
  server: z.enum(['prod', 'beta']).optional(),
  /** Battery calibration (spec §5: 3–77.99, reset 75); optional so older configs still parse. */
  batteryCalibration: z.number().min(3).max(77.99).optional(),
});
export type DeviceSettings = z.infer<typeof deviceSettings>;

export const configCode = z.object({
  code: z.string().regex(/^\d{1,20}$/),
  type: z.enum(['keypad', 'rfid', 'virtualKey', 'master']),
  expires: timestamp.nullable(),
});

export const configZone = z.object({
  id: z.string(),
  type: z.enum(['parking', 'restriction', 'geofence']),
  /** Outer ring, [lng, lat] pairs as in GeoJSON. */
  ring: z.array(z.tuple([z.number(), z.number()])).min(4),
});

/**
 * Retained on `config` (QoS 1). The version only grows; a device applies a config whose version is
 * higher than the one it runs and acknowledges it on `config/ack`, so a cart that was offline catches up
 * from the retained message the moment it reconnects.
 */
export const configMessage = z.object({
  version: z.number().int().positive(),
  issuedAt: timestamp,
  settings: deviceSettings,
  codes: z.array(configCode),
  zones: z.array(configZone),
});
export type ConfigMessage = z.infer<typeof configMessage>;

export const configAckMessage = z.object({
  version: z.number().int().positive(),
  ok: z.boolean(),
  error: z.string().max(200).optional(),
  ts: timestamp,
});
export type ConfigAckMessage = z.infer<typeof configAckMessage>;

/** Device → server on `event` (QoS 1): things that happen on the cart itself. */
export const eventMessage = z.object({
  id: z.string().min(1).max(64),
  ts: timestamp,
  type: z.enum([
    'keypad_unlock',
    'rfid_unlock',
    'code_refused',
    'zone_enter',
    'zone_exit',
    'key_alarm',
    'firmware',
  ]),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type EventMessage = z.infer<typeof eventMessage>;

/**
 * Firmware status codes (spec §4 Admin): 0 runs its version normally, 1 an update is pending (set by the
 * server when it sends the order), 2 downloading, 3 the download or its check failed (the old version
 * runs on), 4 downloaded and verified (installing, then the reboot reports the new version and the status
 * returns to 0).
 */
export const FIRMWARE_STATUS = { normal: 0, pending: 1, downloading: 2, failed: 3, downloaded: 4 } as const;
export type FirmwareStatus = (typeof FIRMWARE_STATUS)[keyof typeof FIRMWARE_STATUS];

/** `data` of an `event` of type `firmware`: OTA progress of the order `commandId`. */
export const firmwareEventData = z.object({
  commandId: z.string().min(1).max(64),
  status: z.union([z.literal(2), z.literal(3), z.literal(4)]),
  version: firmwareVersion,
  /** Why it failed (status 3): 'checksum', 'size', 'download', 'expired' … */
  error: z.string().max(200).optional(),
});
export type FirmwareEventData = z.infer<typeof firmwareEventData>;

/**
 * Device → server on `log` (QoS 1): lines of the tracker's own system log, sent in batches (the side panel's
 * System Logs). At most 40 lines of 300 characters per message, so a batch stays under the broker's 16 KB
 * limit on a cart's payloads (docs/device-protocol.md §2).
 */
export const systemLogMessage = z.object({
  /** The batch's id: a batch the broker delivers twice (QoS 1) is stored once. */
  id: z.string().min(1).max(64),
  lines: z
    .array(z.object({ ts: timestamp, body: z.string().min(1).max(300) }))
    .min(1)
    .max(40),
});
export type SystemLogMessage = z.infer<typeof systemLogMessage>;
