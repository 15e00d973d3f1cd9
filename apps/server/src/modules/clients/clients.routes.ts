import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientBody, clientPatchBody, clientSaved, clientView, errorBody, id } from '@fairway/domain';
import type { AppContext } from '../../context';
import { declareAccess } from '../../plugins/route-access';

const tags = ['clients'];
const security = [{ bearer: [] }];
const params = z.object({ id });
const noContent = z.null().describe('No content');
const denied = { 401: errorBody, 403: errorBody };

/** Admin `/clients` (spec §7 Admin, §2 Clients): API clients and their keys; superadmins only. */
export async function adminClientRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.apiClients;
  declareAccess(app, { role: 'superadmin', site: false });

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'List API clients with their usage',
        operationId: 'listClients',
        response: { 200: z.array(clientView), ...denied },
      },
    },
    () => service.list(),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Add an API client',
        operationId: 'createClient',
        description:
          'Answers the client and its API key (`apiKey`), shown this once: only its SHA-256 is kept. ' +
          '`sites` are the sites the client API reaches with the key (400 for an unknown one).',
        body: clientBody,
        response: { 201: clientSaved, 400: errorBody, ...denied },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body)),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: "Change an API client's name or sites, or make it a new key",
        operationId: 'updateClient',
        description:
          'With `regenerateKey: true` the answer carries the new `apiKey` (shown this once) and the old key ' +
          'stops working at once.',
        params,
        body: clientPatchBody,
        response: { 200: clientSaved, 400: errorBody, ...denied, 404: errorBody },
      },
    },
    (request) => service.update(request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an API client',
        operationId: 'deleteClient',
        description: 'This client will lose access to the Client API: its key stops working at once.',
        params,
        response: { 204: noContent, ...denied, 404: errorBody },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );
}
