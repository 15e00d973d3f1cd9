import type { LatLng } from '../geo';

/** One hole as a cart drives it: from the tee along the cart path's waypoints to the green. */
export interface Hole {
  tee: LatLng;
  green: LatLng;
  /** Waypoints between tee and green (both excluded) that keep carts on the course. */
  path: LatLng[];
}

/** A golf course the simulated fleet drives on. */
export interface Course {
  name: string;
  /** IANA zone of the site (what a site created for this course should use). */
  timezone: string;
  /** Where carts are parked and charged; rounds start and end here. */
  barn: LatLng;
  /** In playing order (18 or 9). */
  holes: Hole[];
}

/** Middle of the course's bounding box: what a site's centerLatLong should be set to. */
export function courseCentre(course: Course): LatLng {
  const points = [course.barn, ...course.holes.flatMap((hole) => [hole.tee, hole.green, ...hole.path])];
  const lats = points.map((point) => point[0]);
  const lngs = points.map((point) => point[1]);
  const round6 = (value: number): number => Math.round(value * 1e6) / 1e6;
  return [
    round6((Math.min(...lats) + Math.max(...lats)) / 2),
    round6((Math.min(...lngs) + Math.max(...lngs)) / 2),
  ];
}

/** The site's centerLatLong string ('lat, long', 6 decimals) for a course. */
export function courseCentreLatLong(course: Course): string {
  const [lat, lng] = courseCentre(course);
  return `${lat.toFixed(6)}, ${lng.toFixed(6)}`;
}
