/** A WGS84 position as [latitude, longitude] in degrees, the order the product uses ('lat,lng'). */
export type LatLng = readonly [lat: number, lng: number];

const EARTH_RADIUS_M = 6_371_008.8;
const toRad = (deg: number): number => (deg * Math.PI) / 180;
const toDeg = (rad: number): number => (rad * 180) / Math.PI;

/** Great-circle distance in metres (haversine; exact enough for paths of a few hundred metres). */
export function distanceM(a: LatLng, b: LatLng): number {
  const dLat = toRad(b[0] - a[0]);
  const dLng = toRad(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(a[0])) * Math.cos(toRad(b[0])) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial bearing from a to b in degrees clockwise from north, in [0, 360). */
export function bearingDeg(a: LatLng, b: LatLng): number {
  const lat1 = toRad(a[0]);
  const lat2 = toRad(b[0]);
  const dLng = toRad(b[1] - a[1]);
  const y = Math.sin(dLng) * Math.cos(lat2);
  const x = Math.cos(lat1) * Math.sin(lat2) - Math.sin(lat1) * Math.cos(lat2) * Math.cos(dLng);
  return (toDeg(Math.atan2(y, x)) + 360) % 360;
}

/** Point a fraction `t` (0..1) of the way from a to b; linear in degrees, fine over a course's distances. */
export const interpolate = (a: LatLng, b: LatLng, t: number): LatLng => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
];

/** A polyline with its cumulative lengths, so a position `metres` along it is found without re-measuring. */
export interface MeasuredPath {
  readonly points: readonly LatLng[];
  /** cumulative[i] = metres from points[0] to points[i] */
  readonly cumulative: readonly number[];
  readonly lengthM: number;
}

export function measurePath(points: readonly LatLng[]): MeasuredPath {
  if (points.length === 0) throw new Error('A path needs at least one point');
  const cumulative = [0];
  for (let i = 1; i < points.length; i++) {
    cumulative.push(cumulative[i - 1]! + distanceM(points[i - 1]!, points[i]!));
  }
  return { points, cumulative, lengthM: cumulative[cumulative.length - 1]! };
}

/** Position and direction of travel `metres` along the path (clamped to its ends). */
export function pointAlong(path: MeasuredPath, metres: number): { position: LatLng; heading: number | null } {
  const { points, cumulative } = path;
  if (points.length === 1 || metres <= 0) {
    return { position: points[0]!, heading: points.length > 1 ? bearingDeg(points[0]!, points[1]!) : null };
  }
  if (metres >= path.lengthM) {
    const last = points.length - 1;
    return { position: points[last]!, heading: bearingDeg(points[last - 1]!, points[last]!) };
  }
  // Paths have a handful of points, so a linear scan beats anything cleverer.
  let i = 1;
  while (cumulative[i]! < metres) i++;
  const from = points[i - 1]!;
  const to = points[i]!;
  const segment = cumulative[i]! - cumulative[i - 1]!;
  const t = segment > 0 ? (metres - cumulative[i - 1]!) / segment : 1;
  return { position: interpolate(from, to, t), heading: bearingDeg(from, to) };
}
