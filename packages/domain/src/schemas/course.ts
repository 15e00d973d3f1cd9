import { z } from 'zod';

/** A GeoJSON position, [lng, lat]. */
const lngLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

/** The most holes a course can hold (two 18-hole loops). */
export const MAX_COURSE_HOLES = 36;

/**
 * One hole of a site's course (issue 23): its number and par, the tee and the green as positions, and the
 * fairway's path from tee to green (a GeoJSON LineString's coordinates, tee first, green last).
 */
export const courseHole = z.object({
  number: z.number().int().min(1).max(MAX_COURSE_HOLES),
  par: z.number().int().min(3).max(6),
  tee: lngLat,
  green: lngLat,
  fairway: z.array(lngLat).min(2).max(200),
});
export type CourseHole = z.infer<typeof courseHole>;

/** PUT /dashboard/sites/course: the whole layout; hole numbers are unique. */
export const courseBody = z.object({
  holes: z
    .array(courseHole)
    .max(MAX_COURSE_HOLES)
    .refine((holes) => new Set(holes.map((hole) => hole.number)).size === holes.length, {
      message: 'duplicateHoleNumber',
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
