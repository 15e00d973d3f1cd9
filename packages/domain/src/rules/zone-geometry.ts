import { LIMITS } from '../limits';

/**
 * Whether a zone outline can be stored and sent to the carts. Shared because the editor checks a ring
 * before saving (to explain the problem at once) and the server refuses the same rings, and because the
 * carts run point-in-polygon on them: a crossing or degenerate ring makes "inside" meaningless.
 */

/** A GeoJSON position: [lng, lat]. */
export type LngLat = readonly [number, number];

export const ZONE_RING_LIMITS = {
  minVertices: 3,
  maxVertices: 500,
  /** Smaller than a parking bay is a mis-click, not a zone. */
  minAreaSquareMetres: 20,
  /** Larger than any course; catches rings drawn at the wrong zoom or across the world. */
  maxAreaSquareMetres: 20_000_000,
} as const;

export type ZoneRingProblem =
  | 'invalidCoordinate'
  | 'notClosed'
  | 'tooFewVertices'
  | 'tooManyVertices'
  | 'repeatedVertex'
  | 'selfIntersection'
  | 'tooSmall'
  | 'tooLarge';

export type ZoneRingCheck =
  { ok: true; areaSquareMetres: number } | { ok: false; reason: ZoneRingProblem; message: string };

const EARTH_RADIUS_METRES = 6_371_008.8;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

const samePosition = (a: LngLat, b: LngLat) => a[0] === b[0] && a[1] === b[1];

const fail = (reason: ZoneRingProblem, message: string): ZoneRingCheck => ({ ok: false, reason, message });

/** The ring projected to metres on a plane through its mean latitude (equirectangular), closing point dropped. */
function projectToMetres(vertices: readonly LngLat[]): Array<[number, number]> {
  const lng0 = vertices[0]![0];
  const lat0 = vertices.reduce((sum, [, lat]) => sum + lat, 0) / vertices.length;
  const xScale = EARTH_RADIUS_METRES * Math.cos(toRadians(lat0));
  return vertices.map(([lng, lat]) => [
    toRadians(lng - lng0) * xScale,
    toRadians(lat - lat0) * EARTH_RADIUS_METRES,
  ]);
}

/** Area in m² of an open vertex list (shoelace on the local projection); accurate to well under 1% at course size. */
export function ringAreaSquareMetres(ring: readonly LngLat[]): number {
  const vertices =
    ring.length > 1 && samePosition(ring[0]!, ring[ring.length - 1]!) ? ring.slice(0, -1) : ring;
  if (vertices.length < 3) return 0;
  const points = projectToMetres(vertices);
  let twiceArea = 0;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    twiceArea += x1 * y2 - x2 * y1;
  }
  return Math.abs(twiceArea) / 2;
}

type Point = readonly [number, number];

/** Sign of the turn p→q→r: >0 left, <0 right, 0 collinear. */
const orientation = (p: Point, q: Point, r: Point): number =>
  Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));

/** r lies on segment pq, given that p, q, r are collinear. */
const withinBox = (p: Point, q: Point, r: Point): boolean =>
  Math.min(p[0], q[0]) <= r[0] &&
  r[0] <= Math.max(p[0], q[0]) &&
  Math.min(p[1], q[1]) <= r[1] &&
  r[1] <= Math.max(p[1], q[1]);

/** Closed segments ab and cd share at least one point (crossing, touching or overlapping). */
function segmentsMeet(a: Point, b: Point, c: Point, d: Point): boolean {
  const o1 = orientation(a, b, c);
  const o2 = orientation(a, b, d);
  const o3 = orientation(c, d, a);
  const o4 = orientation(c, d, b);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && withinBox(a, b, c)) ||
    (o2 === 0 && withinBox(a, b, d)) ||
    (o3 === 0 && withinBox(c, d, a)) ||
    (o4 === 0 && withinBox(c, d, b))
  );
}

