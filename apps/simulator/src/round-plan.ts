import type { Course } from './courses/course';
import { measurePath, type LatLng, type MeasuredPath } from './geo';
import type { Random } from './random';

/** Where a leg ends and the cart stands for a while. */
export type StopKind = 'barn' | 'tee' | 'fairway' | 'green';

/** One drive between two stops, then the stop itself. */
export interface RoundLeg {
  path: MeasuredPath;
  stop: StopKind;
  /** 1-based hole number the stop belongs to; null for the barn */
  hole: number | null;
  /** simulated seconds the cart stands at the end of the leg */
  stopS: number;
  /** cruising speed on this leg, km/h (carts drive 12–20 km/h on paths) */
  cruiseKmh: number;
}

/** A whole round: barn → tee 1 → … → last green → barn. */
export interface RoundPlan {
  legs: RoundLeg[];
  drivingM: number;
  /** expected simulated duration, driving plus stops */
  durationS: number;
}

/** Holes shorter than this are par 3s: players drive straight from the tee to the green. */
const PAR3_MAX_M = 250;

// Stop durations in simulated seconds, chosen so an 18-hole round takes about 3.5–4 hours.
const DEPARTURE_S: [number, number] = [20, 60];
const TEE_S: [number, number] = [120, 240];
const FAIRWAY_S: [number, number] = [45, 120];
const GREEN_S: [number, number] = [240, 420];
export const CRUISE_KMH: [number, number] = [12, 20];

/**
 * Plans a round for a cart whose place in the barn is `spot`, setting off from `start` (its spot, unless
 * it was left somewhere else). The first leg has no length: players load their bags before leaving, so a
 * taken cart stands a little before it moves off. `stopScale` shortens the stops (not the driving): the
 * demo uses it so a visitor sees carts rolling within seconds, while speeds and paths stay true to life.
 */
export function planRound(
  course: Course,
  spot: LatLng,
  random: Random,
  stopScale = 1,
  start: LatLng = spot,
): RoundPlan {
  const legs: RoundLeg[] = [];
  const leg = (points: LatLng[], stop: StopKind, hole: number | null, range: [number, number]): void => {
    legs.push({
      path: measurePath(points),
      stop,
      hole,
      stopS: random.between(range[0], range[1]) * stopScale,
      cruiseKmh: random.between(CRUISE_KMH[0], CRUISE_KMH[1]),
    });
  };

  leg([start], 'barn', null, DEPARTURE_S);
  let from: LatLng = start;
  course.holes.forEach((hole, index) => {
    const number = index + 1;
    leg([from, hole.tee], 'tee', number, TEE_S);
    const line = [hole.tee, ...hole.path, hole.green];
    const isPar3 = measurePath([hole.tee, hole.green]).lengthM < PAR3_MAX_M;
    if (isPar3 || hole.path.length === 0) {
      leg(line, 'green', number, GREEN_S);
    } else {
      // Stop at the first waypoint, roughly where the tee shots landed, then drive on to the green.
      leg(line.slice(0, 2), 'fairway', number, FAIRWAY_S);
      leg(line.slice(1), 'green', number, GREEN_S);
    }
    from = hole.green;
  });
  // Back to the same spot in the barn; the round ends on arrival, so this stop has no duration.
  leg([from, spot], 'barn', null, [0, 0]);

  const drivingM = legs.reduce((sum, l) => sum + l.path.lengthM, 0);
  const durationS = legs.reduce((sum, l) => sum + l.stopS + l.path.lengthM / (l.cruiseKmh / 3.6), 0);
  return { legs, drivingM, durationS };
}

/** Typical duration of a round on a course, used to size how long carts wait in the barn. */
export function typicalRoundS(course: Course, stopScale = 1): number {
  const mid = (range: [number, number]): number => ((range[0] + range[1]) / 2) * stopScale;
  const speedMs = (CRUISE_KMH[0] + CRUISE_KMH[1]) / 2 / 3.6;
  let seconds = mid(DEPARTURE_S);
  let from = course.barn;
  for (const hole of course.holes) {
    const line = measurePath([from, hole.tee, ...hole.path, hole.green]);
    const isPar3 = measurePath([hole.tee, hole.green]).lengthM < PAR3_MAX_M;
    seconds += line.lengthM / speedMs + mid(TEE_S) + mid(GREEN_S) + (isPar3 ? 0 : mid(FAIRWAY_S));
    from = hole.green;
  }
  return seconds + measurePath([from, course.barn]).lengthM / speedMs;
}
