import type { ConfigMessage } from '@fairway/domain';
import { describe, expect, it } from 'vitest';
import { FACTORY_SETTINGS } from './config';
import { recordingDevice } from './device.test-support';

const config = (version: number): ConfigMessage => ({
  version,
  issuedAt: 1_767_225_600_000,
  settings: { ...FACTORY_SETTINGS, autoLockMinutes: 10 },
  codes: [],
  zones: [
    {
      id: 'barn',
      type: 'parking',
      ring: [
        [-3, 56],
        [-2, 56],
        [-2, 57],
        [-3, 56],
      ],
    },
  ],
});

describe('restarting the tracker', () => {
  it('boots when its link is back: uptime from 0, online status and a report at once', () => {
    const { device, clock, sent } = recordingDevice();
    expect(device.uptimeS()).toBeGreaterThan(600);
    device.shutDown(false);
    clock.now += 5_000;
    sent.length = 0;
    device.linkUp();
    expect(sent.map((entry) => entry.channel)).toEqual(['status', 'telemetry']);
    expect(sent[0]!.message).toMatchObject({ online: true, configVersion: 0 });
    expect(sent[1]!.message).toMatchObject({ uptime: 0 });
    clock.now += 5_000;
    expect(device.uptimeS()).toBe(5);
    expect(device.logSnapshot()).toMatchObject({ system: { resetReason: 'SW_RESET' } });
  });

  it('keeps its config over a reboot (flash) and only acks the retained one again', () => {
    const { device, on } = recordingDevice();
    device.receiveConfig(config(3));
    device.shutDown(false);
    device.linkUp();
    device.receiveConfig(config(3));
    expect(device.configVersion).toBe(3);
    expect(on('config/ack').map((ack) => ack.version)).toEqual([3, 3]);
    expect(on('status').filter((status) => status.configVersion === 3)).toHaveLength(2);
  });

  it('forgets its config on a reset, so the retained one is applied and acked again', () => {
    const { device, on } = recordingDevice();
    device.receiveConfig(config(3));
    device.shutDown(true);
    expect(device.configVersion).toBe(0);
    expect(device.settings).toEqual(FACTORY_SETTINGS);
    device.linkUp();
    expect(on('status').at(-1)).toMatchObject({ online: true, configVersion: 0 });
    device.receiveConfig(config(3));
    expect(device.configVersion).toBe(3);
    expect(device.settings.autoLockMinutes).toBe(10);
    expect(on('status').at(-1)).toMatchObject({ online: true, configVersion: 3 });
    expect(device.logSnapshot()).toMatchObject({ system: { resetReason: 'FACTORY_RESET' } });
  });
});
