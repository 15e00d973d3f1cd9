import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, id, publicSite } from '@fairway/domain';
import type { AppContext } from '../../context';
import { declareAccess } from '../../plugins/route-access';

/**
 * /api/guest — anonymous calls from phones. No secret is possible in a public page, so these answer only
 * public data and are rate-limited per address.
 */
export async function guestRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, 'public');

  app.get(
    '/sites/:id',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['guest'],
        params: z.object({ id }),
        response: { 200: publicSite, 400: errorBody, 404: errorBody },
      },
    },
    (request) => ctx.sites.publicSite(request.params.id),
  );
}
