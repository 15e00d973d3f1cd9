import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('accepts paths inside the app', () => {
    expect(safeRedirectPath('/fleet?x=1')).toBe('/fleet?x=1');
  });

  it('refuses other origins, protocol-relative and login paths', () => {
    for (const candidate of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'fleet',
      '/login',
      null,
    ]) {
      expect(safeRedirectPath(candidate)).toBe('/');
    }
  });

  it('builds the login URL with the way back', () => {
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/rides?page=2')).toBe('/login?redirectTo=%2Frides%3Fpage%3D2');
  });
});
