import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasRole, type Role } from '@fairway/domain';
import type { Runtime } from '../runtime';
import { startTestServer } from '../../test/helpers';
import { insertCart } from '../modules/guest/guest-rides.test-support';
import { freshSite, tokenFor } from '../modules/members/members.test-support';
import type { GuardedAccess, RouteAccessEntry } from './route-access';

/**
 * Generated from the route table (issue 15 items 11 and 22): every API route declares who may call it, and
 * every role × site × route combination gets the answer the declaration promises. The body of every call
 * is invalid, so a caller without the right must be refused (401/403) before validation, and one with the
 * right gets at most a validation or not-found answer: nothing a test could change.
 */

const STAFF_ROLES = ['basic', 'user', 'service', 'admin', 'superadmin'] as const satisfies readonly Role[];
type Caller = 'anonymous' | (typeof STAFF_ROLES)[number];
type SiteHeader = 'none' | 'own' | 'other';
type Expected = 401 | 403 | 'through';

let rt: Runtime;
let own: string;
let other: string;
const tokens = new Map<Caller, string>();

beforeAll(async () => {
  rt = await startTestServer();
  // Clubs of their own: calls that get through must not touch the demo sites other test files read.
  [own, other] = (await Promise.all([freshSite(rt), freshSite(rt)])).map((club) => club.siteId) as [
    string,
    string,
  ];
  for (const role of STAFF_ROLES) tokens.set(role, await tokenFor(rt, role, own));
});
afterAll(async () => {
  await rt.stop();
});

/** The API routes of the table; the docs UI and the app shell are not API. HEAD mirrors GET. */
function apiRoutes(): RouteAccessEntry[] {
  return rt.app
    .routeAccess()
    .filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'))
    .filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS');
}

/** What a declaration promises to `caller` with `site`. */
function expected(access: GuardedAccess, caller: Caller, site: SiteHeader): Expected {
  if (caller === 'anonymous') return 401;
  if (!hasRole(caller, access.role)) return 403;
  if (!access.site) return 'through';
  if (site === 'none') return 403;
  // A superadmin holds every site; anyone else only the sites on their account.
  if (site === 'other' && caller !== 'superadmin') return 403;
  return 'through';
}

const fill = (url: string, id: string) => url.replace(/:[A-Za-z_]+/g, id);

async function call(
  route: RouteAccessEntry,
  caller: Caller,
  site: SiteHeader,
  url = fill(route.url, randomUUID()),
  payload = '"not an object"',
) {
  const headers: Record<string, string> = {};
  const token = tokens.get(caller);
  if (token) headers.authorization = `Bearer ${token}`;
  if (site !== 'none') headers['site-id'] = site === 'own' ? own : other;
  const withBody = route.method !== 'GET' && route.method !== 'DELETE';
  // By default a JSON string where every body schema wants an object: invalid for any route with a body.
  return rt.app.inject({
    method: route.method as 'GET',
    url,
    headers: withBody ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(withBody ? { payload } : {}),
  });
}

describe('the route table', () => {
  it('has every API route declare its access', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const undeclared = routes.filter((route) => !route.access).map((route) => `${route.method} ${route.url}`);
    expect(undeclared).toEqual([]);
  });

  it('refuses anyone without a valid session on guarded routes before validating (401)', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      if (!route.access || route.access === 'public') continue;
      for (const authorization of [undefined, 'Bearer not-a-token', 'Basic abc']) {
        const res = await rt.app.inject({
          method: route.method as 'GET',
          url: fill(route.url, randomUUID()),
          headers: {
            ...(authorization ? { authorization } : {}),
            'site-id': own,
            'content-type': 'application/json',
          },
          ...(route.method !== 'GET' && route.method !== 'DELETE' ? { payload: '{"bad":' } : {}),
        });
        if (res.statusCode !== 401)
          failures.push(`${route.method} ${route.url} [${authorization}] → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('what the guards leave alone', () => {
  it('lets Socket.IO, the app shell and the static files through untouched', async () => {
    // Socket.IO answers on the HTTP server itself (its own handshake checks the token), so use a real request.
    const handshake = await fetch(`${rt.url}/socket.io/?EIO=4&transport=polling`);
    expect(handshake.status).toBe(200);
    await handshake.text();
    for (const url of ['/', '/fleet', '/ride/abc', '/favicon.ico']) {
      const res = await rt.app.inject({ url });
      expect([200, 404], url).toContain(res.statusCode);
    }
  });
});

describe('role × site × route', () => {
  it('answers every combination as the route declares', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const route of apiRoutes()) {
      const access = route.access;
      if (!access) continue;
      if (access === 'public') {
        const res = await call(route, 'anonymous', 'none');
        calls++;
        if (res.statusCode === 401 || res.statusCode === 403 || res.statusCode >= 500)
          failures.push(
            `${route.method} ${route.url} public, anonymous → ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        continue;
      }
      if (access === 'apiKey') {
        // The client API takes an API key, never a bearer token: every caller here has no key.
        for (const caller of ['anonymous', 'superadmin'] as Caller[]) {
          const res = await call(route, caller, 'own');
          calls++;
          if (res.statusCode !== 401 || res.json<{ code?: string }>().code !== 'invalidApiKey')
            failures.push(
              `${route.method} ${route.url} (apiKey) as ${caller}: want 401, got ${res.statusCode}`,
            );
        }
        continue;
      }
      const sites: SiteHeader[] = access.site ? ['none', 'own', 'other'] : ['none'];
      for (const caller of ['anonymous', ...STAFF_ROLES] as Caller[]) {
        for (const site of sites) {
          const want = expected(access, caller, site);
          const res = await call(route, caller, site);
          calls++;
          const got = res.statusCode;
          const ok = want === 'through' ? got !== 401 && got !== 403 && got < 500 : got === want;
          if (!ok)
            failures.push(
              `${route.method} ${route.url} (${access.role}${access.site ? ', site' : ''}) as ${caller}, site ${site}: ` +
                `want ${want}, got ${got} ${res.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(calls).toBeGreaterThan(300);
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('objects of another site', () => {
  /**
   * Decision: a cart (or any object) of a site the caller does not hold answers exactly as a missing one
   * (404), so its id reveals nothing. Checked for every site-scoped route that takes a cart id.
   */
  it('answers a cart of another site as a missing cart', async () => {
    const foreign = await insertCart(rt, other);
    const failures: string[] = [];
    const cartRoutes = apiRoutes().filter(
      (route) =>
        typeof route.access === 'object' && route.access.site && /\/devices\/:[A-Za-z]+/.test(route.url),
    );
    expect(cartRoutes.length).toBeGreaterThan(5);
    for (const route of cartRoutes) {
      for (const caller of ['basic', 'admin'] as const) {
        // An empty object gets past validation wherever every field is optional.
        const missing = await call(route, caller, 'own', fill(route.url, randomUUID()), '{}');
        const theirs = await call(route, caller, 'own', fill(route.url, foreign.id), '{}');
        if (missing.statusCode !== theirs.statusCode)
          failures.push(
            `${route.method} ${route.url} as ${caller}: missing ${missing.statusCode}, other site's ${theirs.statusCode}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });
});
