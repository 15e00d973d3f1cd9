import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COURSE_EDIT_ROLE,
  COURSE_RADIUS_METRES,
  COURSE_VIEW_ROLE,
  courseBody,
  courseView,
  errorBody,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentSite, currentUser } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const security = [{ bearer: [], siteId: [] }];

/** /api/dashboard/sites/course — the selected site's holes (tees, greens, fairways) as GeoJSON positions. */
export async function dashboardCourseRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.courses;

  app.get(
    '/',
    {
      preHandler: app.requireSite(COURSE_VIEW_ROLE),
      schema: {
        summary: "Get the selected site's course layout",
        operationId: 'getCourse',
        tags: ['courses'],
        security,
        description:
          'Every hole with its number, par, tee, green and fairway path; positions are GeoJSON [lng, lat]. ' +
          'A site without a layout answers no holes and `updatedAt` null.',
        response: { 200: courseView, ...errors },
      },
    },
    (request) => service.get(currentSite(request)),
  );

  app.put(
    '/',
    {
      preHandler: app.requireSite(COURSE_EDIT_ROLE),
      schema: {
        summary: "Replace the selected site's course layout",
        operationId: 'replaceCourse',
        tags: ['courses'],
        security,
        description:
          'Replaces the whole layout (an empty list removes every hole). Hole numbers must be unique, each ' +
          'fairway must run from its tee to its green, and every position must lie within ' +
          `${COURSE_RADIUS_METRES / 1000} km of the site's centre. Positions are rounded to 6 decimals. ` +
          'Operators on the site get `course:update`.',
        body: courseBody,
        response: { 200: courseView, ...errors },
      },
    },
    (request) => service.replace(currentSite(request), currentUser(request), request.body),
  );
}
