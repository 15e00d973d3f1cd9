/**
 * Douglas–Peucker line simplification with its tolerance in metres: every point dropped lies within
 * `toleranceMetres` of the simplified line, so a trail keeps its shape while straight runs shrink to their
 * ends. Shared so the server's roll-ups and anything drawing or testing a trail agree on the rule.
 */
export type TrailCoordinate = [number, number];

const EARTH_RADIUS_METRES = 6_371_008.8;
const RADIANS = Math.PI / 180;
/**
 * Douglas–Peucker is quadratic on trails that wind back and forth (a day of rounds on one course), so
 * long trails are simplified in windows of this many points that share their end points: at most one
 * extra point per window, and linear time.
 */
const WINDOW = 1_000;

export function simplifyTrail(
  points: readonly TrailCoordinate[],
  toleranceMetres: number,
): TrailCoordinate[] {
  if (!(toleranceMetres >= 0)) throw new RangeError('toleranceMetres must be zero or more');
  if (points.length < 3) return points.slice();

  // An equirectangular projection around the trail's first point: exact to well under a centimetre over
  // the few kilometres of a golf course, and far cheaper than great-circle distances.
  const [lat0] = points[0]!;
  const xScale = EARTH_RADIUS_METRES * RADIANS * Math.cos(lat0 * RADIANS);
  const yScale = EARTH_RADIUS_METRES * RADIANS;
  const xs = points.map(([, lng]) => lng * xScale);
  const ys = points.map(([lat]) => lat * yScale);

  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  const stack: Array<[number, number]> = [];
  for (let first = 0; first < points.length - 1; first += WINDOW) {
    const last = Math.min(first + WINDOW, points.length - 1);
    keep[last] = 1;
    stack.push([first, last]);
  }
  while (stack.length > 0) {
    const [first, last] = stack.pop()!;
    let farthest = -1;
    let farthestDistance = toleranceMetres;
    for (let i = first + 1; i < last; i++) {
      const distance = distanceToSegment(xs[i]!, ys[i]!, xs[first]!, ys[first]!, xs[last]!, ys[last]!);
      if (distance > farthestDistance) {
        farthest = i;
        farthestDistance = distance;
      }
    }
    if (farthest !== -1) {
      keep[farthest] = 1;
      stack.push([first, farthest], [farthest, last]);
    }
  }
  return points.filter((_, i) => keep[i] === 1);
}

/** Distance from p to the segment a–b (not the infinite line: a loop's start and end may coincide). */
function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number) {
  const dx = bx - ax;
  const dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / lengthSquared));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}
