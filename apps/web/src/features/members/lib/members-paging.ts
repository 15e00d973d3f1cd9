import { MEMBER_DEFAULT_PAGE_SIZE, MEMBER_PAGE_SIZES } from '@fairway/domain';

export type MemberPageSize = (typeof MEMBER_PAGE_SIZES)[number];

/** A stored page size, or the default (50) when it is missing or not one of the offered sizes. */
export function parseMemberPageSize(stored: string | null): MemberPageSize {
  const value = Number(stored);
  return MEMBER_PAGE_SIZES.find((size) => size === value) ?? MEMBER_DEFAULT_PAGE_SIZE;
}

/**
 * Spec §2: the pager shows 7 pages. MUI draws first and last page (boundary 1), the current page with one
 * neighbour on each side (siblings 1) and an ellipsis for each gap: at most 7 items, however many pages.
 */
export const PAGER_RANGE = { siblingCount: 1, boundaryCount: 1 } as const;
