import { describe, expect, it } from 'vitest';
import { commandMessage, configMessage, telemetryMessage } from './messages';

const telemetry = {
  ts: 1_790_000_000_000,
  lat: 56.3433,
  lng: -2.8036,
  speed: 14.2,
  gpsLock: 9,
  lock: 0,
  key: '0',
  battV: 50.1,
  charging: false,
  odometer: 1234.5,
  conType: 'G',
  csq: 21,
  uptime: 3600,
};

describe('device messages', () => {
  it('accepts a well-formed telemetry report and strips unknown fields', () => {
    const parsed = telemetryMessage.parse({ ...telemetry, futureField: 1 });
    expect(parsed).not.toHaveProperty('futureField');
    expect(parsed.lock).toBe(0);
  });

  it('rejects impossible telemetry at its boundaries', () => {
    expect(telemetryMessage.safeParse({ ...telemetry, lat: 90.0001 }).success).toBe(false);
    expect(telemetryMessage.safeParse({ ...telemetry, lat: 90 }).success).toBe(true);
    expect(telemetryMessage.safeParse({ ...telemetry, lock: 2 }).success).toBe(false);
    expect(telemetryMessage.safeParse({ ...telemetry, key: 1 }).success).toBe(false);
    expect(telemetryMessage.safeParse({ ...telemetry, speed: -1 }).success).toBe(false);
  });

  it('requires an id and an expiry on commands', () => {
    expect(commandMessage.safeParse({ name: 'lock', issuedAt: 1, expiresAt: 2 }).success).toBe(false);
    expect(commandMessage.safeParse({ id: 'c1', name: 'lock', issuedAt: 1, expiresAt: 2 }).success).toBe(
      true,
    );
  });

  it('requires a positive config version', () => {
    const config = {
      version: 0,
      issuedAt: 1,
      settings: {
        autoLockMinutes: 30,
        roundTimeoutMinutes: 300,
        lockFrom: '21:00',
        timezone: 'Europe/London',
        wifiEnabled: false,
        wifiSSID: '',
        wifiPassword: '',
        recoveryMode: false,
        reportIntervalSeconds: 5,
      },
      codes: [],
      zones: [],
    };
    expect(configMessage.safeParse(config).success).toBe(false);
    expect(configMessage.safeParse({ ...config, version: 1 }).success).toBe(true);
  });
});
