import { holeLengthMetres, parForLength, roundCourseHole, type CourseHole } from '@fairway/domain';
import { DEMO_COURSE, SECOND_COURSE, type Course, type LatLng } from '@fairway/simulator';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { siteCourses } from '../db/tables/courses';
import { demoClubId } from './demo-bookings';
import { DEMO_SERIAL_PREFIX, SECOND_SERIAL_PREFIX } from './demo-seed';

/** The simulator's positions are [lat, lng]; GeoJSON's are [lng, lat]. */
const toLngLat = ([lat, lng]: LatLng): [number, number] => [lng, lat];

/**
 * The course the simulated carts drive, as the site's layout: holes numbered in playing order, the fairway
 * from the tee along the cart path's waypoints to the green, and par from the hole's length (the simulator
 * knows no par), so the demo map shows the same holes the carts follow, without any tiles.
 */
export function demoCourseHoles(course: Course): CourseHole[] {
  return course.holes.map((hole, index) => {
    const fairway = [hole.tee, ...hole.path, hole.green].map(toLngLat);
    return roundCourseHole({
      number: index + 1,
      par: parForLength(holeLengthMetres({ fairway })),
      tee: toLngLat(hole.tee),
      green: toLngLat(hole.green),
      fairway,
    });
  });
}

/** Each demo club, found by its simulated carts' serials, and the course those carts drive. */
const DEMO_CLUB_COURSES: ReadonlyArray<readonly [serialPrefix: string, course: Course]> = [
  [DEMO_SERIAL_PREFIX, DEMO_COURSE],
  [SECOND_SERIAL_PREFIX, SECOND_COURSE],
];

/**
 * Gives each demo club the course its carts drive, once: a club that already has a layout (drawn, edited
 * or emptied by its admin) keeps it, so running this at every start neither duplicates nor overwrites one.
 * Answers how many layouts were written.
 */
export async function seedDemoCourses(db: Db, log: Logger, clubs = DEMO_CLUB_COURSES): Promise<number> {
  let written = 0;
  for (const [serialPrefix, course] of clubs) {
    const siteId = await demoClubId(db, serialPrefix);
    if (!siteId) continue;
    const rows = await db
      .insert(siteCourses)
      .values({ siteId, holes: demoCourseHoles(course) })
      .onConflictDoNothing({ target: siteCourses.siteId })
      .returning({ siteId: siteCourses.siteId });
    written += rows.length;
  }
  if (written > 0) log.info({ courses: written }, 'demo course layouts drawn from the simulated courses');
  return written;
}
