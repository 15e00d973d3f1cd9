import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { cartsUnheardSince } from './platform.service';
import { declareAccess } from '../../plugins/route-access';
import { SECURITY } from '../../plugins/openapi';

const healthBody = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  broker: z.enum(['up', 'down']),
  /** 'deaf': connected to the broker, but no cart heard for a while although carts are connected. */
  gateway: z.enum(['listening', 'deaf', 'unknown']),
  /** Why the status is degraded, for the operator reading it. */
  reason: z.string().optional(),
});

const tileLayer = z.object({ url: z.string(), attribution: z.string() });
const publicConfig = z.object({ tiles: z.object({ street: tileLayer, satellite: tileLayer }) });

/** Health for load balancers and the e2e harness, and the public runtime config the web app reads. */
export async function platformRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, 'public');

  app.get(
    '/health',
    {
      schema: {
        summary: 'Check the server, database, broker and device gateway',
        operationId: 'getHealth',
        security: SECURITY.public,
        tags: ['platform'],
        response: { 200: healthBody, 503: healthBody },
      },
    },
    async (_request, reply) => {
      const database = await ctx.db
        .execute(sql`select 1`)
        .then(() => 'up' as const)
        .catch(() => 'down' as const);
      const broker = ctx.brokerConnected() ? ('up' as const) : ('down' as const);
      const lastHeardAt = ctx.gatewayLastHeardAt();
      const silentFor = Date.now() - lastHeardAt;
      const silenceLimit = ctx.config.DEVICE_SILENCE_SECONDS * 1000;
      let gateway: 'listening' | 'deaf' | 'unknown' = database === 'up' ? 'listening' : 'unknown';
      let reason: string | undefined;
      if (database === 'down') reason = 'The database is unreachable';
      else if (broker === 'down') reason = 'The server is not connected to the MQTT broker';
      else if (silentFor > silenceLimit) {
        const unheard = await cartsUnheardSince(ctx.db, lastHeardAt).catch(() => null);
        if (unheard === null) gateway = 'unknown';
        else if (unheard > 0) {
          gateway = 'deaf';
          reason = `No cart message for ${Math.round(silentFor / 1000)} s although ${unheard} cart(s) are connected`;
        }
      }
      const ok = database === 'up' && broker === 'up' && gateway === 'listening';
      return reply
        .code(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'degraded', database, broker, gateway, ...(reason ? { reason } : {}) });
    },
  );

  app.get(
    '/config',
    {
      schema: {
        summary: 'Read the public runtime configuration (map tiles)',
        operationId: 'getPublicConfig',
        security: SECURITY.public,
        tags: ['platform'],
        response: { 200: publicConfig },
      },
    },
    async () => ({
      tiles: {
        street: { url: ctx.config.TILE_STREET_URL, attribution: ctx.config.TILE_STREET_ATTRIBUTION },
        satellite: { url: ctx.config.TILE_SATELLITE_URL, attribution: ctx.config.TILE_SATELLITE_ATTRIBUTION },
      },
    }),
  );
}
