import { LIMITS } from '../limits';
import { MAX_COURSE_HOLES, type CourseHole } from '../schemas/course';

type LngLat = readonly [number, number];

const EARTH_RADIUS_M = 6_371_000;
const toRad = (deg: number): number => (deg * Math.PI) / 180;

/** Carts further than this from every fairway are not "near" any hole (the barn, the range, a road). */
export const HOLE_NEAR_METRES = 120;

/**
 * Distance in metres from `point` to the segment a–b, on a local flat projection around the point
 * (holes are a few hundred metres long, so the error is far below a GPS fix's).
 */
function metresToSegment(point: LngLat, a: LngLat, b: LngLat): number {
  const cosLat = Math.cos(toRad(point[1]));
  const project = ([lng, lat]: LngLat): [number, number] => [
    toRad(lng - point[0]) * cosLat * EARTH_RADIUS_M,
    toRad(lat - point[1]) * EARTH_RADIUS_M,
  ];
  const [ax, ay] = project(a);
  const [bx, by] = project(b);
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
  return Math.hypot(ax + t * dx, ay + t * dy);
}

/** The hole's line as a cart drives it: tee, the fairway's path, green. */
function holeLine(hole: CourseHole): LngLat[] {
  return [hole.tee, ...hole.fairway, hole.green];
}

/** Metres from `point` ([lng, lat]) to the hole's line from tee to green. */
export function metresFromHole(hole: CourseHole, point: LngLat): number {
  const line = holeLine(hole);
  let best = Number.POSITIVE_INFINITY;
  for (let i = 1; i < line.length; i++) best = Math.min(best, metresToSegment(point, line[i - 1]!, line[i]!));
  return best;
}

/**
 * The number of the hole a cart at `point` ([lng, lat]) is on: the hole whose line (tee, fairway, green)
 * passes nearest, if within `HOLE_NEAR_METRES`; null off the course or without holes. Used by the overrun
 * alert ("near hole 7") and the ride pane.
 */
export function holeAt(holes: readonly CourseHole[], point: LngLat): number | null {
  let nearest: { number: number; metres: number } | null = null;
  for (const hole of holes) {
    const metres = metresFromHole(hole, point);
    if (metres <= HOLE_NEAR_METRES && (nearest === null || metres < nearest.metres)) {
      nearest = { number: hole.number, metres };
    }
  }
  return nearest?.number ?? null;
}

/** Great-circle distance in metres between two [lng, lat] positions (haversine). */
export function metresBetween(a: LngLat, b: LngLat): number {
  const dLat = toRad(b[1] - a[1]);
  const dLng = toRad(b[0] - a[0]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a[1])) * Math.cos(toRad(b[1])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A hole's length in metres along its fairway (tee first, green last), as a cart drives it. */
export function holeLengthMetres(hole: Pick<CourseHole, 'fairway'>): number {
  let metres = 0;
  for (let i = 1; i < hole.fairway.length; i++)
    metres += metresBetween(hole.fairway[i - 1]!, hole.fairway[i]!);
  return metres;
}

/** Holes shorter than this are par 3, shorter than `PAR_4_BELOW_METRES` par 4, longer ones par 5. */
export const PAR_3_BELOW_METRES = 230;
export const PAR_4_BELOW_METRES = 430;

/**
 * The usual par of a hole of this length: what the demo courses are given and what the editor proposes for a
 * new hole (the club changes it where its card says otherwise).
 */
export function parForLength(metres: number): 3 | 4 | 5 {
  if (metres < PAR_3_BELOW_METRES) return 3;
  if (metres < PAR_4_BELOW_METRES) return 4;
  return 5;
}

/** The lowest hole number not taken yet (a deleted hole's number comes back first); null when full. */
export function nextHoleNumber(holes: readonly Pick<CourseHole, 'number'>[]): number | null {
  const taken = new Set(holes.map((hole) => hole.number));
  for (let number = 1; number <= MAX_COURSE_HOLES; number++) if (!taken.has(number)) return number;
  return null;
}

const round = (value: number): number => {
  const factor = 10 ** LIMITS.coordinateDecimals;
  return Math.round(value * factor) / factor;
};
const roundPosition = ([lng, lat]: LngLat): [number, number] => [round(lng), round(lat)];

/** The hole with every position rounded to 6 decimals (about 0.1 m), as stored. */
export function roundCourseHole(hole: CourseHole): CourseHole {
  return {
    ...hole,
    tee: roundPosition(hole.tee),
    green: roundPosition(hole.green),
    fairway: hole.fairway.map(roundPosition),
  };
}

/** How far from the site's centre a tee, green or fairway point may lie (the largest resorts fit well inside). */
export const COURSE_RADIUS_METRES = 10_000;

export type CourseProblemReason = 'fairwayEnds' | 'farFromSite';
export interface CourseProblem {
  reason: CourseProblemReason;
  /** the number of the first hole with the problem */
  hole: number;
  /** English, for the API's answer; the web app translates `reason` */
  message: string;
}

const samePosition = (a: LngLat, b: LngLat): boolean => a[0] === b[0] && a[1] === b[1];

/**
 * The first position problem of a layout (its positions already rounded as stored), or null: each fairway
 * must run from its tee to its green, and no position may lie more than `COURSE_RADIUS_METRES` from the
 * site's centre ([lng, lat]) — the usual sign of latitude and longitude swapped, or a point dropped on
 * another continent. Without a centre only the fairways' ends are checked.
 */
export function courseProblem(holes: readonly CourseHole[], centre: LngLat | null): CourseProblem | null {
  for (const hole of holes) {
    const first = hole.fairway[0]!;
    const last = hole.fairway[hole.fairway.length - 1]!;
    if (!samePosition(first, hole.tee) || !samePosition(last, hole.green)) {
      return {
        reason: 'fairwayEnds',
        hole: hole.number,
        message: `Hole ${hole.number}: the fairway must start at the tee and end at the green`,
      };
    }
    if (centre === null) continue;
    for (const position of [hole.tee, hole.green, ...hole.fairway]) {
      const metres = metresBetween(centre, position);
      if (metres > COURSE_RADIUS_METRES) {
        return {
          reason: 'farFromSite',
          hole: hole.number,
          message:
            `Hole ${hole.number}: position [${position[0]}, ${position[1]}] is ${Math.round(metres / 1000)} km ` +
            `from the site's centre (at most ${COURSE_RADIUS_METRES / 1000} km; positions are [lng, lat])`,
        };
      }
    }
  }
  return null;
}
