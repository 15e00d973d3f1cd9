import { describe, expect, it } from 'vitest';
import { sandboxProcessingFee } from './sandbox-fees';

describe('sandbox processing fee (1.5 % + 20, half up)', () => {
  it('adds the fixed part to an exact percentage', () => {
    expect(sandboxProcessingFee(1000)).toBe(15 + 20);
    expect(sandboxProcessingFee(2500)).toBe(38 + 20); // 37.5 → 38
  });

  it('rounds the percentage half up, and below half down', () => {
    expect(sandboxProcessingFee(100)).toBe(2 + 20); // 1.5 → 2
    expect(sandboxProcessingFee(1033)).toBe(15 + 20); // 15.495 → 15
    expect(sandboxProcessingFee(1034)).toBe(16 + 20); // 15.51 → 16
  });

  it('charges the fixed part even on the smallest amount', () => {
    expect(sandboxProcessingFee(1)).toBe(20);
  });
});
