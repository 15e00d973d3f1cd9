import { describe, expect, it } from 'vitest';
import { pageCountOf, parseAdminPageSize, rowsOfPage } from './admin-paging';

describe('admin paging', () => {
  it('remembers only the offered sizes and falls back to 20', () => {
    expect(parseAdminPageSize('50')).toBe(50);
    expect(parseAdminPageSize('-1')).toBe(-1);
    expect(parseAdminPageSize('30')).toBe(20);
    expect(parseAdminPageSize(null)).toBe(20);
    expect(parseAdminPageSize('all')).toBe(20);
  });

  it('cuts pages, keeps an empty table on page 1 and shows everything for All', () => {
    const rows = Array.from({ length: 45 }, (_, index) => index);
    expect(pageCountOf(45, 20)).toBe(3);
    expect(pageCountOf(40, 20)).toBe(2);
    expect(pageCountOf(0, 20)).toBe(1);
    expect(pageCountOf(45, -1)).toBe(1);
    expect(rowsOfPage(rows, 3, 20)).toEqual([40, 41, 42, 43, 44]);
    expect(rowsOfPage(rows, 1, -1)).toHaveLength(45);
    // A page that no longer exists (rows were deleted) shows the last one.
    expect(rowsOfPage(rows, 9, 20)).toEqual([40, 41, 42, 43, 44]);
  });
});
