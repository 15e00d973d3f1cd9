import { describe, expect, it } from 'vitest';
import { cartSignal, cellularDots, CSQ_UNKNOWN, wifiDots, wifiStrength } from './signal';

describe('wifiStrength', () => {
  it('is clamp(2 * (rssi + 100), 0, 100)', () => {
    expect(wifiStrength(-100)).toBe(0);
    expect(wifiStrength(-120)).toBe(0);
    expect(wifiStrength(-75)).toBe(50);
    expect(wifiStrength(-50)).toBe(100);
    expect(wifiStrength(-30)).toBe(100);
  });
});

describe('wifiDots', () => {
  it('gives 4/3/2/1/0 dots at the strength thresholds 90, 75, 50, 10', () => {
    // strength 90 = -55 dBm, 75 = -62.5, 50 = -75, 10 = -95
    expect(wifiDots(-55)).toBe(4);
    expect(wifiDots(-55.5)).toBe(3);
    expect(wifiDots(-62.5)).toBe(3);
    expect(wifiDots(-63)).toBe(2);
    expect(wifiDots(-75)).toBe(2);
    expect(wifiDots(-75.5)).toBe(1);
    expect(wifiDots(-95)).toBe(1);
    expect(wifiDots(-95.5)).toBe(0);
    expect(wifiDots(-110)).toBe(0);
  });

  it('has no dots without a reading, and 0 dBm is no reading', () => {
    expect(wifiDots(null)).toBeNull();
    expect(wifiDots(0)).toBeNull();
    expect(wifiDots(Number.NaN)).toBeNull();
  });
});

describe('cellularDots', () => {
  it('gives 4 from CSQ 23, 3 from 15, 2 from 8, else 1', () => {
    expect(cellularDots(31)).toBe(4);
    expect(cellularDots(23)).toBe(4);
    expect(cellularDots(22)).toBe(3);
    expect(cellularDots(15)).toBe(3);
    expect(cellularDots(14)).toBe(2);
    expect(cellularDots(8)).toBe(2);
    expect(cellularDots(7)).toBe(1);
    expect(cellularDots(0)).toBe(1);
  });

  it('is unknown for 99, no reading, or a value that is not a CSQ', () => {
    expect(cellularDots(CSQ_UNKNOWN)).toBeNull();
    expect(cellularDots(null)).toBeNull();
    expect(cellularDots(32)).toBeNull();
    expect(cellularDots(-1)).toBeNull();
    expect(cellularDots(12.5)).toBeNull();
  });
});

describe('cartSignal', () => {
  const cart = { conType: null, wifiSignal: -60, gprsSignal: 20 };

  it('picks the link by conType', () => {
    expect(cartSignal({ ...cart, conType: 'W' })).toEqual({ conType: 'W', value: -60, dots: 3 });
    expect(cartSignal({ ...cart, conType: 'G' })).toEqual({ conType: 'G', value: 20, dots: 3 });
  });

  it('has nothing before the first report', () => {
    expect(cartSignal(cart)).toEqual({ conType: null, value: null, dots: null });
  });

  it('keeps the link when its reading is missing', () => {
    expect(cartSignal({ ...cart, conType: 'G', gprsSignal: 99 })).toEqual({
      conType: 'G',
      value: 99,
      dots: null,
    });
  });
});
