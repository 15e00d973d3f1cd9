import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  codeCreateBody,
  codeEmailResult,
  codeFindQuery,
  codeFindResult,
  codePatchBody,
  codesPublishResult,
  codeView,
  errorBody,
  id,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentSite } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const security = [{ bearer: [], siteId: [] }];
const codeParams = z.object({ id });
const noContent = z.null().describe('No content');

/** /api/dashboard/codes — members' virtual key, keypad and RFID codes; find and publish. */
export async function dashboardCodeRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.codes;
  const guard = app.requireSite('user');

  app.post(
    '/',
    {
      preHandler: guard,
      schema: {
        summary: 'Create a ride code or RFID tag',
        operationId: 'createCode',
        tags: ['codes'],
        security,
        description:
          'Keypad and RFID codes need a keypad site; master codes and expiry are for other sites. A code is ' +
          "unique within the site (409 'Code already exists…'), and a member has at most one code per type.",
        body: codeCreateBody,
        response: { 201: codeView, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(currentSite(request), request.body)),
  );

  app.get(
    '/find',
    {
      preHandler: guard,
      schema: {
        summary: 'Find who holds a code or RFID tag',
        operationId: 'findCode',
        tags: ['codes'],
        security,
        description: 'Who holds a code or RFID tag of the site.',
        querystring: codeFindQuery,
        response: { 200: codeFindResult, ...errors },
      },
    },
    (request) => service.find(currentSite(request), request.query.code),
  );

  app.post(
    '/publish',
    {
      preHandler: guard,
      schema: {
        summary: "Publish the site's codes into every cart",
        operationId: 'publishCodes',
        tags: ['codes'],
        security,
        description:
          "Puts the site's keypad codes and RFID tags into every cart's config; offline carts get it when " +
          'they reconnect. `codes` counts the distinct member codes in at least one cart’s config.',
        response: { 200: codesPublishResult, ...errors },
      },
    },
    (request) => service.publish(currentSite(request)),
  );

  app.patch(
    '/:id',
    {
      preHandler: guard,
      schema: {
        summary: 'Change a code',
        operationId: 'updateCode',
        tags: ['codes'],
        security,
        params: codeParams,
        body: codePatchBody,
        response: { 200: codeView, ...errors },
      },
    },
    (request) => service.update(currentSite(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      preHandler: guard,
      schema: {
        summary: 'Delete a code',
        operationId: 'deleteCode',
        tags: ['codes'],
        security,
        params: codeParams,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.delete(currentSite(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:id/email',
    {
      preHandler: guard,
      schema: {
        summary: 'Email a member their code',
        operationId: 'emailCode',
        tags: ['codes'],
        security,
        description: "Emails the member their code in the member's language.",
        params: codeParams,
        response: { 200: codeEmailResult, ...errors },
      },
    },
    (request) => service.email(currentSite(request), request.params.id),
  );
}
