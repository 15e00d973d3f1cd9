import { describe, expect, it } from 'vitest';
import { damageReportFields } from '../schemas/damage-reports';
import { DAMAGE_CATEGORIES, DAMAGE_REPORT_LIMITS, damageBlocksCart } from './damage-reports';

describe('damageBlocksCart', () => {
  it('takes the cart out of use for a flat tyre, the battery and damage only', () => {
    expect(DAMAGE_CATEGORIES.filter(damageBlocksCart)).toEqual(['flat_tyre', 'battery', 'damage']);
  });
});

describe('damageReportFields', () => {
  const max = DAMAGE_REPORT_LIMITS.descriptionMax;

  it('takes a description up to the limit, trimmed, and none at all', () => {
    expect(damageReportFields.parse({ category: 'dirty', description: ` ${'a'.repeat(max)} ` })).toEqual({
      category: 'dirty',
      description: 'a'.repeat(max),
    });
    expect(damageReportFields.parse({ category: 'other' })).toEqual({ category: 'other', description: '' });
    expect(
      damageReportFields.parse({ category: 'other', description: 'Line one\nline two' }).description,
    ).toBe('Line one\nline two');
  });

  it('refuses one character more, control characters and an unknown category', () => {
    expect(
      damageReportFields.safeParse({ category: 'dirty', description: 'a'.repeat(max + 1) }).success,
    ).toBe(false);
    expect(damageReportFields.safeParse({ category: 'dirty', description: 'a\u0000b' }).success).toBe(false);
    expect(damageReportFields.safeParse({ category: 'exploded' }).success).toBe(false);
  });
});
