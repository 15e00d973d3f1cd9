import type { CourseHole } from '../schemas/course';

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
