import type { FastifyInstance, FastifyRequest, preHandlerHookHandler, RouteOptions } from 'fastify';
import type { Role } from '@fairway/domain';

/**
 * Who may call a route, as data: anyone (`'public'`), an API client with its key in `x-api-key` (`'apiKey'`,
 * enforced by plugins/api-key.ts), or a signed-in user at or above `role`, who with `site` must also name a
 * site they hold in the `site-id` header. Every API route declares one: through a
 * guard (`preHandler: app.requireSite('basic')`), `config: { access }`, or `declareAccess` for a whole
 * plugin. The declaration is enforced in `onRequest`, before the body is read or validated, so a caller
 * without the right learns nothing from validation errors (no schema details, no 404 versus 403), and the
 * route table it forms is what the generated role × site × route test reads.
 */
export type RouteAccess = 'public' | 'apiKey' | GuardedAccess;
export interface GuardedAccess {
  role: Role;
  site: boolean;
}

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess | undefined;
}

/** Authenticates and authorises `request` for `access`, or throws the 401/403 to answer. */
export type EnforceAccess = (request: FastifyRequest, access: GuardedAccess) => Promise<void>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route registered so far with its declared access (undefined when it declares none). */
    routeAccess(): RouteAccessEntry[];
  }
}

const GUARD = Symbol('fairway.routeAccess');
type TaggedGuard = preHandlerHookHandler & { [GUARD]?: GuardedAccess };

/**
 * A guard hook carrying its access as data. Placed in a route's `preHandler` it is lifted out by the
 * `onRoute` hook below and enforced in `onRequest` instead; anywhere else it still works as a plain hook.
 */
export function guardHook(access: GuardedAccess, enforce: EnforceAccess): preHandlerHookHandler {
  const hook: TaggedGuard = async function guard(request) {
    await enforce(request, access);
  };
  hook[GUARD] = access;
  return hook;
}

/** Gives every route of this plugin (registered after the call) `access` unless it declares its own. */
export function declareAccess(app: FastifyInstance, access: RouteAccess): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? access };
  });
}

/** Removes the tagged guards from a route's preHandler list and returns the strictest of them. */
function liftGuards(route: RouteOptions): GuardedAccess | undefined {
  const hooks = route.preHandler;
  if (!hooks) return undefined;
  const list = (Array.isArray(hooks) ? hooks : [hooks]) as TaggedGuard[];
  const guards = list.flatMap((hook) => (hook[GUARD] ? [hook[GUARD]] : []));
  if (guards.length === 0) return undefined;
  const rest = list.filter((hook) => !hook[GUARD]);
  route.preHandler = rest.length > 0 ? (rest as preHandlerHookHandler[]) : undefined;
  if (guards.length > 1) throw new Error(`${route.method} ${route.url}: more than one access guard`);
  return guards[0];
}

/**
 * Collects the route table and enforces each route's declared access before anything else of the route
 * runs. Register on the root instance before any route. Socket.IO answers on the HTTP server before Fastify
 * routes, and the static files and the app shell declare nothing, so they are never caught here.
 */
export function routeAccessHooks(app: FastifyInstance, enforce: EnforceAccess): void {
  // The route options objects are kept (not copies): a plugin's `declareAccess` runs after this hook.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    const lifted = liftGuards(route);
    if (lifted) {
      if (route.config?.access) throw new Error(`${route.method} ${route.url}: access declared twice`);
      route.config = { ...route.config, access: lifted };
    }
    routes.push(route);
  });
  app.decorate('routeAccess', (): RouteAccessEntry[] =>
    routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method]).map((method) => ({
        method,
        url: route.url,
        access: route.config?.access,
      })),
    ),
  );
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (typeof access === 'object') await enforce(request, access);
  });
}
