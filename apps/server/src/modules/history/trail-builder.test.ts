import { describe, expect, it } from 'vitest';
import { countPoints, dayTrail, fitPointBudget, mergeDayTrails, type TrailReport } from './trail-builder';

const LAT = 56.35;
const LNG = -2.81;
const METRE_LAT = 1 / 111_195;
const METRE_LNG = METRE_LAT / Math.cos((LAT * Math.PI) / 180);
const T0 = Date.UTC(2026, 5, 1, 8);

/** A report `north`/`east` metres from the origin, `seconds` after T0. */
const report = (seconds: number, north: number, east: number): TrailReport => ({
  ts: T0 + seconds * 1000,
  lat: LAT + north * METRE_LAT,
  lng: LNG + east * METRE_LNG,
});

/** Laps of a 100 m × 200 m rectangle, a report every 5 s at 4 m/s, starting `start` seconds after T0. */
function laps(count: number, start = 0, offsetMetres = 0): TrailReport[] {
  const corners: Array<[number, number]> = [
    [0, 0],
    [0, 200],
    [100, 200],
    [100, 0],
  ];
  const reports: TrailReport[] = [];
  for (let metre = 0; metre < count * 600; metre += 20) {
    let along = metre % 600;
    let side = 0;
    const lengths = [200, 100, 200, 100];
    while (along >= lengths[side]!) along -= lengths[side++]!;
    const [n0, e0] = corners[side]!;
    const [n1, e1] = corners[(side + 1) % 4]!;
    const t = along / lengths[side]!;
    reports.push(report(start + metre / 4, n0 + (n1 - n0) * t + offsetMetres, e0 + (e1 - e0) * t));
  }
  return reports;
}

describe('dayTrail', () => {
  it('is empty without reports and drops a drive of one report', () => {
    expect(dayTrail([])).toEqual([]);
    expect(dayTrail([report(0, 0, 0)])).toEqual([]);
  });

  it('simplifies a lap to its corners, in 6 decimals', () => {
    const [segment, ...rest] = dayTrail(laps(1));
    expect(rest).toEqual([]);
    expect(segment!.length).toBeLessThanOrEqual(6);
    for (const [lat, lng] of segment!) {
      expect(Math.round(lat * 1e6) / 1e6).toBe(lat);
      expect(Math.round(lng * 1e6) / 1e6).toBe(lng);
    }
  });

  it('keeps a stretch driven again the same day once, also 4 m to the side (GPS noise)', () => {
    const once = countPoints([dayTrail(laps(1))]);
    expect(countPoints([dayTrail(laps(10))])).toBeLessThanOrEqual(once + 2);
    expect(countPoints([dayTrail([...laps(1), ...laps(1, 150, 4)])])).toBeLessThanOrEqual(once + 2);
  });

  it('keeps a parallel track 30 m away as a stretch of its own', () => {
    const trail = dayTrail([...laps(1), ...laps(1, 150, 30)]);
    const norths = trail.flat().map(([lat]) => Math.round((lat - LAT) / METRE_LAT));
    expect(norths.some((north) => north >= 125)).toBe(true);
  });

  it('splits a drive after a pause of more than 5 minutes, but not after a shorter one', () => {
    const east = (from: number, to: number, start: number) =>
      Array.from({ length: (to - from) / 20 + 1 }, (_, i) => report(start + i * 5, 0, from + i * 20));
    expect(dayTrail([...east(0, 200, 0), ...east(220, 400, 50 + 4 * 60)])).toHaveLength(1);
    expect(dayTrail([...east(0, 200, 0), ...east(220, 400, 50 + 6 * 60)])).toHaveLength(2);
  });

  it('splits at a jump of more than 250 m between two reports (a lost fix)', () => {
    const trail = dayTrail([report(0, 0, 0), report(5, 0, 20), report(10, 0, 300), report(15, 0, 320)]);
    expect(trail).toHaveLength(2);
  });
});

describe('mergeDayTrails', () => {
  it('keeps what several days drove once, in day order', () => {
    const day = dayTrail(laps(3));
    const merged = mergeDayTrails([day, day, day]);
    expect(merged).toEqual(mergeDayTrails([day]));
    expect(countPoints([merged])).toBeLessThanOrEqual(countPoints([day]) + 2);
  });

  it('adds what a later day drove beyond the earlier ones', () => {
    const first = dayTrail(laps(1));
    const wider = dayTrail(laps(1, 0, 60));
    expect(countPoints([mergeDayTrails([first, wider])])).toBeGreaterThan(countPoints([first]));
  });
});

describe('fitPointBudget', () => {
  it('leaves trails within the budget alone and simplifies the others until they fit', () => {
    const wiggly = [
      Array.from({ length: 400 }, (_, i): [number, number] => [
        LAT + Math.sin(i / 3) * 8 * METRE_LAT,
        LNG + i * 2 * METRE_LNG,
      ]),
    ];
    expect(fitPointBudget([wiggly], 1_000)).toEqual([wiggly]);
    const fitted = fitPointBudget([wiggly, wiggly], 100);
    expect(countPoints(fitted)).toBeLessThanOrEqual(100);
    expect(countPoints(fitted)).toBeGreaterThan(4);
  });

  it('drops the shortest segments when simplifying cannot fit thousands of tiny pieces', () => {
    const piece = (i: number, metres: number): Array<[number, number]> => [
      [LAT + i * 50 * METRE_LAT, LNG],
      [LAT + i * 50 * METRE_LAT, LNG + metres * METRE_LNG],
    ];
    const trail = Array.from({ length: 50 }, (_, i) => piece(i, i + 1));
    const fitted = fitPointBudget([trail], 20);
    expect(countPoints(fitted)).toBe(20);
    const metres = fitted[0]!.map((segment) => Math.round((segment[1]![1] - segment[0]![1]) / METRE_LNG));
    expect(metres).toEqual([41, 42, 43, 44, 45, 46, 47, 48, 49, 50]);
  });
});
