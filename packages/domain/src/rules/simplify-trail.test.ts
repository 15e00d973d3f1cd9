import { describe, expect, it } from 'vitest';
import { simplifyTrail, type TrailCoordinate } from './simplify-trail';

// Around St Andrews (56.35° N): one metre north is 1/111,195 of a degree of latitude.
const LAT = 56.35;
const LNG = -2.81;
const METRE_LAT = 1 / 111_195;
const METRE_LNG = METRE_LAT / Math.cos((LAT * Math.PI) / 180);
/** A point `north` and `east` metres from the origin. */
const at = (north: number, east: number): TrailCoordinate => [
  LAT + north * METRE_LAT,
  LNG + east * METRE_LNG,
];

describe('simplifyTrail', () => {
  it('returns empty, single-point and two-point trails unchanged', () => {
    expect(simplifyTrail([], 5)).toEqual([]);
    expect(simplifyTrail([at(0, 0)], 5)).toEqual([at(0, 0)]);
    expect(simplifyTrail([at(0, 0), at(0, 100)], 5)).toEqual([at(0, 0), at(0, 100)]);
  });

  it('reduces a straight run to its ends', () => {
    const line = Array.from({ length: 50 }, (_, i) => at(0, i * 10));
    expect(simplifyTrail(line, 1)).toEqual([at(0, 0), at(0, 490)]);
  });

  it('drops a bend within the tolerance and keeps one beyond it, in metres', () => {
    const bend = (offset: number) => [at(0, 0), at(offset, 50), at(0, 100)];
    expect(simplifyTrail(bend(4.9), 5)).toHaveLength(2);
    expect(simplifyTrail(bend(5.1), 5)).toEqual(bend(5.1));
  });

  it('measures east–west offsets in metres too, not in degrees', () => {
    // 5.1 m east is 0.0000826° of longitude here but only 0.0000459° of latitude: both must count alike.
    const bend = [at(0, 0), at(50, 5.1), at(100, 0)];
    expect(simplifyTrail(bend, 5)).toEqual(bend);
  });

  it('keeps the far side of a closed loop whose ends coincide', () => {
    const loop = [at(0, 0), at(0, 100), at(100, 100), at(100, 0), at(0, 0)];
    expect(simplifyTrail(loop, 5)).toEqual(loop);
  });

  it('keeps every corner with tolerance 0 but drops exactly collinear points', () => {
    const trail = [at(0, 0), at(0, 10), at(0, 20), at(10, 20)];
    expect(simplifyTrail(trail, 0)).toEqual([at(0, 0), at(0, 20), at(10, 20)]);
  });

  it('keeps the order and the original coordinates of the points it keeps', () => {
    const zigzag = Array.from({ length: 20 }, (_, i) => at(i % 2 === 0 ? 0 : 30, i * 20));
    const simplified = simplifyTrail(zigzag, 5);
    expect(simplified).toEqual(zigzag);
    expect(simplifyTrail(zigzag, 40)).toEqual([zigzag[0], zigzag[19]]);
  });

  it('simplifies long trails in windows of 1,000 points, keeping only the window ends extra', () => {
    const line = Array.from({ length: 2_500 }, (_, i) => at(0, i));
    expect(simplifyTrail(line, 1)).toEqual([line[0], line[1_000], line[2_000], line[2_499]]);
  });

  it('stays fast on a long trail that winds back and forth', () => {
    const long = Array.from({ length: 200_000 }, (_, i) => at(Math.sin(i / 50) * 30, i));
    const simplified = simplifyTrail(long, 2);
    expect(simplified.length).toBeGreaterThan(100);
    expect(simplified.length).toBeLessThan(long.length / 10);
  });

  it('refuses a negative or missing tolerance', () => {
    expect(() => simplifyTrail([at(0, 0)], -1)).toThrow(RangeError);
    expect(() => simplifyTrail([at(0, 0)], Number.NaN)).toThrow(RangeError);
  });
});
