import { describe, expect, it } from 'vitest';
import {
  BARN_RADIUS_METRES,
  cartEnergy,
  counterClockwise,
  ELECTRIC_CART_RANGE_METERS,
  GBFS_MIN_CHARGE_PERCENT,
  gbfsPropulsion,
  offeredInFeed,
  osmOpeningHours,
  ringCentre,
  withinMetres,
} from './gbfs';

const hours = (openTime: string, closeTime: string) => ({ openTime, closeTime });

describe('osmOpeningHours', () => {
  it('writes the week Monday first, joining consecutive days with the same hours', () => {
    // Index 0 is Sunday: closed on Sundays, the same hours on the other six days.
    const week = [null, ...Array.from({ length: 6 }, () => hours('06:30', '20:30'))];
    expect(osmOpeningHours(week)).toBe('Mo-Sa 06:30-20:30; Su off');
  });

  it('keeps a day alone when its neighbours differ, and carries 24:00', () => {
    const week = [
      hours('08:00', '24:00'),
      hours('07:00', '21:00'),
      hours('07:00', '21:00'),
      null,
      hours('07:00', '21:00'),
      hours('07:00', '21:00'),
      hours('07:00', '21:00'),
    ];
    expect(osmOpeningHours(week)).toBe('Mo-Tu 07:00-21:00; We off; Th-Sa 07:00-21:00; Su 08:00-24:00');
  });

  it('says the whole week in one rule when every day is alike', () => {
    expect(osmOpeningHours(Array.from({ length: 7 }, () => hours('07:00', '21:00')))).toBe(
      'Mo-Su 07:00-21:00',
    );
    expect(osmOpeningHours(Array.from({ length: 7 }, () => null))).toBe('Mo-Su off');
  });
});

describe('the carts offered in the feed', () => {
  const percent = (value: number) => ({ kind: 'percent' as const, percent: value });

  it('offers an available cart from the minimum charge on, and one whose charge cannot be read', () => {
    expect(offeredInFeed('AVAILABLE', percent(GBFS_MIN_CHARGE_PERCENT))).toBe(true);
    expect(offeredInFeed('AVAILABLE', percent(GBFS_MIN_CHARGE_PERCENT - 5))).toBe(false);
    expect(offeredInFeed('AVAILABLE', { kind: 'charging' })).toBe(true);
    expect(offeredInFeed('AVAILABLE', { kind: 'noPercentage' })).toBe(true);
  });

  it('never offers a cart a guest could not take', () => {
    for (const status of ['IN_USE', 'OFFLINE', 'KEYMODE', 'OUT_OF_SERVICE', 'BOOKED', 'SITE_CLOSED'] as const)
      expect(offeredInFeed(status, percent(100))).toBe(false);
  });

  it('reads range from the charge, and states the least an offered cart has when the charge is unknown', () => {
    expect(cartEnergy(percent(60), 'electric')).toEqual({
      fuelPercent: 0.6,
      rangeMeters: ELECTRIC_CART_RANGE_METERS * 0.6,
    });
    const floor = (ELECTRIC_CART_RANGE_METERS * GBFS_MIN_CHARGE_PERCENT) / 100;
    expect(cartEnergy({ kind: 'charging' }, 'electric')).toEqual({ fuelPercent: null, rangeMeters: floor });
    // A petrol cart's voltage is its starter battery's: never read as fuel.
    expect(cartEnergy(percent(90), 'combustion').fuelPercent).toBeNull();
    expect(gbfsPropulsion('Gas')).toBe('combustion');
    expect(gbfsPropulsion(null)).toBe('electric');
    expect(gbfsPropulsion('Li-Ion')).toBe('electric');
  });
});

describe('zone geometry for GeoJSON', () => {
  const clockwise: Array<[number, number]> = [
    [0, 0],
    [0, 1],
    [1, 1],
    [1, 0],
    [0, 0],
  ];

  it('turns a clockwise ring round and leaves a counter-clockwise one as it is', () => {
    const turned = counterClockwise(clockwise);
    expect(turned).toEqual([...clockwise].reverse());
    expect(counterClockwise(turned)).toEqual(turned);
  });

  it('pins a station at the mean corner, or at the first corner when the ring bends around its mean', () => {
    expect(ringCentre(clockwise)).toEqual([0.5, 0.5]);
    // A thin U: its mean lies in the gap between the arms.
    const u: Array<[number, number]> = [
      [0, 0],
      [3, 0],
      [3, 3],
      [2, 3],
      [2, 1],
      [1, 1],
      [1, 3],
      [0, 3],
      [0, 0],
    ];
    expect(ringCentre(u)).toEqual([0, 0]);
  });
});

describe('withinMetres', () => {
  it('measures on the ground, where a degree of longitude is shorter than one of latitude', () => {
    // At 56° N a degree of longitude is about 62 km, one of latitude about 111 km.
    const barn: [number, number] = [-2.8135, 56.3498];
    expect(withinMetres(barn, [barn[0] + 0.0015, barn[1]], BARN_RADIUS_METRES)).toBe(true);
    expect(withinMetres(barn, [barn[0], barn[1] + 0.0015], BARN_RADIUS_METRES)).toBe(false);
  });
});
