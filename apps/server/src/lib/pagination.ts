import type { Pagination } from '@fairway/domain';

/**
 * The spec's pagination block (§3 Pagination) for `page` of `limit` items out of `total`. Below the modules,
 * so any module's list may use it without importing another module (devices re-exports it for its callers).
 */
export function paginationOf(page: number, limit: number, total: number): Pagination {
  const totalPages = Math.ceil(total / limit);
  return {
    currentPage: page,
    totalPages,
    totalItems: total,
    itemsPerPage: limit,
    nextPage: page < totalPages ? page + 1 : null,
    prevPage: page > 1 ? page - 1 : null,
  };
}
