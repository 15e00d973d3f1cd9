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

export const commandName = z.enum(['lock', 'unlock', 'ping']);

/** Server → device on `command` (QoS 1). `ping` carries a numeric `code` (1–11 or a custom one). */
export const commandMessage = z.object({
  id: z.string().min(1).max(64),
  name: commandName,
  code: z.number().int().min(0).max(9999).optional(),
  issuedAt: timestamp,
  /** The device ignores (and acks as expired) a command it receives after this instant. */
  expiresAt: timestamp,
});
export type CommandMessage = z.infer<typeof commandMessage>;

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
  type: z.enum(['keypad_unlock', 'rfid_unlock', 'code_refused', 'zone_enter', 'zone_exit', 'key_alarm']),
  data: z.record(z.string(), z.unknown()).default({}),
});
export type EventMessage = z.infer<typeof eventMessage>;
