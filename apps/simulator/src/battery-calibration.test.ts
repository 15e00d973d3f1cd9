import { describe, expect, it } from 'vitest';
import { FACTORY_SETTINGS, decideConfig } from './config';

const payload = (batteryCalibration: unknown) => ({
  version: 2,
  issuedAt: 1_767_225_600_000,
  settings: { ...FACTORY_SETTINGS, batteryCalibration },
  codes: [],
  zones: [],
});

/** Issue 20: the Device Manager's battery calibration reaches the cart in its device settings. */
describe('battery calibration in the config', () => {
  it('applies a config that carries one', () => {
    const decision = decideConfig(payload(50.46), 1);
    expect(decision.kind).toBe('apply');
    expect(decision.kind === 'apply' && decision.config.settings.batteryCalibration).toBe(50.46);
  });

  it('refuses one outside 3–77.99 with an ack naming the field', () => {
    const decision = decideConfig(payload(90), 1);
    expect(decision).toMatchObject({ kind: 'refuse', version: 2 });
    expect(decision.kind === 'refuse' && decision.error).toMatch(/settings\.batteryCalibration/);
  });
});
