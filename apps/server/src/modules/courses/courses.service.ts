import {
  courseProblem,
  parseLatLng,
  roundCourseHole,
  type CourseBody,
  type CourseHole,
  type CourseView,
} from '@fairway/domain';
import { HttpError } from '../../lib/errors';
import type { DomainEventBus } from '../../lib/events';
import { toCourseView } from './courses.presenter';
import type { CoursesRepository } from './courses.repository';

/** Who saves a layout; the role was checked by the route guard, the id and email go into the activity log. */
export interface CourseEditor {
  id: string;
  email: string;
}

/**
 * A site's course layout (issue 23): read by every operator (the map's course layer) and by other modules
 * (the overrun alerts name the hole a cart is on), replaced as a whole by admins. A save rounds positions as
 * stored, refuses a layout whose positions make no sense for the site, writes an activity entry with it and
 * tells the site's browsers.
 */
export class CoursesService {
  constructor(
    private readonly courses: CoursesRepository,
    private readonly bus: DomainEventBus,
  ) {}

  async get(siteId: string): Promise<CourseView> {
    return toCourseView(siteId, await this.courses.find(siteId));
  }

  /** The site's holes in number order ([] without a layout): for other modules, e.g. `holeAt` in the overrun sweep. */
  async holesOf(siteId: string): Promise<CourseHole[]> {
    return (await this.get(siteId)).holes;
  }

  async replace(siteId: string, editor: CourseEditor, body: CourseBody): Promise<CourseView> {
    const holes = body.holes.map(roundCourseHole).sort((a, b) => a.number - b.number);
    const centre = parseLatLng(await this.courses.siteCentre(siteId));
    const problem = courseProblem(holes, centre && [centre[1], centre[0]]);
    if (problem) throw new HttpError(400, `holes: ${problem.message}`, problem.reason);
    const row = await this.courses.atomically(async (repo) => {
      const saved = await repo.replace(siteId, holes, editor.id);
      await repo.recordActivity({
        siteId,
        message: `Course layout saved by ${editor.email}: ${holes.length} ${holes.length === 1 ? 'hole' : 'holes'}`,
        data: { userId: editor.id, holes: holes.length },
      });
      return saved;
    });
    this.bus.emit('course.updated', row);
    return toCourseView(siteId, row);
  }
}
