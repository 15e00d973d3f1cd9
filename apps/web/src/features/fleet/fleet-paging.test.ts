import { describe, expect, it } from 'vitest';
import { lastPageIndex, pageOf, parsePageSize } from './fleet-paging';

const rows = Array.from({ length: 120 }, (_, index) => index);

describe('fleet paging', () => {
  it('offers 20, 50, 100 and All, with 50 as the default', () => {
    expect(parsePageSize('20')).toBe(20);
    expect(parsePageSize('-1')).toBe(-1);
    expect(parsePageSize(null)).toBe(50);
    expect(parsePageSize('35')).toBe(50);
    expect(parsePageSize('abc')).toBe(50);
  });

  it('cuts pages and shows everything for All', () => {
    expect(pageOf(rows, 0, 50)).toHaveLength(50);
    expect(pageOf(rows, 2, 50)).toEqual(rows.slice(100));
    expect(pageOf(rows, 3, 100)).toHaveLength(20);
    expect(pageOf(rows, 0, -1)).toHaveLength(120);
    expect(lastPageIndex(120, 50)).toBe(2);
    expect(lastPageIndex(0, 50)).toBe(0);
    expect(lastPageIndex(120, -1)).toBe(0);
  });

  it('shows the last page when the list shrank under the current one', () => {
    expect(pageOf(rows.slice(0, 30), 4, 20)).toEqual(rows.slice(20, 30));
  });
});
