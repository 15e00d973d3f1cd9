import { describe, expect, it } from 'vitest';
import type { CourseHole } from '../schemas/course';
import { courseBody } from '../schemas/course';
import { HOLE_NEAR_METRES, holeAt, metresFromHole } from './course';

// Two parallel holes 200 m apart (0.0018° of latitude ≈ 200 m) running east for about 300 m.
const hole = (number: number, lat: number): CourseHole => ({
  number,
  par: 4,
  tee: [14.0, lat],
  green: [14.0042, lat],
  fairway: [
    [14.0, lat],
    [14.0021, lat],
    [14.0042, lat],
  ],
});
const holes = [hole(1, 50.0), hole(2, 50.0018)];
const metresPerDegreeLat = 111_195;

describe('holeAt', () => {
  it('names the hole whose line passes nearest', () => {
    expect(holeAt(holes, [14.002, 50.0002])).toBe(1);
    expect(holeAt(holes, [14.002, 50.0016])).toBe(2);
  });

  it('measures to the segment, not only to its points (a cart mid-fairway)', () => {
    const metres = metresFromHole(holes[0]!, [14.001, 50.0]);
    expect(metres).toBeLessThan(0.01);
  });

  it('is null just past the limit and names the hole just inside it', () => {
    const inside = (HOLE_NEAR_METRES - 1) / metresPerDegreeLat;
    const outside = (HOLE_NEAR_METRES + 1) / metresPerDegreeLat;
    expect(holeAt([holes[0]!], [14.002, 50.0 - inside])).toBe(1);
    expect(holeAt([holes[0]!], [14.002, 50.0 - outside])).toBeNull();
  });

  it('is null beyond the tee and the green, as far as the limit', () => {
    const beyond = (HOLE_NEAR_METRES + 5) / (metresPerDegreeLat * Math.cos((50 * Math.PI) / 180));
    expect(holeAt([holes[0]!], [14.0042 + beyond, 50.0])).toBeNull();
  });

  it('is null without holes', () => {
    expect(holeAt([], [14.0, 50.0])).toBeNull();
  });
});

describe('courseBody', () => {
  it('accepts unique hole numbers and refuses a number twice', () => {
    expect(courseBody.safeParse({ holes }).success).toBe(true);
    const twice = courseBody.safeParse({ holes: [holes[0], { ...holes[1], number: 1 }] });
    expect(twice.success).toBe(false);
  });
});
