import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@fairway/domain';
import type { AppContext } from '../../context';
import { declareAccess } from '../../plugins/route-access';
import { SECURITY } from '../../plugins/openapi';

const count = z.number().int().min(0);
const instanceStatsBody = z.object({
  instance: z.string().describe("The instance's MQTT client id (MQTT_CLIENT_ID), unique per instance"),
  startedAt: z.iso.datetime(),
  sharedSubscriptions: z
    .boolean()
    .describe("Whether the broker splits the carts' messages between instances"),
  deviceMessages: z.object({
    received: count,
    invalid: count,
    handlerFailures: count,
    positionsWritten: count,
  }),
  jobRuns: z
    .record(z.string(), count)
    .describe('Durable job runs this instance made since it started, by kind'),
});

/**
 * GET /api/admin/instance: the counters of the instance that answers (not of the fleet), for operators of
 * several instances: is the broker's `$share` group splitting the carts' messages, did the survivor take over
 * a failed instance's share, does each durable job run once across instances (docs/operations.md).
 */
export async function instanceRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, { role: 'superadmin', site: false });

  app.get(
    '',
    {
      schema: {
        summary: "Read the answering server instance's counters: device messages handled, job runs",
        description:
          'Counted since the instance started. Behind a load balancer, ask each instance on its own address.',
        operationId: 'getInstanceStats',
        security: SECURITY.bearer,
        tags: ['admin'],
        response: { 200: instanceStatsBody, 401: errorBody, 403: errorBody },
      },
    },
    async () => {
      const stats = ctx.instanceStats();
      return { ...stats, startedAt: stats.startedAt.toISOString() };
    },
  );
}
