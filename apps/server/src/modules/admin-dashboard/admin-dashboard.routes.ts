import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDashboardQuery, adminDashboardView, errorBody } from '@fairway/domain';
import type { AppContext } from '../../context';
import { declareAccess } from '../../plugins/route-access';

/** GET /api/admin/dashboard (spec §2 Admin → Dashboard): superadmins only. */
export async function adminDashboardRoutes(
  instance: FastifyInstance,
  { ctx }: { ctx: AppContext },
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, { role: 'superadmin', site: false });

  app.get(
    '',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Platform dashboard: carts online, profiles, bookings and payments over a range',
        description:
          'One site (siteId) or All Sites. Buckets are days for ranges up to 92 days, months beyond, in the ' +
          'given IANA time zone; empty buckets read zero.',
        operationId: 'getAdminDashboard',
        querystring: adminDashboardQuery,
        response: { 200: adminDashboardView, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => ctx.adminDashboard.view(request.query),
  );
}
