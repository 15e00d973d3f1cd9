import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../../test/helpers';
import type { Runtime } from '../runtime';
import { bucketOrigin, parseS3Url } from '../lib/s3-location';
import { securityHeadersPlugin, tileSource } from './security-headers';

/** Security headers on pages and API alike (issue #15 item 9). */
let rt: Runtime;

beforeAll(async () => {
  rt = await startTestServer({
    TILE_STREET_URL: 'https://{s}.tile.example.org/{z}/{x}/{y}.png',
    TILE_SATELLITE_URL: 'https://sat.example.net/tiles/{z}/{y}/{x}',
  });
});
afterAll(() => rt?.stop());

/** The CSP as directive → sources. */
function directives(header: unknown): Map<string, string[]> {
  expect(typeof header).toBe('string');
  return new Map(
    (header as string)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/health', 'application/json'],
    ['an API error', '/api/dashboard/devices', 'application/json'],
    ['an HTML page (the API docs)', '/api/docs', 'text/html'],
  ])('are on %s', async (_what, url, type) => {
    const res = await rt.app.inject({ url });
    expect(res.headers['content-type']).toContain(type);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // PUBLIC_URL is http here (a club LAN): no HSTS, no upgrade of requests.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    // The configured tile hosts, the files and QR codes (data:) may be shown as images.
    expect(csp.get('img-src')).toEqual(
      expect.arrayContaining(["'self'", 'data:', 'https://*.tile.example.org', 'https://sat.example.net']),
    );
  });

  it("lets pages show the S3 bucket's signed file URLs (guests' damage photos), path or virtual-hosted style", async () => {
    const imgSrcFor = async (s3Url: string) => {
      const app = Fastify();
      const fileOrigins = [bucketOrigin(parseS3Url(s3Url))];
      await app.register(securityHeadersPlugin, {
        publicUrl: 'https://carts.example.org',
        tileUrls: [],
        fileOrigins,
      });
      app.get('/', async () => ({ ok: true }));
      const res = await app.inject({ url: '/' });
      await app.close();
      return directives(res.headers['content-security-policy']).get('img-src');
    };
    expect(await imgSrcFor('https://k:s@s3.example.com/club-files')).toContain('https://s3.example.com');
    expect(await imgSrcFor('https://k:s@s3.example.com/club-files?style=virtual')).toContain(
      'https://club-files.s3.example.com',
    );
  });

  it('adds HSTS and upgrades requests only when PUBLIC_URL is https', async () => {
    const headersFor = async (publicUrl: string) => {
      const app = Fastify();
      await app.register(securityHeadersPlugin, { publicUrl, tileUrls: [] });
      app.get('/', async () => ({ ok: true }));
      const res = await app.inject({ url: '/' });
      await app.close();
      return res.headers;
    };
    const secure = await headersFor('https://carts.example.org');
    expect(secure['strict-transport-security']).toBe('max-age=15552000');
    expect(directives(secure['content-security-policy']).has('upgrade-insecure-requests')).toBe(true);
    const plain = await headersFor('http://192.168.1.10:3000');
    expect(plain['strict-transport-security']).toBeUndefined();
  });
});

describe('tileSource', () => {
  it('turns a tile URL template into the CSP source of its host', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileSource('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toBe('https://*.tile.example.org');
    expect(tileSource('HTTPS://Sat.Example.net:8443/t/{z}')).toBe('https://Sat.Example.net:8443');
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBe("'self'");
  });
});
