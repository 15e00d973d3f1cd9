import { eq, sql } from 'drizzle-orm';
import type { CourseHole } from '@fairway/domain';
import type { DbExecutor } from '../../db/client';
import { activity } from '../../db/tables/activity';
import { siteCourses } from '../../db/tables/courses';
import { sites } from '../../db/tables/sites';
import type { CourseRow } from './courses.presenter';

export interface CourseActivity {
  siteId: string;
  message: string;
  data: { userId: string; holes: number };
}

/** A site's one course row, its site's centre (to check positions against), and the activity entry of a save. */
export class CoursesRepository {
  constructor(private readonly db: DbExecutor) {}

  /** The same queries inside a transaction the calling service runs (the layout with its activity entry). */
  in(db: DbExecutor): CoursesRepository {
    return new CoursesRepository(db);
  }

  /** `work` in a transaction of its own, or a savepoint when this repository is bound to one already. */
  atomically<T>(work: (repo: CoursesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(this.in(tx)));
  }

  async find(siteId: string): Promise<CourseRow | null> {
    const [row] = await this.db.select().from(siteCourses).where(eq(siteCourses.siteId, siteId));
    return row ?? null;
  }

  /** The site's 'lat, long' centre as stored; null for a site that does not exist (any more). */
  async siteCentre(siteId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ centerLatLong: sites.centerLatLong })
      .from(sites)
      .where(eq(sites.id, siteId));
    return row?.centerLatLong ?? null;
  }

  /** Replaces the site's whole layout (one row per site). */
  async replace(siteId: string, holes: CourseHole[], updatedBy: string): Promise<CourseRow> {
    const [row] = await this.db
      .insert(siteCourses)
      .values({ siteId, holes, updatedBy })
      .onConflictDoUpdate({
        target: siteCourses.siteId,
        set: { holes, updatedBy, updatedAt: sql`now()` },
      })
      .returning();
    return row!;
  }

  async recordActivity(entry: CourseActivity): Promise<void> {
    await this.db.insert(activity).values({ ...entry, type: 'course_updated' });
  }
}
