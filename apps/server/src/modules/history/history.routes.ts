import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, rideHistory, rideHistoryQuery } from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentSite } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 503: errorBody };

/** /api/dashboard/rides/history — where the selected site's carts drove: trails or a heatmap. */
export async function rideHistoryRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.history;

  app.get(
    '/',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'Read ride trails per cart or a heat map for a date range',
        operationId: 'getRideHistory',
        tags: ['rides'],
        security: [{ bearer: [], siteId: [] }],
        description:
          'Trails per cart (drives split at pauses, each stretch once, simplified) or heat cells for [start, end), at most 190 days.',
        querystring: rideHistoryQuery,
        response: { 200: rideHistory, ...errors },
      },
    },
    (request) => service.rideHistory(currentSite(request), request.query),
  );
}
