import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { API_KEY_HEADER } from '@fairway/domain';
import { HttpError } from '../lib/errors';

/** The API client a request's `x-api-key` belongs to: who it is and the sites the client API reaches. */
export interface ApiClientIdentity {
  id: string;
  name: string;
  sites: string[];
}

/** What this plugin asks of the clients module (handed in by the composition root). */
export interface ApiKeyLookup {
  /** The client holding `key`, counted as one use; null for anything unknown. */
  authenticate(key: string): Promise<ApiClientIdentity | null>;
  /** Writes counted uses still held in memory. */
  flushUsage(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request carried a valid API key (client API routes always; guest routes optionally). */
    apiClient?: ApiClientIdentity;
  }
}

const invalidKey = (message: string) => new HttpError(401, message, 'invalidApiKey');

/**
 * The API key of spec §7 ("guest calls use a fixed API key header"), in `onRequest` like the bearer guards
 * (route-access.ts), before the body is read. Routes declaring access `'apiKey'` (the client API) require
 * one; routes under `optionalUnder` (the guest API: the club's own guest pages send none) accept one, and
 * one sent must be valid. A valid key is counted, and the rate limits key on it instead of the address
 * (app.ts). The routes' documents say the same (`SECURITY.apiKey`, `SECURITY.guest` in openapi.ts).
 */
export const apiKeyPlugin = fp(
  async (app: FastifyInstance, opts: { keys: ApiKeyLookup; optionalUnder: string }) => {
    const { keys, optionalUnder } = opts;
    const optional = (url: string | undefined) => url?.startsWith(optionalUnder) ?? false;

    app.addHook('onRequest', async (request: FastifyRequest) => {
      const required = request.routeOptions.config.access === 'apiKey';
      if (!required && !optional(request.routeOptions.url)) return;
      const header = request.headers[API_KEY_HEADER];
      if (header === undefined) {
        if (required) throw invalidKey(`An API key is required in the ${API_KEY_HEADER} header`);
        return;
      }
      const client = typeof header === 'string' ? await keys.authenticate(header) : null;
      if (!client) throw invalidKey('Invalid API key');
      request.apiClient = client;
    });

    app.addHook('onClose', async () => {
      await keys.flushUsage();
    });
  },
);

/** The client of an `'apiKey'` route (the hook above guarantees it). */
export function currentClient(request: FastifyRequest): ApiClientIdentity {
  if (!request.apiClient) throw invalidKey(`An API key is required in the ${API_KEY_HEADER} header`);
  return request.apiClient;
}

/** Rate limit key: the API key's client when the request carried one, else the caller's address. */
export const rateLimitKey = (request: FastifyRequest): string =>
  request.apiClient ? `client:${request.apiClient.id}` : request.ip;
