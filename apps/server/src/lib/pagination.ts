import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Pagination } from '@fairway/domain';
import type { DbExecutor } from '../db/client';

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

/**
 * How many rows of `table` match `where`. A list reads its total with its page (`count(*) over ()`); a page
 * past the last one has no rows to carry it, so it asks here, and the client still learns where pages end.
 */
export async function countRows(db: DbExecutor, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(where);
  return row?.total ?? 0;
}
