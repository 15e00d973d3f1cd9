import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, id, serviceBody, servicePatchBody, serviceView } from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentSite } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const security = [{ bearer: [], siteId: [] }];
const serviceParams = z.object({ id });
const noContent = z.null().describe('No content');
const priceRules =
  "Each price is 0 or at least the site currency's minimum, for the guest (userGroup null) or one of the " +
  "site's user groups; two prices of one group may not overlap in time.";

/** /api/dashboard/services — what the selected site sells and at which prices. */
export async function dashboardServiceRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.services;

  app.get(
    '/',
    {
      // Basic staff read them too: the booking dialog offers the services and their prices.
      preHandler: app.requireSite('basic'),
      schema: {
        summary: "List the selected site's services with their prices",
        operationId: 'listServices',
        tags: ['services'],
        security,
        description: "The site's services by name, each with its prices and the site's currency.",
        response: { 200: z.array(serviceView), ...errors },
      },
    },
    (request) => service.list(currentSite(request)),
  );

  app.post(
    '/',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'Create a service with its prices',
        operationId: 'createService',
        tags: ['services'],
        security,
        description: `Creates the service with its prices. ${priceRules}`,
        body: serviceBody,
        response: { 201: serviceView, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentSite(request), request.body)),
  );

  app.patch(
    '/:id',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'Change a service and its prices',
        operationId: 'updateService',
        tags: ['services'],
        security,
        description:
          '`prices`, when sent, replaces the list: prices with an `_id` of this service are updated, ' +
          `those without are created, the others deleted. ${priceRules}`,
        params: serviceParams,
        body: servicePatchBody,
        response: { 200: serviceView, ...errors },
      },
    },
    (request) => service.update(currentSite(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'Delete a service and its prices',
        operationId: 'deleteService',
        tags: ['services'],
        security,
        description: 'Deletes the service and its prices; rides keep their record.',
        params: serviceParams,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.delete(currentSite(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
