/** Spec §9: fleet tables page by 20, 50 (default), 100 or All (-1). */
export const FLEET_PAGE_SIZES = [20, 50, 100, -1] as const;
export type FleetPageSize = (typeof FLEET_PAGE_SIZES)[number];
export const DEFAULT_FLEET_PAGE_SIZE: FleetPageSize = 50;
export const ALL_ROWS: FleetPageSize = -1;

/** A stored page size, or the default when it is missing or not one of the offered sizes. */
export function parsePageSize(stored: string | null): FleetPageSize {
  const value = Number(stored);
  return FLEET_PAGE_SIZES.find((size) => size === value) ?? DEFAULT_FLEET_PAGE_SIZE;
}

/** The index of the last page (0 when there is nothing to show). */
export const lastPageIndex = (total: number, pageSize: FleetPageSize): number =>
  pageSize === ALL_ROWS || total === 0 ? 0 : Math.ceil(total / pageSize) - 1;

/** The rows of one page; a page past the end shows the last one (the list may have shrunk under it). */
export function pageOf<T>(rows: readonly T[], page: number, pageSize: FleetPageSize): T[] {
  if (pageSize === ALL_ROWS) return [...rows];
  const index = Math.min(page, lastPageIndex(rows.length, pageSize));
  return rows.slice(index * pageSize, (index + 1) * pageSize);
}
