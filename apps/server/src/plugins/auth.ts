import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { hasRole, isRole, type Role } from '@fairway/domain';
import type { Db } from '../db/client';
import { forbidden, unauthorized } from '../lib/errors';
import type { AccessTokens } from '../modules/auth/access-token';
import { users } from '../modules/users/users.table';
import { sites } from '../modules/sites/sites.table';

export interface AuthUser {
  id: string;
  email: string;
  role: Role;
  sites: string[];
}

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

const siteIdHeader = z.uuid();

export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; tokens: AccessTokens }) => {
  const { db, tokens } = opts;

  async function authenticate(request: FastifyRequest): Promise<AuthUser> {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) throw unauthorized();
    const claims = await tokens.verify(header.slice(7));
    if (!claims) throw unauthorized('Session expired or invalid');
    // The role and sites are read fresh: a changed role or a removed site takes effect at once.
    const [row] = await db
      .select({ id: users.id, email: users.email, role: users.role, sites: users.sites })
      .from(users)
      .where(eq(users.id, claims.sub));
    if (!row || !isRole(row.role)) throw unauthorized('Session expired or invalid');
    const user: AuthUser = { id: row.id, email: row.email, role: row.role, sites: row.sites };
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
      if (!hasRole(user.role, role)) throw forbidden('Your role does not allow this');
      const parsed = siteIdHeader.safeParse(request.headers['site-id']);
      if (!parsed.success) throw forbidden('A valid site-id header is required');
      const siteId = parsed.data;
      if (user.role === 'superadmin') {
        const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, siteId));
        if (!site) throw forbidden('You do not have access to this site');
      } else if (!user.sites.includes(siteId)) {
        throw forbidden('You do not have access to this site');
      }
      request.siteId = siteId;
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
