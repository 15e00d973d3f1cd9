import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@fairway/domain';
import { SERVER_PACKAGE_JSON } from '../lib/locations';

/**
 * One tag per module, in the order a partner reads them. Every route names one of these (the OpenAPI test
 * fails on a tag not declared here).
 */
export const OPENAPI_TAGS = [
  { name: 'platform', description: 'Health for load balancers and the public runtime configuration.' },
  {
    name: 'auth',
    description: 'Dashboard sign-in, token refresh, the own account, registration from an invite, reset.',
  },
  { name: 'sites', description: "The operator's sites: settings, public profile pictures, the QR poster." },
  { name: 'devices', description: "The selected site's carts: list, details, settings, battery." },
  { name: 'commands', description: 'Lock, unlock and ping carts, and the log of commands sent to a cart.' },
  { name: 'zones', description: 'Geofence zones a site draws on its map, published into the carts.' },
  {
    name: 'courses',
    description: "A site's course layout: holes with par, tee, green and fairway, drawn on its maps.",
  },
  { name: 'rides', description: 'Rides, ride history trails, usage charts and their CSV and PDF exports.' },
  { name: 'members', description: "A club's members (drivers), their import and their app-profile links." },
  { name: 'codes', description: 'Ride codes (PINs) members and guests unlock carts with.' },
  { name: 'user groups', description: 'Member groups with their own rules and prices.' },
  { name: 'services', description: 'What a site sells to guests: timed rides and their rates.' },
  { name: 'bookings', description: "The operator's booking calendar: bookings, availability, unlocks." },
  {
    name: 'damage reports',
    description: "Guests' problem reports about carts (flat tyre, battery, damage …): list and resolve.",
  },
  { name: 'payments', description: 'Stripe onboarding, payments and refunds, guest checkout and webhooks.' },
  {
    name: 'guest',
    description:
      "The guest API behind a site's QR-code pages: carts, rides, keys, bookings. A partner app sends its " +
      'API key in `x-api-key`; the club’s own guest pages send none.',
  },
  { name: 'storage', description: 'Firmware images for the carts.' },
  {
    name: 'GBFS',
    description:
      "A club's open GBFS v3.0 feed (opt-in per site): the carts a guest could take now, stations, zones and " +
      'guest prices, for trip planners. Public, no personal data; vehicle ids rotate with every ride.',
  },
  {
    name: 'admin',
    description:
      'Superadmin console: sites, devices, users, invites, dashboard, activity, bookings and payments of all sites.',
  },
  { name: 'profiles', description: 'Superadmin: the guest-app profiles members link to.' },
  { name: 'clients', description: 'Superadmin: API clients (partner booking systems) and their keys.' },
  {
    name: 'sim-cards',
    description: "Superadmin: trackers' SIM cards at the SIM provider (register, toggle, reset).",
  },
  {
    name: 'webhooks',
    description:
      'Outbound webhooks: an API client subscribes per site to rides, bookings, payments, carts going offline ' +
      'and zone alerts, delivered signed (`Fairway-Signature`, Stripe’s scheme) and retried for 24 hours, with ' +
      'a delivery log and resend. Superadmins manage any client’s under /api/admin/clients/{clientId}/webhooks, ' +
      'a client its own under /api/client/v1/webhooks. docs/webhooks.md has the events and a verification example.',
  },
  {
    name: 'client-api',
    description:
      "The client API for booking systems: read a site's services, carts and free slots, and book, change " +
      "or cancel the client's own bookings. Every call sends the client's API key in `x-api-key`; only the " +
      "client's sites are visible.",
  },
];

/**
 * Security requirements routes declare (`schema.security`); the schemes they name are declared below.
 * `guest`: anonymous callers are allowed, a partner app identifies itself with its API key.
 */
type SecurityRequirements = ReadonlyArray<Readonly<Record<string, readonly string[]>>>;
export const SECURITY: Record<'public' | 'bearer' | 'site' | 'apiKey' | 'guest', SecurityRequirements> = {
  public: [],
  bearer: [{ bearer: [] }],
  site: [{ bearer: [], siteId: [] }],
  apiKey: [{ apiKey: [] }],
  guest: [{}, { apiKey: [] }],
};

/** The OpenAPI document (served at /api/docs, its JSON at /api/docs/json) and its UI. */
export const openApiPlugin = fp(async (app: FastifyInstance, { publicUrl }: { publicUrl: string }) => {
  const { version } = JSON.parse(fs.readFileSync(SERVER_PACKAGE_JSON, 'utf8')) as { version: string };
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Fairway API',
        version,
        description:
          'Keyless golf-cart fleets: the operator dashboard, the superadmin console, the guest API behind ' +
          'the QR-code pages and the client API for booking systems. Dashboard calls send a bearer access ' +
          'token (POST /api/dashboard/auth/login) and, for site data, the `site-id` header; partner apps ' +
          'and booking systems send their API key in `x-api-key`. Errors answer `{ message, code? }`.',
      },
      // The origin only: paths already start with /api, and a path here would be stripped from them.
      servers: [{ url: new URL(publicUrl).origin, description: 'This Fairway server' }],
      tags: OPENAPI_TAGS,
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          siteId: {
            type: 'apiKey',
            in: 'header',
            name: 'site-id',
            description: 'The id of the site a dashboard call works on.',
          },
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'x-api-key',
            description: 'An API client key (fwk_…), shown once when a superadmin creates the client.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (document) =>
      'openapiObject' in document
        ? (tidySchemas(document.openapiObject) as typeof document.openapiObject)
        : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});

/**
 * Two repairs of zod's OpenAPI 3.0 output, so the document says what the schemas mean:
 * - a nullable union of strings (`email | '' | null`) comes as `nullable` beside an `anyOf`, without a
 *   `type`, which OpenAPI 3.0 ignores (`nullable` only qualifies a `type`): when every branch has the same
 *   type, that type is hoisted next to `nullable`; otherwise each branch becomes nullable;
 * - a tuple (`[lat, lng]`) comes as `items: { anyOf: [number, number] }`: identical branches are merged.
 */
export function tidySchemas(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tidySchemas);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = tidySchemas(value);
  if (Array.isArray(out.anyOf)) {
    const distinct = [...new Map(out.anyOf.map((branch) => [JSON.stringify(branch), branch])).values()];
    if (distinct.length === 1) {
      delete out.anyOf;
      Object.assign(out, distinct[0]);
    } else out.anyOf = distinct;
  }
  const branches = (out.anyOf ?? out.oneOf) as Array<Record<string, unknown>> | undefined;
  if (out.nullable === true && out.type === undefined && Array.isArray(branches)) {
    const types = new Set(branches.map((branch) => branch.type));
    if (types.size === 1 && typeof branches[0]?.type === 'string') out.type = branches[0].type;
    else {
      for (const branch of branches) if (branch.type !== undefined) branch.nullable = true;
      delete out.nullable;
    }
  }
  return out;
}

/**
 * The success answer of a route that sends a file (a PDF, a CSV) rather than JSON: OpenAPI 3 ignores
 * `produces`, so the type is named here. Fastify sends a Buffer or a non-JSON string as it is, unserialised.
 */
export function fileAnswer(type: string, description: string) {
  return { description, content: { [type]: { schema: z.string().meta({ format: 'binary' }) } } };
}

/** The refusals of a dashboard call on the selected site (bad input, no token, no access, unknown id). */
export const SITE_CALL_ERRORS = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
