import type { CourseView } from '@fairway/domain';
import type { siteCourses } from '../../db/tables/courses';

export type CourseRow = typeof siteCourses.$inferSelect;

/** The one place a course row becomes the API/socket shape; a site without a row has no holes yet. */
export function toCourseView(siteId: string, row: CourseRow | null): CourseView {
  return {
    siteId,
    holes: row ? [...row.holes].sort((a, b) => a.number - b.number) : [],
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}
