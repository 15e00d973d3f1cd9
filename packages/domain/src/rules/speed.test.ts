import { describe, expect, it } from 'vitest';
import { KPH_TO_MPH } from '../limits';
import { convertSpeed, formatSpeed, isSpeedUnit } from './speed';

describe('convertSpeed', () => {
  it('keeps km/h and converts to mph with 0.621371', () => {
    expect(convertSpeed(20, 'kph')).toBe(20);
    expect(convertSpeed(100, 'mph')).toBeCloseTo(62.1371, 6);
    expect(convertSpeed(0, 'mph')).toBe(0);
    expect(KPH_TO_MPH).toBe(0.621371);
  });
});

describe('formatSpeed', () => {
  it('shows one decimal with the unit in the number format of the locale', () => {
    expect(formatSpeed(12.46, 'kph', 'en')).toBe('12.5 km/h');
    expect(formatSpeed(12.46, 'kph', 'de')).toBe('12,5 km/h');
    expect(formatSpeed(0, 'kph', 'en')).toBe('0.0 km/h');
    expect(formatSpeed(20, 'mph', 'en')).toBe('12.4 mph');
  });
});

describe('isSpeedUnit', () => {
  it('accepts only kph and mph', () => {
    expect(isSpeedUnit('kph')).toBe(true);
    expect(isSpeedUnit('mph')).toBe(true);
    expect(isSpeedUnit('km/h')).toBe(false);
    expect(isSpeedUnit(null)).toBe(false);
  });
});
