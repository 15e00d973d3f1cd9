import { describe, expect, it } from 'vitest';
import { BATTERY_ICON_STEPS, batteryIconStep, batteryPercent, batteryStatus } from './battery';

describe('batteryPercent', () => {
  it('reads lead-acid (FLA, AGM) from 43.69 V = 0 % to 51.78 V = 100 % in 5 % steps', () => {
    for (const power of ['FLA', 'AGM'] as const) {
      expect(batteryPercent(51.78, power)).toBe(100);
      expect(batteryPercent(43.69, power)).toBe(0);
      expect(batteryPercent(47.735, power)).toBe(50);
    }
    // Just below a step stays on the lower step.
    expect(batteryPercent(51.77, 'FLA')).toBe(95);
    expect(batteryPercent(43.69 + 0.05 * 8.09, 'AGM')).toBe(5);
    expect(batteryPercent(43.69 + 0.049 * 8.09, 'AGM')).toBe(0);
  });

  it('reads gas from 11.3 V = 0 % to 12.7 V = 100 %', () => {
    expect(batteryPercent(12.7, 'Gas')).toBe(100);
    expect(batteryPercent(11.3, 'Gas')).toBe(0);
    expect(batteryPercent(12.0, 'Gas')).toBe(50);
    expect(batteryPercent(12.69, 'Gas')).toBe(99);
  });

  it('reads the lithium generator from 44.8 V = 0 % to 53.6 V = 100 %', () => {
    expect(batteryPercent(53.6, 'Li-Gen')).toBe(100);
    expect(batteryPercent(44.8, 'Li-Gen')).toBe(0);
    expect(batteryPercent(49.2, 'Li-Gen')).toBe(50);
  });

  it('clamps readings outside the curve', () => {
    expect(batteryPercent(58, 'FLA')).toBe(100);
    expect(batteryPercent(30, 'FLA')).toBe(0);
    expect(batteryPercent(14.2, 'Gas')).toBe(100);
    expect(batteryPercent(0, 'Li-Gen')).toBe(0);
  });

  it('has no percentage for Li-Ion, Unknown or a non-number', () => {
    expect(batteryPercent(50, 'Li-Ion')).toBeNull();
    expect(batteryPercent(50, 'Unknown')).toBeNull();
    expect(batteryPercent(Number.NaN, 'FLA')).toBeNull();
  });
});

describe('batteryStatus', () => {
  const cart = { battVoltage: 47.735, battCharge: false, vehicleInfo: { power: 'FLA' as const } };

  it('shows the percentage for a known curve', () => {
    expect(batteryStatus(cart)).toEqual({ kind: 'percent', percent: 50 });
  });

  it('shows Charging whatever the power type', () => {
    expect(batteryStatus({ ...cart, battCharge: true })).toEqual({ kind: 'charging' });
    expect(batteryStatus({ ...cart, battCharge: true, vehicleInfo: null })).toEqual({ kind: 'charging' });
  });

  it('shows no percentage for Li-Ion', () => {
    expect(batteryStatus({ ...cart, vehicleInfo: { power: 'Li-Ion' } })).toEqual({ kind: 'noPercentage' });
  });

  it('is unknown without vehicle info, with power Unknown, or without a voltage', () => {
    expect(batteryStatus({ ...cart, vehicleInfo: null })).toEqual({ kind: 'unknown' });
    expect(batteryStatus({ ...cart, vehicleInfo: { power: 'Unknown' } })).toEqual({ kind: 'unknown' });
    expect(batteryStatus({ ...cart, battVoltage: null })).toEqual({ kind: 'unknown' });
  });
});

describe('batteryIconStep', () => {
  it('steps at 95, 90 … 10', () => {
    expect(BATTERY_ICON_STEPS[0]).toBe(95);
    expect(BATTERY_ICON_STEPS.at(-1)).toBe(10);
    expect(BATTERY_ICON_STEPS).toHaveLength(18);
  });

  it('takes the highest step not above the charge, 0 below 10', () => {
    expect(batteryIconStep(100)).toBe(95);
    expect(batteryIconStep(95)).toBe(95);
    expect(batteryIconStep(94)).toBe(90);
    expect(batteryIconStep(10)).toBe(10);
    expect(batteryIconStep(9)).toBe(0);
    expect(batteryIconStep(0)).toBe(0);
  });
});
