import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { apiKeyPlugin, currentClient, type ApiClientIdentity, type ApiKeyLookup } from './api-key';
import { errorsPlugin } from './errors';

/**
 * The API key hook on its own (the clients module's tests run it with the real lookup and database): which
 * routes require a key, which accept one, which ignore the header, and the usage flush when the server closes.
 */

const CLIENT: ApiClientIdentity = { id: 'c1', name: 'Tee Times', sites: ['s1'] };
const GOOD = `fwk_${'a'.repeat(43)}`;

let app: FastifyInstance;
let flushed = 0;
const lookups: string[] = [];

async function build(): Promise<FastifyInstance> {
  const keys: ApiKeyLookup = {
    authenticate: async (key) => {
      lookups.push(key);
      return key === GOOD ? CLIENT : null;
    },
    flushUsage: async () => {
      flushed++;
    },
  };
  const instance = Fastify();
  await instance.register(errorsPlugin);
  await instance.register(apiKeyPlugin, { keys, optionalUnder: '/api/guest/' });
  instance.get('/api/client/v1/sites', { config: { access: 'apiKey' } }, (request) => currentClient(request));
  instance.get('/api/guest/sites', { config: { access: 'public' } }, (request) => ({
    client: request.apiClient?.id ?? null,
  }));
  instance.get('/api/platform/health', { config: { access: 'public' } }, () => ({ ok: true }));
  return instance;
}

afterEach(async () => {
  await app?.close();
  lookups.length = 0;
});

describe('the API key hook', () => {
  it('requires a valid key where a route declares access apiKey', async () => {
    app = await build();
    const call = (headers: Record<string, string>) => app.inject({ url: '/api/client/v1/sites', headers });
    const refused: Array<Record<string, string>> = [
      {},
      { 'x-api-key': 'nope' },
      { authorization: `Bearer ${GOOD}` },
    ];
    for (const headers of refused) {
      const res = await call(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'invalidApiKey' });
    }
    const res = await call({ 'x-api-key': GOOD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(CLIENT);
  });

  it('lets guest routes through without a key, and refuses a wrong one', async () => {
    app = await build();
    const call = (headers: Record<string, string> = {}) => app.inject({ url: '/api/guest/sites', headers });
    expect((await call()).json()).toEqual({ client: null });
    expect(lookups).toEqual([]);
    expect((await call({ 'x-api-key': GOOD })).json()).toEqual({ client: 'c1' });
    expect((await call({ 'x-api-key': 'nope' })).statusCode).toBe(401);
  });

  it('ignores the header on every other route (no lookup, no count)', async () => {
    app = await build();
    const res = await app.inject({ url: '/api/platform/health', headers: { 'x-api-key': 'nope' } });
    expect(res.statusCode).toBe(200);
    expect(lookups).toEqual([]);
  });

  it('writes the counted uses when the server closes', async () => {
    app = await build();
    await app.ready();
    const before = flushed;
    await app.close();
    expect(flushed).toBe(before + 1);
  });
});
