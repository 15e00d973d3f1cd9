import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  account,
  errorBody,
  rateLimitedBody,
  forgotPasswordBody,
  loginBody,
  logoutBody,
  refreshBody,
  registerBody,
  resetPasswordBody,
  tokenPair,
  updateAccountBody,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import type { VerifiedAccess } from './access-token';
import { declareAccess } from '../../plugins/route-access';
import { SECURITY } from '../../plugins/openapi';

const tags = ['auth'];
const bearer = [{ bearer: [] }];
const noContent = z.null().describe('No content');

/**
 * Brute force is slowed per client address and account: the key is the IP plus the (normalised) email,
 * taken after validation so 'A@x.org ' and 'a@x.org' count together.
 */
function ipAndEmail(request: FastifyRequest): string {
  const body = request.body as { email?: unknown } | undefined;
  return `${request.ip}|${typeof body?.email === 'string' ? body.email : ''}`;
}

/** The verified bearer token of a request, or null; for calls where a token is welcome but not required. */
async function optionalAccess(ctx: AppContext, request: FastifyRequest): Promise<VerifiedAccess | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return ctx.tokens.verify(header.slice(7));
}

/** Dashboard `/auth` calls (spec §7): sign-in sessions, the own account, invites and password resets. */
export async function authRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, 'public');
  const service = ctx.auth;
  const rateLimit = {
    max: ctx.config.LOGIN_RATE_LIMIT,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: ipAndEmail,
  };

  app.post(
    '/login',
    {
      config: { rateLimit },
      schema: {
        operationId: 'login',
        security: SECURITY.public,
        tags,
        summary: 'Sign in with email and password',
        body: loginBody,
        response: { 200: tokenPair, 400: errorBody, 401: errorBody, 429: rateLimitedBody },
      },
    },
    async (request) => service.login(request.body.email, request.body.password),
  );

  app.post(
    '/refresh',
    {
      schema: {
        operationId: 'refreshToken',
        security: SECURITY.public,
        tags,
        summary: 'Rotate a refresh token: the old one is revoked, a new pair is issued',
        body: refreshBody,
        response: { 200: tokenPair, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => service.refresh(request.body.refreshToken),
  );

  app.post(
    '/logout',
    {
      schema: {
        operationId: 'logout',
        tags,
        summary: 'End the session of the refresh token, or of the bearer token when none is given',
        security: [{ bearer: [] }, {}],
        body: logoutBody.nullish(),
        response: { 204: noContent, 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      await service.logout(request.body?.refreshToken, await optionalAccess(ctx, request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/',
    {
      preHandler: app.requireRole('guest'),
      schema: {
        operationId: 'getOwnAccount',
        tags,
        summary: 'The signed-in account',
        security: bearer,
        response: { 200: account, 401: errorBody },
      },
    },
    async (request) => service.account(currentUser(request).id),
  );

  app.patch(
    '/',
    {
      preHandler: app.requireRole('guest'),
      schema: {
        operationId: 'updateOwnAccount',
        tags,
        summary: 'Change the own email and/or password (needs currentPassword)',
        security: bearer,
        body: updateAccountBody,
        response: { 200: account, 400: errorBody, 401: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const access = await optionalAccess(ctx, request);
      return service.updateAccount(currentUser(request).id, access?.sid, request.body);
    },
  );

  app.post(
    '/register',
    {
      schema: {
        operationId: 'register',
        security: SECURITY.public,
        tags,
        summary: 'Create an account from an invite',
        body: registerBody,
        response: { 201: errorBody.describe('Confirmation'), 400: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      await service.register(request.body);
      return reply.code(201).send({ message: 'Account created, you can now log in' });
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { rateLimit },
      schema: {
        operationId: 'forgotPassword',
        security: SECURITY.public,
        tags,
        summary: 'Mail a password reset link; answers 204 whether or not the email has an account',
        body: forgotPasswordBody,
        response: { 204: noContent, 400: errorBody, 429: rateLimitedBody },
      },
    },
    async (request, reply) => {
      service.forgotPassword(request.body.email);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/reset-password',
    {
      schema: {
        operationId: 'resetPassword',
        security: SECURITY.public,
        tags,
        summary: 'Set a new password with a reset link; ends every session of the user',
        body: resetPasswordBody,
        response: { 204: noContent, 400: errorBody },
      },
    },
    async (request, reply) => {
      await service.resetPassword(request.body);
      return reply.code(204).send(null);
    },
  );
}
