import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { hasRole, type Role } from '@fairway/domain';
import type { Db } from '../db/client';
import { forbidden, unauthorized } from '../lib/errors';
import type { AccessTokens } from '../modules/auth/access-token';
import { SiteAccess, type AuthUser } from '../modules/sites/site-access';

export type { AuthUser };

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
    /** The site a dashboard call acts on, checked against the user's sites. */
    siteId?: string;
  }
  interface FastifyInstance {
    /** preHandler: a valid bearer token of a user at or above `role`. */
    requireRole(role: Role): preHandlerHookHandler;
    /** preHandler: as requireRole, plus a `site-id` header naming a site the user holds. */
    requireSite(role: Role): preHandlerHookHandler;
  }
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; tokens: AccessTokens }) => {
  const { tokens } = opts;
  const access = new SiteAccess(opts.db);

  async function authenticate(request: FastifyRequest): Promise<AuthUser> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw unauthorized();
    const claims = await tokens.verify(header.slice(7));
    const user = claims ? await access.user(claims.sub) : null;
    if (!user) throw unauthorized('Session expired or invalid');
    request.user = user;
    return user;
  }

  app.decorate('requireRole', (role: Role): preHandlerHookHandler => {
    return async (request) => {
      const user = await authenticate(request);
      if (!hasRole(user.role, role)) throw forbidden('Your role does not allow this');
    };
  });

  app.decorate('requireSite', (role: Role): preHandlerHookHandler => {
    return async (request) => {
      const user = await authenticate(request);
      const check = await access.check(user, request.headers['site-id'], role);
      if (!check.ok) throw forbidden(check.message);
      request.siteId = check.siteId;
    };
  });
});

/** The authenticated user of a guarded route (the guard guarantees it). */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The checked site of a `requireSite` route. */
export function currentSite(request: FastifyRequest): string {
  if (!request.siteId) throw forbidden('A valid site-id header is required');
  return request.siteId;
}
