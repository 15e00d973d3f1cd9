import { describe, expect, it } from 'vitest';
import { distanceM } from '../geo';
import { courseCentre, courseCentreLatLong, DEMO_COURSE, SECOND_COURSE, type Course } from './index';

const holeLength = (course: Course, index: number): number =>
  distanceM(course.holes[index]!.tee, course.holes[index]!.green);

describe.each([
  [DEMO_COURSE, 18, 'Europe/London'],
  [SECOND_COURSE, 9, 'Europe/Prague'],
] as const)('%s', (course, holes, timezone) => {
  it('has its holes, its timezone and plausible lengths (300–550 m, par 3s 150–200 m)', () => {
    expect(course.holes).toHaveLength(holes);
    expect(course.timezone).toBe(timezone);
    for (let index = 0; index < holes; index++) {
      const length = holeLength(course, index);
      const inRange = (length >= 300 && length <= 550) || (length >= 150 && length <= 200);
      expect(inRange, `hole ${index + 1} is ${Math.round(length)} m`).toBe(true);
    }
  });

  it('keeps each path between its tee and green, and the next tee near the last green', () => {
    course.holes.forEach((hole, index) => {
      const length = holeLength(course, index);
      for (const waypoint of hole.path) {
        expect(distanceM(hole.tee, waypoint)).toBeLessThan(length);
        expect(distanceM(waypoint, hole.green)).toBeLessThan(length);
      }
      const next = course.holes[index + 1];
      if (next)
        expect(distanceM(hole.green, next.tee), `green ${index + 1} → tee ${index + 2}`).toBeLessThan(150);
    });
  });

  it('puts the barn near the first tee and the centre near the barn', () => {
    expect(distanceM(course.barn, course.holes[0]!.tee)).toBeLessThan(200);
    expect(distanceM(course.barn, course.holes.at(-1)!.green)).toBeLessThan(200);
    expect(distanceM(course.barn, courseCentre(course))).toBeLessThan(
      course.holes.length === 18 ? 2_000 : 300,
    );
    expect(courseCentreLatLong(course)).toMatch(/^-?\d+\.\d{6}, -?\d+\.\d{6}$/);
  });
});

describe('the Old Course layout', () => {
  it('starts at the clubhouse and loops at the far end by the Eden estuary', () => {
    expect(distanceM(DEMO_COURSE.holes[0]!.tee, [56.3433, -2.8036])).toBeLessThan(100);
    // holes 8–11 lie around the loop area (56.3560–56.3585, -2.8200 to -2.8260), give or take 250 m
    const loopCentre = [56.35725, -2.823] as const;
    for (const hole of DEMO_COURSE.holes.slice(7, 11)) {
      expect(distanceM(hole.green, loopCentre)).toBeLessThan(650);
    }
  });

  it('goes out on the seaward (north-east) side and comes back inland', () => {
    // Signed distance from the course's axis (1st tee → loop, bearing 322°), positive to the north-east.
    const rightOfAxis = ((322 + 90) * Math.PI) / 180;
    const across = ([lat, lng]: readonly [number, number]): number => {
      const north = (lat - 56.3433) * 111_320;
      const east = (lng + 2.8036) * 111_320 * Math.cos((56.35 * Math.PI) / 180);
      return north * Math.cos(rightOfAxis) + east * Math.sin(rightOfAxis);
    };
    for (const hole of DEMO_COURSE.holes.slice(0, 7)) expect(across(hole.green)).toBeGreaterThan(0);
    for (const hole of DEMO_COURSE.holes.slice(11, 17)) expect(across(hole.green)).toBeLessThan(0);
  });
});
