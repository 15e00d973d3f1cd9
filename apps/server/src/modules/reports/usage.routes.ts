import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, rideUsage, rideUsageQuery } from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentSite } from '../../plugins/auth';
import { usageExportRoutes } from './usage-export.routes';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * /api/dashboard/rides/chart — Reports → Usage (spec §7 GET /rides/chart, issue 19). Its own prefix, as
 * /rides/history: a static path, so the router never hands it to /rides/:id. Basic staff see usage (how
 * much the fleet is used), unlike revenue, which needs at least user (docs/decisions.md, Reports).
 */
export async function rideUsageRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.usage;

  app.get(
    '/',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: 'Read the usage report: rounds, durations and breakdowns for a range',
        operationId: 'getUsageChart',
        tags: ['rides'],
        security: [{ bearer: [], siteId: [] }],
        description:
          "The site's rounds that started in [start, end), counted in its time zone: total and average " +
          'duration (outliers out), per day or month, per cart, service and price, and weekday × hour of ' +
          'rounds and bookings; optionally of one cart and one origin (booking, manual).',
        querystring: rideUsageQuery,
        response: { 200: rideUsage, ...errors },
      },
    },
    (request) => service.usage(currentSite(request), request.query),
  );

  // The exports under the same prefix: rides.csv and summary.pdf.
  await app.register(usageExportRoutes, { ctx });
}
