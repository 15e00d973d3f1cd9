import { describe, expect, it } from 'vitest';
import { parseMemberPageSize } from './members-paging';

describe('members paging', () => {
  it('offers 20, 30, 50 and 100 rows, with 50 as the default', () => {
    expect(parseMemberPageSize('20')).toBe(20);
    expect(parseMemberPageSize('30')).toBe(30);
    expect(parseMemberPageSize('100')).toBe(100);
    expect(parseMemberPageSize(null)).toBe(50);
    expect(parseMemberPageSize('-1')).toBe(50);
    expect(parseMemberPageSize('25')).toBe(50);
    expect(parseMemberPageSize('lots')).toBe(50);
  });
});
