import { describe, expect, it } from 'vitest';
import { currencyLabeller } from './currency-names';

describe('currencyLabeller', () => {
  it('labels a code with its name in the interface language', () => {
    expect(currencyLabeller('en')('GBP')).toBe('GBP — British Pound');
    expect(currencyLabeller('de')('EUR')).toBe('EUR — Euro');
    expect(currencyLabeller('da')('DKK')).toBe('DKK — dansk krone');
  });

  it('falls back to the code alone for a code nobody names', () => {
    expect(currencyLabeller('en')('XYZ')).toBe('XYZ');
  });
});
