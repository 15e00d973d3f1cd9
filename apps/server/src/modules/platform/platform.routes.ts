import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';

const healthBody = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  broker: z.enum(['up', 'down']),
});

const tileLayer = z.object({ url: z.string(), attribution: z.string() });
const publicConfig = z.object({ tiles: z.object({ street: tileLayer, satellite: tileLayer }) });

/** Health for load balancers and the e2e harness, and the public runtime config the web app reads. */
export async function platformRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/health',
    { schema: { tags: ['platform'], response: { 200: healthBody, 503: healthBody } } },
    async (_request, reply) => {
      const database = await ctx.db
        .execute(sql`select 1`)
        .then(() => 'up' as const)
        .catch(() => 'down' as const);
      const broker = ctx.brokerConnected() ? ('up' as const) : ('down' as const);
      const ok = database === 'up' && broker === 'up';
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'degraded', database, broker });
    },
  );

  app.get('/config', { schema: { tags: ['platform'], response: { 200: publicConfig } } }, async () => ({
    tiles: {
      street: { url: ctx.config.TILE_STREET_URL, attribution: ctx.config.TILE_STREET_ATTRIBUTION },
      satellite: { url: ctx.config.TILE_SATELLITE_URL, attribution: ctx.config.TILE_SATELLITE_ATTRIBUTION },
    },
  }));
}
