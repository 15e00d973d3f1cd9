import type { Role } from '@fairway/domain';

const base64Url = (value: string): string =>
  btoa(value).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * An unsigned JWT with the claims the web app reads. The browser never verifies signatures (the server
 * does), so tests only need a well-formed payload.
 */
export function fakeAccessToken(
  claims: { sub?: string; role?: Role; expiresInSeconds?: number; nonce?: string } = {},
): string {
  const payload = {
    sub: claims.sub ?? '00000000-0000-4000-8000-000000000001',
    role: claims.role ?? 'admin',
    exp: Math.floor(Date.now() / 1000) + (claims.expiresInSeconds ?? 900),
    nonce: claims.nonce ?? Math.random().toString(36).slice(2),
  };
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.signature`;
}
