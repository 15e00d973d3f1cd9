import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../runtime';
import { startTestServer } from '../../../test/helpers';

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer({ TILE_STREET_URL: 'http://tiles.invalid/{z}/{x}/{y}.png' });
});
afterAll(() => rt.stop());

describe('platform', () => {
  it('reports database and broker health', async () => {
    const res = await rt.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up', broker: 'up', gateway: 'listening' });
  });

  it('serves the configured tile URLs to the web app', async () => {
    const res = await rt.app.inject({ url: '/api/config' });
    expect(res.json()).toMatchObject({ tiles: { street: { url: 'http://tiles.invalid/{z}/{x}/{y}.png' } } });
  });

  it('answers unknown API routes with 404 JSON', async () => {
    const res = await rt.app.inject({ url: '/api/dashboard/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Route GET /api/dashboard/nope not found' });
  });

  it('never leaks a stack trace on malformed JSON', async () => {
    const res = await rt.app.inject({
      method: 'POST',
      url: '/api/dashboard/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.ts/);
  });

  it('answers guests the public data of a club, and 404 for staging or unknown sites', async () => {
    const sites = await rt.ctx.db.query.sites.findMany();
    const demo = sites.find((site) => site.name === 'Demo Golf Club')!;
    const staging = sites.find((site) => site.staging)!;
    const res = await rt.app.inject({ url: `/api/guest/sites/${demo.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Demo Golf Club', timezone: 'Europe/London' });
    expect(res.json()).not.toHaveProperty('masterUnlock');
    expect((await rt.app.inject({ url: `/api/guest/sites/${staging.id}` })).statusCode).toBe(404);
    expect((await rt.app.inject({ url: '/api/guest/sites/not-a-uuid' })).statusCode).toBe(400);
  });

  it('keeps storage for superadmins', async () => {
    expect((await rt.app.inject({ url: '/api/storage/firmware' })).statusCode).toBe(401);
  });

  it('publishes the OpenAPI document with every prefix', async () => {
    const res = await rt.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    for (const prefix of ['/api/dashboard/', '/api/admin/', '/api/guest/', '/api/storage/']) {
      expect(paths.some((path) => path.startsWith(prefix))).toBe(true);
    }
  });

  it('compresses sizeable answers for clients that accept it, and only those', async () => {
    const brotli = await rt.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString('utf8'))).toHaveProperty('paths');
    const gzip = await rt.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await rt.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('paths');
  });
});
