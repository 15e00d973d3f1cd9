import type { ConfigMessage } from '@fairway/domain';
import { describe, expect, it } from 'vitest';
import { FACTORY_SETTINGS } from './config';
import { recordingDevice } from './device.test-support';

const config = (version: number, settings: Partial<ConfigMessage['settings']> = {}): ConfigMessage => ({
  version,
  issuedAt: 1_767_225_600_000,
  settings: { ...FACTORY_SETTINGS, timezone: 'Europe/London', ...settings },
  codes: [{ code: '123456', type: 'keypad', expires: null }],
  zones: [],
});

describe('config', () => {
  it('applies a newer config, acks its version and refreshes the retained status', () => {
    const { device, on } = recordingDevice();
    device.receiveConfig(config(3, { reportIntervalSeconds: 5, autoLockMinutes: 10 }));
    expect(device.configVersion).toBe(3);
    expect(device.settings.autoLockMinutes).toBe(10);
    expect(device.codes).toHaveLength(1);
    expect(on('config/ack')).toMatchObject([{ version: 3, ok: true }]);
    expect(on('status').at(-1)).toMatchObject({ online: true, configVersion: 3 });
  });

  it('changes the report rate with reportIntervalSeconds', () => {
    const { device } = recordingDevice({ startMidRound: false });
    expect(device.reportIntervalMs()).toBe(15_000); // parked: the standing rate
    device.receiveConfig(config(1, { reportIntervalSeconds: 30 }));
    expect(device.reportIntervalMs()).toBe(30_000);
    device.model.speedKmh = 15;
    device.receiveConfig(config(2, { reportIntervalSeconds: 1 }));
    expect(device.reportIntervalMs()).toBe(1_000);
  });

  it('ignores a config older than the running one, without an ack', () => {
    const { device, on } = recordingDevice();
    device.receiveConfig(config(5, { autoLockMinutes: 15 }));
    device.receiveConfig(config(4, { autoLockMinutes: 99 }));
    expect(device.configVersion).toBe(5);
    expect(device.settings.autoLockMinutes).toBe(15);
    expect(on('config/ack').map((ack) => ack.version)).toEqual([5]);
  });

  it('acks the running version again when it is redelivered, without reapplying it', () => {
    const { device, on } = recordingDevice();
    device.receiveConfig(config(2));
    device.receiveConfig(config(2, { autoLockMinutes: 99 }));
    expect(device.settings.autoLockMinutes).toBe(0);
    expect(on('config/ack').map((ack) => [ack.version, ack.ok])).toEqual([
      [2, true],
      [2, true],
    ]);
  });

  it('refuses a newer but invalid config with a failed ack, and drops payloads that are not configs', () => {
    const { device, on } = recordingDevice();
    device.receiveConfig({ ...config(7), settings: { reportIntervalSeconds: 0 } });
    device.receiveConfig({ hello: 'world' });
    device.receiveConfig(null);
    expect(device.configVersion).toBe(0);
    const acks = on('config/ack');
    expect(acks).toHaveLength(1);
    expect(acks[0]).toMatchObject({
      version: 7,
      ok: false,
      error: expect.stringContaining('invalid config'),
    });
  });

  it('stops using WiFi near the barn when the config disables it', () => {
    const { device } = recordingDevice();
    expect(device.telemetry().conType).toBe('W');
    device.receiveConfig(config(1, { wifiEnabled: false }));
    const telemetry = device.telemetry();
    expect(telemetry.conType).toBe('G');
    expect(telemetry.csq).toBeGreaterThanOrEqual(8);
  });
});
