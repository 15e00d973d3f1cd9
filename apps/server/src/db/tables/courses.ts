import { pgTable, timestamp, uuid, jsonb } from 'drizzle-orm/pg-core';
import type { CourseHole } from '@fairway/domain';
import { sites } from './sites';
import { users } from './users';

/** A site's course layout (issue 23): its holes as GeoJSON positions, one row per site. */
export const siteCourses = pgTable('site_courses', {
  siteId: uuid('site_id')
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  holes: jsonb('holes').$type<CourseHole[]>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
