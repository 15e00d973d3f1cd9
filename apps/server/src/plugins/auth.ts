import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { hasRole, type Role } from '@fairway/domain';
import { forbidden, unauthorized } from '../lib/errors';
import type { AuthUser, SessionLookup, SiteRule } from '../lib/access';
import { guardHook, routeAccessHooks, type EnforceAccess } from './route-access';

export type { AuthUser };

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
    /** The site a dashboard call acts on, checked against the user's sites. */
    siteId?: string;
  }
  interface FastifyInstance {
    /**
     * A guard for a route's preHandler: a valid bearer token of a user at or above `role`. It is lifted
     * into onRequest and recorded in the route table (route-access.ts).
     */
    requireRole(role: Role): preHandlerHookHandler;
    /** As requireRole, plus a `site-id` header naming a site the user holds. */
    requireSite(role: Role): preHandlerHookHandler;
  }
}

/** The site rule and the session check come from the composition root, shared with the realtime gateway. */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { access: SiteRule; sessions: SessionLookup }) => {
    const { access, sessions } = opts;

    async function authenticate(request: FastifyRequest): Promise<AuthUser> {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) throw unauthorized();
      // The token must verify, its user exist and its session be alive (not logged out or revoked).
      const session = await sessions.token(header.slice(7));
      if (!session) throw unauthorized('Session expired or invalid');
      request.user = session.user;
      return session.user;
    }

    /** The one check behind every guard: a live session, the role, and for site routes the `site-id` header. */
    const enforce: EnforceAccess = async (request, required) => {
      const user = await authenticate(request);
      if (!required.site) {
        if (!hasRole(user.role, required.role)) throw forbidden('Your role does not allow this');
        return;
      }
      const check = await access.check(user, request.headers['site-id'], required.role);
      if (!check.ok) throw forbidden(check.message);
      request.siteId = check.siteId;
    };

    app.decorate('requireRole', (role: Role) => guardHook({ role, site: false }, enforce));
    app.decorate('requireSite', (role: Role) => guardHook({ role, site: true }, enforce));
    // Guards run in onRequest, before the body is parsed and validated (see route-access.ts).
    routeAccessHooks(app, enforce);
  },
);

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
