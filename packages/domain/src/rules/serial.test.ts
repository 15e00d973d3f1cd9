import { describe, expect, it } from 'vitest';
import { normalizeSerial } from './serial';

describe('normalizeSerial', () => {
  it('ignores dashes, spaces, underscores and case', () => {
    expect(normalizeSerial('FW-00_12 ab')).toBe('fw0012ab');
    expect(normalizeSerial(' fw 0012AB ')).toBe(normalizeSerial('FW-0012-AB'));
  });

  it('keeps every other character, so different serials stay different', () => {
    expect(normalizeSerial('FW.0012:A')).toBe('fw.0012:a');
    expect(normalizeSerial('FW-0012')).not.toBe(normalizeSerial('FW-0013'));
  });

  it('folds a serial made only of ignored characters to the empty string', () => {
    expect(normalizeSerial('- _ -')).toBe('');
    expect(normalizeSerial('')).toBe('');
  });

  it('folds tabs like spaces', () => {
    expect(normalizeSerial('FW\t12')).toBe('fw12');
  });
});
