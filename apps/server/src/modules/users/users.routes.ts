import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUpdateUserBody, createInviteBody, errorBody, inviteView, userView } from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { idParams } from './users.schemas';
import { declareAccess } from '../../plugins/route-access';

const tags = ['admin'];
const security = [{ bearer: [] }];
const noContent = z.null().describe('No content');
const denied = { 401: errorBody, 403: errorBody };

/** Admin `/users` calls (spec §7 Admin): the user and invite managers; superadmins only. */
export async function adminUserRoutes(
  instance: FastifyInstance,
  { ctx }: { ctx: AppContext },
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.users;
  declareAccess(app, { role: 'superadmin', site: false });

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'List users',
        operationId: 'listUsers',
        response: { 200: z.array(userView), ...denied },
      },
    },
    async () => service.list(),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: "Change a user's email, role, password or sites",
        operationId: 'updateUser',
        params: idParams,
        body: adminUpdateUserBody,
        response: { 200: userView, 400: errorBody, ...denied, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => service.update(currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a user (not yourself)',
        operationId: 'deleteUser',
        params: idParams,
        response: { 204: noContent, 400: errorBody, ...denied, 404: errorBody },
      },
    },
    async (request, reply) => {
      await service.remove(currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:id/reset-password',
    {
      schema: {
        tags,
        security,
        summary: 'Mail the user a password reset link',
        operationId: 'sendUserPasswordReset',
        params: idParams,
        response: { 204: noContent, ...denied, 404: errorBody },
      },
    },
    async (request, reply) => {
      await service.sendPasswordReset(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/invites',
    {
      schema: {
        tags,
        security,
        summary: 'List open invites',
        operationId: 'listInvites',
        response: { 200: z.array(inviteView), ...denied },
      },
    },
    async () => service.listInvites(),
  );

  app.post(
    '/invites',
    {
      schema: {
        tags,
        security,
        summary: 'Invite someone: the mail carries a registration link valid for 14 days',
        operationId: 'createInvite',
        body: createInviteBody,
        response: { 201: inviteView, 400: errorBody, ...denied, 409: errorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createInvite(request.body)),
  );

  app.delete(
    '/invites/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an invite; its link stops working',
        operationId: 'deleteInvite',
        params: idParams,
        response: { 204: noContent, ...denied, 404: errorBody },
      },
    },
    async (request, reply) => {
      await service.deleteInvite(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/invites/:id/resend',
    {
      schema: {
        tags,
        security,
        summary: 'Mail an invite again; its 14 days start over',
        operationId: 'resendInvite',
        params: idParams,
        response: { 200: inviteView, ...denied, 404: errorBody },
      },
    },
    async (request) => service.resendInvite(request.params.id),
  );
}
