import { describe, expect, it } from 'vitest';
import { detectLocale } from './locale';

describe('detectLocale', () => {
  it('prefers the stored locale', () => {
    expect(detectLocale('da', 'de-DE')).toBe('da');
  });

  it('ignores a stored value the app does not speak', () => {
    expect(detectLocale('fr', 'cs-CZ')).toBe('cs');
  });

  it("takes the browser language's first two letters", () => {
    expect(detectLocale(null, 'de-AT')).toBe('de');
    expect(detectLocale(null, 'DA')).toBe('da');
    expect(detectLocale(null, 'cs')).toBe('cs');
  });

  it('falls back to English', () => {
    expect(detectLocale(null, 'fr-FR')).toBe('en');
    expect(detectLocale(null, undefined)).toBe('en');
    expect(detectLocale(null, '')).toBe('en');
  });
});
