import type { ConfigMessage, DeviceSettings, LogSnapshotResult } from '@fairway/domain';
import type { LatLng } from './geo';

/** What the tracker knows of itself when a log request (code 6) comes in. */
export interface SnapshotInput {
  firmware: string;
  uptimeS: number;
  freeHeap: number;
  resetReason: string;
  configVersion: number;
  temp: number;
  settings: DeviceSettings;
  conType: 'W' | 'G';
  wifiRssi: number | undefined;
  catM1: boolean;
  /** cellular signal quality 0–31 as the modem last measured it */
  csq: number;
  ccid: string;
  carrier: string;
  gpsLock: number;
  position: LatLng;
  speedKmh: number;
  odometerKm: number;
  zoneIds: string[];
  inRestrictionZone: boolean;
  buzzing: boolean;
  lock: 0 | 1;
  key: '0' | '1';
  keyAlarm: '0' | '1';
  battV: number;
  charging: boolean;
  stateOfCharge: number;
  codes: ConfigMessage['codes'];
}

const flag = (value: boolean): '1' | '0' => (value ? '1' : '0');
const round = (value: number, decimals: number): number => Number(value.toFixed(decimals));

/**
 * The log request's snapshot, grouped as the side panel shows it (LOG_SNAPSHOT_GROUPS, spec §2 Device side
 * panel); flags as the firmware prints them, '1'/'0'. It ends up in the server's device logs and command
 * history: no secrets (no WiFi password, no code values).
 */
export function buildLogSnapshot(input: SnapshotInput): LogSnapshotResult {
  const { settings } = input;
  const count = (type: ConfigMessage['codes'][number]['type']) =>
    input.codes.filter((code) => code.type === type).length;
  return {
    system: {
      firmware: input.firmware,
      uptime: input.uptimeS,
      freeHeap: input.freeHeap,
      resetReason: input.resetReason,
      configVersion: input.configVersion,
      temp: input.temp,
      trackerMode: settings.trackerMode ?? 'normal',
      server: settings.server ?? 'prod',
    },
    wifi: {
      enabled: flag(settings.wifiEnabled),
      ssid: settings.wifiSSID,
      connected: flag(input.conType === 'W'),
      ...(input.wifiRssi !== undefined ? { rssi: input.wifiRssi } : {}),
    },
    modemSim: {
      catM1: flag(input.catM1),
      connected: flag(input.conType === 'G'),
      csq: input.csq,
      ccid: input.ccid,
      carrier: input.carrier,
    },
    gpsDistance: {
      gpsLock: input.gpsLock,
      lat: round(input.position[0], 6),
      lng: round(input.position[1], 6),
      speed: round(input.speedKmh, 1),
      odometer: round(input.odometerKm, 3),
    },
    zones: {
      inside: input.zoneIds.length,
      ids: input.zoneIds.join(',').slice(0, 120),
      restriction: flag(input.inRestrictionZone),
      buzzer: flag(input.buzzing),
    },
    locking: {
      lock: flag(input.lock === 1),
      key: input.key,
      keyAlarm: input.keyAlarm,
      autoLock: settings.autoLockMinutes,
      roundTimeout: settings.roundTimeoutMinutes,
      lockFrom: settings.lockFrom,
      recoveryMode: flag(settings.recoveryMode),
    },
    batteryCharging: {
      battV: round(input.battV, 2),
      charging: flag(input.charging),
      stateOfCharge: Math.round(input.stateOfCharge * 100),
    },
    rfid: {
      codes: input.codes.length,
      rfid: count('rfid'),
      keypad: count('keypad'),
      master: count('master'),
      virtualKey: count('virtualKey'),
    },
  };
}
