import { describe, expect, it } from 'vitest';
import { zoneLineWeight, zonePathOptions } from './zone-style';

describe('zoneLineWeight', () => {
  it('is 12 at zoom 18 and halves per level out, down to 1', () => {
    expect(zoneLineWeight(18)).toBe(12);
    expect(zoneLineWeight(17)).toBe(6);
    expect(zoneLineWeight(16)).toBe(3);
    expect(zoneLineWeight(15)).toBe(1.5);
    expect(zoneLineWeight(14)).toBe(1);
    expect(zoneLineWeight(3)).toBe(1);
  });

  it('stays at 12 when zoomed in further, and follows fractional zoom', () => {
    expect(zoneLineWeight(22)).toBe(12);
    expect(zoneLineWeight(17.5)).toBeCloseTo(8.49, 2);
  });
});

describe('zonePathOptions', () => {
  it('uses the type colour and opacity, none for a geofence fill', () => {
    expect(zonePathOptions('parking', undefined, 18)).toMatchObject({
      color: '#8e24aa',
      fillOpacity: 0.4,
      weight: 12,
    });
    expect(zonePathOptions('geofence', undefined, 17)).toMatchObject({ color: '#1e88e5', fill: false });
    expect(zonePathOptions('restriction', '#00ff00', 16)).toMatchObject({ color: '#00ff00', weight: 3 });
  });
});
