import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBody,
  id,
  profileBody,
  profilePatchBody,
  profilesBulkAnswer,
  profilesBulkBody,
  profilesPage,
  profilesQuery,
  profileView,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { SECURITY } from '../../plugins/openapi';
import { declareAccess } from '../../plugins/route-access';

const tags = ['profiles'];
const security = SECURITY.bearer;
const params = z.object({ id });
const noContent = z.null().describe('No content');
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** /api/admin/profiles — the guest-app profiles members link to (spec §3 Profile, §7); superadmins only. */
export async function adminProfileRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.profiles;
  declareAccess(app, { role: 'superadmin', site: false });

  app.get(
    '/',
    {
      schema: {
        summary: 'List guest-app profiles, searched by name or email',
        operationId: 'adminListProfiles',
        tags,
        security,
        description: '`q` matches first name, last name and email, any case. Newest first.',
        querystring: profilesQuery,
        response: { 200: profilesPage, ...errors },
      },
    },
    (request) => service.list(request.query),
  );

  app.post(
    '/',
    {
      schema: {
        summary: 'Create a guest-app profile',
        operationId: 'adminCreateProfile',
        tags,
        security,
        description: '409 emailTaken when another profile has the email.',
        body: profileBody,
        response: { 201: profileView, ...errors, 409: errorBody },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(request.body)),
  );

  app.patch(
    '/:id',
    {
      schema: {
        summary: 'Change a guest-app profile',
        operationId: 'adminUpdateProfile',
        tags,
        security,
        description: 'Only the fields sent change. 409 emailTaken when another profile has the email.',
        params,
        body: profilePatchBody,
        response: { 200: profileView, ...errors, 409: errorBody },
      },
    },
    (request) => service.update(request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        summary: 'Delete a guest-app profile; its members are unlinked, not deleted',
        operationId: 'adminDeleteProfile',
        tags,
        security,
        params,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/bulk',
    {
      schema: {
        summary: 'Delete several guest-app profiles; their members are unlinked, not deleted',
        operationId: 'adminDeleteProfiles',
        tags,
        security,
        description: 'Unknown ids are skipped; answers how many profiles were deleted.',
        body: profilesBulkBody,
        response: { 200: profilesBulkAnswer, ...errors },
      },
    },
    (request) => service.removeMany(request.body.ids),
  );
}
