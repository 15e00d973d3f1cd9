import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, id, zoneCreateBody, zonePatchBody, zonePublishResult, zoneView } from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentSite, currentUser } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
const security = [{ bearer: [], siteId: [] }];
const zoneParams = z.object({ id });
const noContent = z.null().describe('No content');

/** /api/dashboard/zones — parking, restriction and geofence polygons of the selected site. */
export async function dashboardZoneRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.zones;

  app.get(
    '/',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: "List the selected site's zones",
        operationId: 'listZones',
        tags: ['zones'],
        security,
        response: { 200: z.array(zoneView), ...errors },
      },
    },
    (request) => service.list(currentSite(request)),
  );

  app.post(
    '/',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'Create a zone',
        operationId: 'createZone',
        tags: ['zones'],
        security,
        description:
          'Geofences need role admin. The outline must be a closed, simple ring of 20 m² to 20 km².',
        body: zoneCreateBody,
        response: { 201: zoneView, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(currentSite(request), currentUser(request), request.body)),
  );

  app.post(
    '/publish',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: "Publish the site's zones into every cart",
        operationId: 'publishZones',
        tags: ['zones'],
        security,
        description:
          "Puts the site's zones into every cart's config; offline carts get it when they reconnect.",
        response: { 200: zonePublishResult, ...errors },
      },
    },
    (request) => service.publish(currentSite(request)),
  );

  app.patch(
    '/:id',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'Change a zone',
        operationId: 'updateZone',
        tags: ['zones'],
        security,
        params: zoneParams,
        body: zonePatchBody,
        response: { 200: zoneView, ...errors },
      },
    },
    (request) => service.update(currentSite(request), request.params.id, currentUser(request), request.body),
  );

  app.delete(
    '/:id',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'Delete a zone',
        operationId: 'deleteZone',
        tags: ['zones'],
        security,
        params: zoneParams,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.delete(currentSite(request), request.params.id, currentUser(request));
      return reply.code(204).send(null);
    },
  );
}
