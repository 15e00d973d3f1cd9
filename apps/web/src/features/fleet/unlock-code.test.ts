import { describe, expect, it } from 'vitest';
import { randomUnlockCode } from './unlock-code';

describe('randomUnlockCode', () => {
  it('is always 6 digits between 100000 and 999999 (§9)', () => {
    expect(randomUnlockCode(() => 0)).toBe('100000');
    expect(randomUnlockCode(() => 0.999_999_9)).toBe('999999');
    for (let attempt = 0; attempt < 100; attempt += 1) expect(randomUnlockCode()).toMatch(/^[1-9]\d{5}$/);
  });
});
