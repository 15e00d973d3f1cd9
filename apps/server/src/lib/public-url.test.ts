import { describe, expect, it } from 'vitest';
import { HttpError } from './errors';
import { publicBase, requestOrigin } from './public-url';

describe('publicBase: the base of links built for a browser during a request', () => {
  it('is PUBLIC_URL when set, whatever the request says', () => {
    expect(
      publicBase(
        { PUBLIC_URL: 'https://fairway.club.example/' },
        { protocol: 'http', host: '10.0.0.5:3000' },
      ),
    ).toBe('https://fairway.club.example');
  });

  it('is where the request reached the server when PUBLIC_URL is unset (not localhost)', () => {
    expect(publicBase({}, { protocol: 'http', host: '192.168.1.20:3000' })).toBe('http://192.168.1.20:3000');
    expect(publicBase({}, { protocol: 'https', host: 'Golf.Example' })).toBe('https://golf.example');
    expect(publicBase({}, { protocol: 'http', host: '[fe80::1]:3000' })).toBe('http://[fe80::1]:3000');
  });
});

describe('requestOrigin refuses a Host that is not a plain host and port', () => {
  it.each([
    'evil.example/path',
    'evil.example?x=1',
    'user@evil.example',
    'evil.example:3000\r\nSet-Cookie: a=b',
    'evil example',
    'evil.example:port',
    '',
    '..',
    'a'.repeat(64) + '.example',
  ])('%j → 400 badHost', (host) => {
    expect(() => requestOrigin({ protocol: 'http', host })).toThrow(HttpError);
    try {
      requestOrigin({ protocol: 'http', host });
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 400, code: 'badHost' });
    }
  });

  it('and a protocol other than http or https', () => {
    expect(() => requestOrigin({ protocol: 'javascript', host: 'golf.example' })).toThrow(HttpError);
  });
});
