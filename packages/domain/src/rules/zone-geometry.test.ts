import { describe, expect, it } from 'vitest';
import {
  ZONE_RING_LIMITS,
  checkZoneRing,
  pointInRing,
  ringAreaSquareMetres,
  roundRing,
  type LngLat,
} from './zone-geometry';

/** Metres → degrees near St Andrews (56.34° N), where a degree of longitude is about 61.7 km. */
const LAT0 = 56.34;
const LNG0 = -2.8;
const M_PER_DEG_LAT = 111_195;
const M_PER_DEG_LNG = M_PER_DEG_LAT * Math.cos((LAT0 * Math.PI) / 180);
const at = (east: number, north: number): LngLat => [
  LNG0 + east / M_PER_DEG_LNG,
  LAT0 + north / M_PER_DEG_LAT,
];

/** A closed ring from points given in metres east/north of the origin. */
const ring = (...points: Array<[number, number]>): LngLat[] => {
  const positions = points.map(([east, north]) => at(east, north));
  return [...positions, positions[0]!];
};
const square = (side: number) => ring([0, 0], [side, 0], [side, side], [0, side]);

const reasonOf = (candidate: readonly LngLat[]) => {
  const result = checkZoneRing(candidate);
  return result.ok ? 'ok' : result.reason;
};

describe('checkZoneRing', () => {
  it('accepts a simple closed square and reports its area', () => {
    const result = checkZoneRing(square(100));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.areaSquareMetres).toBeCloseTo(10_000, -1);
  });

  it('refuses an open ring', () => {
    const open = square(100).slice(0, -1);
    expect(reasonOf(open)).toBe('notClosed');
    const result = checkZoneRing(open);
    expect(!result.ok && result.message).toMatch(/not closed/);
  });

  it('needs three distinct vertices', () => {
    expect(reasonOf(ring([0, 0], [100, 0], [100, 100]))).toBe('ok');
    expect(reasonOf(ring([0, 0], [100, 0]))).toBe('tooFewVertices');
    // A ring that visits the same two points twice has four vertices but only two distinct ones.
    expect(reasonOf(ring([0, 0], [100, 0], [0, 0], [100, 0]))).toBe('tooFewVertices');
  });

  it('allows 500 vertices and refuses 501', () => {
    const circle = (count: number) =>
      ring(
        ...Array.from({ length: count }, (_, i): [number, number] => [
          500 * Math.cos((2 * Math.PI * i) / count),
          500 * Math.sin((2 * Math.PI * i) / count),
        ]),
      );
    expect(reasonOf(circle(ZONE_RING_LIMITS.maxVertices))).toBe('ok');
    expect(reasonOf(circle(ZONE_RING_LIMITS.maxVertices + 1))).toBe('tooManyVertices');
  });

  it('refuses a vertex repeated right after itself, including before the closing point', () => {
    expect(reasonOf(ring([0, 0], [100, 0], [100, 0], [100, 100]))).toBe('repeatedVertex');
    const closingTwice = [...square(100).slice(0, -1), at(0, 0), at(0, 0)];
    expect(reasonOf(closingTwice)).toBe('repeatedVertex');
  });

  it('refuses a bow-tie', () => {
    const bowTie = ring([0, 0], [100, 100], [100, 0], [0, 100]);
    expect(reasonOf(bowTie)).toBe('selfIntersection');
    const result = checkZoneRing(bowTie);
    expect(!result.ok && result.message).toMatch(/crosses/);
  });

  it('refuses non-adjacent edges that only touch, and a vertex visited twice', () => {
    // The notch's tip (50, 0) lies on the bottom edge without crossing it.
    const touching = ring([0, 0], [100, 0], [100, 100], [50, 0], [0, 100]);
    expect(reasonOf(touching)).toBe('selfIntersection');
    const figureEight = ring([0, 0], [50, 50], [100, 0], [100, 100], [50, 50], [0, 100]);
    expect(reasonOf(figureEight)).toBe('selfIntersection');
  });

  it('refuses an edge that folds back onto the previous one (a zero-width spike)', () => {
    expect(reasonOf(ring([0, 0], [100, 0], [150, 0], [120, 0], [100, 100], [0, 100]))).toBe(
      'selfIntersection',
    );
    // Collinear vertices that continue straight on are fine.
    expect(reasonOf(ring([0, 0], [50, 0], [100, 0], [100, 100], [0, 100]))).toBe('ok');
  });

  it('accepts a concave ring whose notch comes close to, but does not touch, another edge', () => {
    expect(reasonOf(ring([0, 0], [100, 0], [100, 100], [50, 1], [0, 100]))).toBe('ok');
  });

  it('bounds the area between 20 m² and 20 km²', () => {
    expect(reasonOf(square(4.6))).toBe('ok'); // 21.2 m²
    expect(reasonOf(square(4.4))).toBe('tooSmall'); // 19.4 m²
    expect(reasonOf(square(4_400))).toBe('ok'); // 19.4 km²
    expect(reasonOf(square(4_600))).toBe('tooLarge'); // 21.2 km²
  });

  it('refuses non-finite and out-of-range positions', () => {
    expect(
      reasonOf([
        [0, 0],
        [Number.NaN, 0],
        [1, 1],
        [0, 0],
      ]),
    ).toBe('invalidCoordinate');
    expect(
      reasonOf([
        [0, 0],
        [181, 0],
        [1, 1],
        [0, 0],
      ]),
    ).toBe('invalidCoordinate');
  });
});

describe('ringAreaSquareMetres', () => {
  it('is the same for open and closed rings and either winding', () => {
    const closed = square(50);
    expect(ringAreaSquareMetres(closed)).toBeCloseTo(2_500, -1);
    expect(ringAreaSquareMetres(closed.slice(0, -1))).toBeCloseTo(ringAreaSquareMetres(closed), 6);
    expect(ringAreaSquareMetres([...closed].reverse())).toBeCloseTo(ringAreaSquareMetres(closed), 6);
  });
});

describe('pointInRing', () => {
  const notched = ring([0, 0], [100, 0], [100, 100], [50, 20], [0, 100]);

  it('tells inside from outside, also in a concave notch', () => {
    expect(pointInRing(...at(50, 10), notched)).toBe(true);
    expect(pointInRing(...at(10, 80), notched)).toBe(true);
    expect(pointInRing(...at(50, 60), notched)).toBe(false);
    expect(pointInRing(...at(-1, 50), notched)).toBe(false);
    expect(pointInRing(...at(101, 50), notched)).toBe(false);
  });

  it('works on an open ring too', () => {
    expect(pointInRing(...at(50, 10), notched.slice(0, -1))).toBe(true);
  });
});

describe('roundRing', () => {
  it('rounds to six decimals', () => {
    expect(roundRing([[-2.80000049, 56.3433335]])).toEqual([[-2.8, 56.343334]]);
  });
});
