import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, id, userGroupBody, userGroupDeleteResult, userGroupView } from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentSite } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const security = [{ bearer: [], siteId: [] }];
const groupParams = z.object({ id });

/** /api/dashboard/sites/user-groups — the site's user groups. */
export async function dashboardUserGroupRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.userGroups;

  app.get(
    '/',
    {
      // Basic staff read the list too: their booking dialog offers a price group per user group.
      preHandler: app.requireSite('basic'),
      schema: {
        summary: "List the selected site's user groups",
        operationId: 'listUserGroups',
        tags: ['user groups'],
        security,
        description: "The site's groups by name, with how many prices and members use each.",
        response: { 200: z.array(userGroupView), ...errors },
      },
    },
    (request) => service.list(currentSite(request)),
  );

  app.post(
    '/',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'Create a user group',
        operationId: 'createUserGroup',
        tags: ['user groups'],
        security,
        body: userGroupBody,
        response: { 201: userGroupView, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentSite(request), request.body)),
  );

  app.patch(
    '/:id',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'Rename a user group',
        operationId: 'updateUserGroup',
        tags: ['user groups'],
        security,
        params: groupParams,
        body: userGroupBody,
        response: { 200: userGroupView, ...errors },
      },
    },
    (request) => service.rename(currentSite(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'Delete a user group and its prices',
        operationId: 'deleteUserGroup',
        tags: ['user groups'],
        security,
        description: "Deletes the group's prices too; its members become guests. Answers both counts.",
        params: groupParams,
        response: { 200: userGroupDeleteResult, ...errors },
      },
    },
    (request) => service.delete(currentSite(request), request.params.id),
  );
}
