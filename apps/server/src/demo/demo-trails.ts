import { roundToTenth, trailLengthKm } from '@fairway/domain';
import type { Course } from '@fairway/simulator';

/** One position a seeded ride leaves, as the cart would have reported it. */
export interface DemoPosition {
  ts: Date;
  lat: number;
  lng: number;
  /** km/h */
  speed: number;
}

/** Seeded trails have a position a minute: enough to draw the round, few enough to seed quickly. */
const SAMPLE_MS = 60_000;
/** About how long a group takes per hole, so a longer ride plays more holes. */
const MINUTES_PER_HOLE = 13;

type LatLng = readonly [number, number];

/** From the barn over the first `holes` holes (tee, cart path, green) and back to the barn. */
function routeOf(course: Course, holes: number): LatLng[] {
  const played = course.holes.slice(0, holes);
  return [course.barn, ...played.flatMap((hole) => [hole.tee, ...hole.path, hole.green]), course.barn];
}

/** The point `km` along the route (the route's end beyond it). */
function pointAt(route: LatLng[], km: number): LatLng {
  let left = km;
  for (let i = 1; i < route.length; i++) {
    const from = route[i - 1]!;
    const to = route[i]!;
    const leg = trailLengthKm([from, to]);
    if (left <= leg && leg > 0) {
      const share = left / leg;
      return [from[0] + (to[0] - from[0]) * share, from[1] + (to[1] - from[1]) * share];
    }
    left -= leg;
  }
  return route[route.length - 1]!;
}

const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;

/**
 * The trail a finished demo ride leaves on the course (issue 15 item 17): a round of as many holes as its
 * time allows, driven at an even pace from `start` to `end`, one position a minute, and its length as the
 * ride's distance — so a seeded ride's map, point count and distance agree like a real one's.
 */
export function demoRideTrail(
  course: Course,
  start: Date,
  end: Date,
): { positions: DemoPosition[]; distanceKm: number } {
  const duration = end.getTime() - start.getTime();
  // Paid a moment ago: the ride has no time to have left a trail yet.
  if (duration <= 0) return { positions: [], distanceKm: 0 };
  const holes = Math.min(course.holes.length, Math.max(1, Math.round(duration / 60_000 / MINUTES_PER_HOLE)));
  const route = routeOf(course, holes);
  const lengthKm = trailLengthKm(route);
  const speed = roundToTenth(lengthKm / (duration / 3_600_000));
  const positions: DemoPosition[] = [];
  for (let at = 0; at <= duration; at += SAMPLE_MS) {
    const [lat, lng] = pointAt(route, (lengthKm * at) / duration);
    positions.push({ ts: new Date(start.getTime() + at), lat: round6(lat), lng: round6(lng), speed });
  }
  return { positions, distanceKm: roundToTenth(lengthKm) };
}
