import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { batteryPage, batteryQuery, errorBody, id } from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentSite } from '../../plugins/auth';

/** /api/dashboard/devices/:id/battery — registered under the dashboard devices prefix. */
export async function dashboardBatteryRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.battery;

  app.get(
    '/:id/battery',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: "Read a cart's battery voltage history",
        operationId: 'getCartBattery',
        tags: ['devices'],
        security: [{ bearer: [], siteId: [] }],
        description: 'Battery voltage as 5-minute averages, paged.',
        params: z.object({ id }),
        querystring: batteryQuery,
        response: { 200: batteryPage, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    (request) => service.readings(currentSite(request), request.params.id, request.query),
  );
}
