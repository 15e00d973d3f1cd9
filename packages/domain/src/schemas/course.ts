import { z } from 'zod';
import { hasRole, type Role } from '../roles';

/** A GeoJSON position, [lng, lat]. */
const lngLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

/** The most holes a course can hold (two 18-hole loops). */
export const MAX_COURSE_HOLES = 36;
/** The most positions one fairway's path may have, tee and green included. */
export const MAX_FAIRWAY_POINTS = 200;

/**
 * One hole of a site's course (issue 23): its number and par, the tee and the green as positions, and the
 * fairway's path from tee to green (a GeoJSON LineString's coordinates, tee first, green last).
 */
export const courseHole = z.object({
  number: z.number().int().min(1).max(MAX_COURSE_HOLES),
  par: z.number().int().min(3).max(6),
  tee: lngLat,
  green: lngLat,
  fairway: z.array(lngLat).min(2).max(MAX_FAIRWAY_POINTS),
});
export type CourseHole = z.infer<typeof courseHole>;

/** PUT /dashboard/sites/course: the whole layout; hole numbers are unique. */
export const courseBody = z.object({
  holes: z
    .array(courseHole)
    .max(MAX_COURSE_HOLES)
    .superRefine((holes, context) => {
      const seen = new Set<number>();
      for (const hole of holes) {
        if (seen.has(hole.number)) {
          // The API's message names the hole; `reason` stays the stable code the contract started with.
          context.addIssue({
            code: 'custom',
            message: `Hole numbers must be unique: hole ${hole.number} appears more than once`,
            params: { reason: 'duplicateHoleNumber' },
          });
          return;
        }
        seen.add(hole.number);
      }
    }),
});
export type CourseBody = z.infer<typeof courseBody>;

/** A site's course as the API and the `course:update` event carry it; no holes = none drawn yet. */
export const courseView = z.object({
  siteId: z.string(),
  holes: z.array(courseHole),
  updatedAt: z.string().nullable(),
});
export type CourseView = z.infer<typeof courseView>;

/** Who may read a site's course (its maps' course layer); shared so the web app asks only when it may. */
export const COURSE_VIEW_ROLE: Role = 'user';
export const mayViewCourse = (role: unknown): boolean => hasRole(role, COURSE_VIEW_ROLE);
/** Who may draw and change a site's course (the server refuses the rest; the map offers the editor to them). */
export const COURSE_EDIT_ROLE: Role = 'admin';
export const mayManageCourse = (role: unknown): boolean => hasRole(role, COURSE_EDIT_ROLE);
