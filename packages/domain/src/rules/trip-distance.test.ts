import { describe, expect, it } from 'vitest';
import { tripDistanceKm } from './rides';

describe('tripDistanceKm', () => {
  it('is the odometer difference so far, to 1 decimal', () => {
    expect(tripDistanceKm(1523.482, 1525.031)).toBe(1.5);
    expect(tripDistanceKm(10, 10)).toBe(0);
  });
  it('is unknown without both readings, or when the odometer went back', () => {
    expect(tripDistanceKm(null, 12)).toBeNull();
    expect(tripDistanceKm(12, null)).toBeNull();
    expect(tripDistanceKm(12, 3)).toBeNull();
  });
});
