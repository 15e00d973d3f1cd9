import { ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZES } from '@fairway/domain';

/** Rows per page of an admin table: 20, 50, 100, or -1 for All (spec §9). */
export type AdminPageSize = (typeof ADMIN_PAGE_SIZES)[number];
export const ALL_ROWS = -1;

/** A stored page size, or the default (20) when it is missing or not one of the offered sizes. */
export function parseAdminPageSize(stored: string | null): AdminPageSize {
  const value = Number(stored);
  return ADMIN_PAGE_SIZES.find((size) => size === value) ?? ADMIN_PAGE_SIZE;
}

/** How many pages `total` rows fill (at least one, so an empty table still has a page 1). */
export function pageCountOf(total: number, size: AdminPageSize): number {
  if (size === ALL_ROWS) return 1;
  return Math.max(1, Math.ceil(total / size));
}

/** The rows of 1-based `page`; a page past the end gives the last page's rows. */
export function rowsOfPage<T>(rows: readonly T[], page: number, size: AdminPageSize): readonly T[] {
  if (size === ALL_ROWS) return rows;
  const last = pageCountOf(rows.length, size);
  const start = (Math.min(Math.max(page, 1), last) - 1) * size;
  return rows.slice(start, start + size);
}