/**
 * Two edges meeting at vertex q (p→q→r) fold back onto each other: they are collinear and r lies on pq
 * or p lies on qr, a zero-width spike that would make the outline overlap itself.
 */
const foldsBack = (p: Point, q: Point, r: Point): boolean =>
  orientation(p, q, r) === 0 && (withinBox(p, q, r) || withinBox(q, r, p));

/**
 * True when any two edges of the closed vertex list meet other than at the vertex adjacent edges share.
 * O(n²) pairs, fine for the 500-vertex limit (about 125,000 cheap tests).
 */
function selfIntersects(points: readonly Point[]): boolean {
  const n = points.length;
  for (let i = 0; i < n; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % n]!;
    if (foldsBack(a, b, points[(i + 2) % n]!)) return true;
    for (let j = i + 2; j < n; j++) {
      // The last edge is adjacent to the first one (they share vertex 0).
      if (i === 0 && j === n - 1) continue;
      if (segmentsMeet(a, b, points[j]!, points[(j + 1) % n]!)) return true;
    }
  }
  return false;
}

/**
 * Checks a GeoJSON polygon's outer ring: numeric in-range positions, closed (first equals last), 3 to 500
 * distinct vertices, no repeated consecutive vertex, no two edges crossing or touching, and an area between
 * 20 m² and 20 km². The first problem found is reported, with an English message naming it.
 */
export function checkZoneRing(ring: readonly LngLat[]): ZoneRingCheck {
  const { minVertices, maxVertices, minAreaSquareMetres, maxAreaSquareMetres } = ZONE_RING_LIMITS;
  const badPosition = ring.some(
    ([lng, lat]) =>
      !Number.isFinite(lng) || !Number.isFinite(lat) || Math.abs(lng) > 180 || Math.abs(lat) > 90,
  );
  if (badPosition)
    return fail(
      'invalidCoordinate',
      'Zone outline has a point outside longitude -180..180 or latitude -90..90',
    );
  if (ring.length < 2 || !samePosition(ring[0]!, ring[ring.length - 1]!))
    return fail('notClosed', 'Zone outline is not closed: the last point must equal the first');

  const vertices = ring.slice(0, -1);
  if (vertices.length > maxVertices)
    return fail('tooManyVertices', `Zone outline has more than ${maxVertices} points`);
  for (let i = 1; i < ring.length; i++) {
    if (samePosition(ring[i - 1]!, ring[i]!))
      return fail('repeatedVertex', `Zone outline repeats point ${i + 1} right after itself`);
  }
  const distinct = new Set(vertices.map(([lng, lat]) => `${lng},${lat}`));
  if (distinct.size < minVertices)
    return fail('tooFewVertices', `Zone outline needs at least ${minVertices} different points`);

  if (selfIntersects(projectToMetres(vertices)))
    return fail('selfIntersection', 'Zone outline crosses or touches itself');

  const areaSquareMetres = ringAreaSquareMetres(ring);
  if (areaSquareMetres < minAreaSquareMetres)
    return fail('tooSmall', `Zone is smaller than ${minAreaSquareMetres} m²`);
  if (areaSquareMetres > maxAreaSquareMetres)
    return fail('tooLarge', `Zone is larger than ${maxAreaSquareMetres / 1_000_000} km²`);
  return { ok: true, areaSquareMetres };
}

/**
 * Whether (lng, lat) lies inside the ring (even-odd ray casting; the ring may be open or closed). A point
 * exactly on an edge may count either way, which is fine for carts whose GPS wobbles by metres anyway.
 */
export function pointInRing(lng: number, lat: number, ring: readonly LngLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Rounds every position to the spec's 6 decimals (about 0.1 m), as stored and sent to the carts. */
export function roundRing(ring: readonly LngLat[]): Array<[number, number]> {
  const factor = 10 ** LIMITS.coordinateDecimals;
  return ring.map(([lng, lat]) => [Math.round(lng * factor) / factor, Math.round(lat * factor) / factor]);
}
