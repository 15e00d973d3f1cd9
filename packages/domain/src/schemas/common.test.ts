import { describe, expect, it } from 'vitest';
import { email, latLongString } from './common';

describe('email', () => {
  it('trims and lower-cases (spec §5)', () => {
    expect(email.parse('  Admin@Example.COM ')).toBe('admin@example.com');
  });
  it('refuses a malformed address', () => {
    expect(email.safeParse('admin@').success).toBe(false);
  });
});

describe("'lat, long'", () => {
  it('normalises to six decimals', () => {
    expect(latLongString.parse('56.3498,-2.8135')).toBe('56.349800, -2.813500');
  });
  it("refuses anything that is not 'number, number'", () => {
    const result = latLongString.safeParse('56.3498');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Input must be in 'lat, long' format");
  });
});
