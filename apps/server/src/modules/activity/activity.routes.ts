import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  activityPage,
  activityQuery,
  clearActivityAnswer,
  clearActivityQuery,
  errorBody,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { declareAccess } from '../../plugins/route-access';

const tags = ['admin'];
const security = [{ bearer: [] }];
const denied = { 401: errorBody, 403: errorBody };

/** GET and DELETE /api/admin/activity (spec §2 Admin → Activity): superadmins only. */
export async function adminActivityRoutes(
  instance: FastifyInstance,
  { ctx }: { ctx: AppContext },
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, { role: 'superadmin', site: false });

  app.get(
    '',
    {
      schema: {
        tags,
        security,
        summary: 'Read the device activity log, newest first, a page at a time',
        description:
          'Filter by site, cart, a date range and text in the message. docs/activity-log.md lists what is logged.',
        operationId: 'listActivity',
        querystring: activityQuery,
        response: { 200: activityPage, 400: errorBody, ...denied },
      },
    },
    async (request) => ctx.activity.page(request.query),
  );

  app.delete(
    '',
    {
      schema: {
        tags,
        security,
        summary: "Clear a cart's or a site's activity log",
        operationId: 'clearActivity',
        querystring: clearActivityQuery,
        response: { 200: clearActivityAnswer, 400: errorBody, ...denied },
      },
    },
    async (request) => ctx.activity.clear(request.query),
  );
}
