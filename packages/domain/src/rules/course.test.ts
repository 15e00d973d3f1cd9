import { describe, expect, it } from 'vitest';
import type { CourseHole } from '../schemas/course';
import { courseBody, mayManageCourse } from '../schemas/course';
import {
  COURSE_RADIUS_METRES,
  HOLE_NEAR_METRES,
  PAR_3_BELOW_METRES,
  PAR_4_BELOW_METRES,
  courseProblem,
  holeAt,
  holeLengthMetres,
  metresFromHole,
  nextHoleNumber,
  parForLength,
  roundCourseHole,
} from './course';

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
    expect(twice.error?.issues[0]?.message).toBe(
      'Hole numbers must be unique: hole 1 appears more than once',
    );
  });
});

describe('mayManageCourse', () => {
  it('is for admins and superadmins only', () => {
    expect(mayManageCourse('admin')).toBe(true);
    expect(mayManageCourse('superadmin')).toBe(true);
    expect(mayManageCourse('service')).toBe(false);
    expect(mayManageCourse(undefined)).toBe(false);
  });
});

describe('holeLengthMetres and parForLength', () => {
  it('measures along the fairway', () => {
    // 0.0042° of longitude at 50° N ≈ 300 m.
    expect(holeLengthMetres(holes[0]!)).toBeGreaterThan(295);
    expect(holeLengthMetres(holes[0]!)).toBeLessThan(305);
  });

  it('gives par 3 below 230 m, par 4 below 430 m, else par 5', () => {
    expect(parForLength(PAR_3_BELOW_METRES - 0.1)).toBe(3);
    expect(parForLength(PAR_3_BELOW_METRES)).toBe(4);
    expect(parForLength(PAR_4_BELOW_METRES - 0.1)).toBe(4);
    expect(parForLength(PAR_4_BELOW_METRES)).toBe(5);
  });
});

describe('nextHoleNumber', () => {
  it('takes the lowest free number, and none when the course is full', () => {
    expect(nextHoleNumber([])).toBe(1);
    expect(nextHoleNumber([{ number: 1 }, { number: 2 }, { number: 4 }])).toBe(3);
    expect(nextHoleNumber(Array.from({ length: 36 }, (_, i) => ({ number: i + 1 })))).toBeNull();
  });
});

describe('courseProblem', () => {
  const centre: [number, number] = [14.002, 50.001];

  it('accepts fairways that run from tee to green near the site', () => {
    expect(courseProblem(holes, centre)).toBeNull();
  });

  it('names the hole whose fairway does not start at its tee or end at its green', () => {
    const loose = { ...holes[1]!, fairway: holes[1]!.fairway.slice(1) };
    expect(courseProblem([holes[0]!, loose], centre)).toMatchObject({ reason: 'fairwayEnds', hole: 2 });
  });

  it('refuses a position just beyond the radius around the centre and accepts one just inside', () => {
    const degrees = (metres: number) => metres / metresPerDegreeLat;
    const at = (metres: number): CourseHole => {
      const green: [number, number] = [centre[0], centre[1] + degrees(metres)];
      return { ...holes[0]!, tee: centre, green, fairway: [centre, green] };
    };
    expect(courseProblem([at(COURSE_RADIUS_METRES - 5)], centre)).toBeNull();
    expect(courseProblem([at(COURSE_RADIUS_METRES + 5)], centre)).toMatchObject({ reason: 'farFromSite' });
  });

  it('catches latitude and longitude swapped, and checks only the ends without a centre', () => {
    const swapped = roundCourseHole({
      ...holes[0]!,
      tee: [50.0, 14.0],
      green: [50.0, 14.0042],
      fairway: [
        [50.0, 14.0],
        [50.0, 14.0042],
      ],
    });
    expect(courseProblem([swapped], centre)?.message).toMatch(/^Hole 1: position \[50, 14\] is \d+ km/);
    expect(courseProblem([swapped], null)).toBeNull();
  });

  it('compares the rounded positions, as stored', () => {
    const nudged = { ...holes[0]!, tee: [14.00000004, 50.0] as [number, number] };
    expect(courseProblem([nudged], centre)?.reason).toBe('fairwayEnds');
    expect(courseProblem([roundCourseHole(nudged)], centre)).toBeNull();
  });
});
