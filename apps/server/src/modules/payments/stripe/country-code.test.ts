import { describe, expect, it } from 'vitest';
import { isoCountryCode } from './country-code';

describe('the ISO code of a country a site names', () => {
  it('reads names in the languages the app speaks, and codes', () => {
    expect(isoCountryCode('United Kingdom')).toBe('GB');
    expect(isoCountryCode('  Danmark ')).toBe('DK');
    expect(isoCountryCode('Deutschland')).toBe('DE');
    expect(isoCountryCode('Česko')).toBe('CZ');
    expect(isoCountryCode("Cote d'Ivoire")).toBe('CI');
    expect(isoCountryCode('gb')).toBe('GB');
  });

  it('knows the names golfers write that CLDR spells otherwise', () => {
    expect(isoCountryCode('Czech Republic')).toBe('CZ');
    expect(isoCountryCode('Scotland')).toBe('GB');
    expect(isoCountryCode('UK')).toBe('GB');
    expect(isoCountryCode('USA')).toBe('US');
  });

  it('answers nothing for what is no country Stripe knows', () => {
    expect(isoCountryCode('Atlantis')).toBeUndefined();
    expect(isoCountryCode('EU')).toBeUndefined();
    expect(isoCountryCode('')).toBeUndefined();
    // A withdrawn code names its successor; only the current code is Stripe's.
    expect(isoCountryCode('DD')).toBeUndefined();
  });
});
