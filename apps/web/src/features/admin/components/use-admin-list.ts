import { LIMITS } from '@fairway/domain';
import { useMemo, useState } from 'react';
import { readStorage, writeStorage, type StorageKey } from '../../../lib/storage';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { pageCountOf, parseAdminPageSize, rowsOfPage, type AdminPageSize } from './admin-paging';

interface AdminListOptions<T> {
  /** where this browser remembers the table's page size */
  pageSizeKey: StorageKey;
  /** whether a row matches the (trimmed, lower-cased) search; absent = the table has no search */
  matches?: (row: T, query: string) => boolean;
}

/**
 * An admin table's rows as the browser pages them: the admin lists answer every row at once (a platform has
 * hundreds of users, not millions), so the search (applied 700 ms after typing stops, §9) and the pages of
 * 20, 50, 100 or All are cut here. A new search starts on page 1; a page emptied by deletions shows the last.
 */
export function useAdminList<T>(
  rows: readonly T[] | undefined,
  { pageSizeKey, matches }: AdminListOptions<T>,
) {
  const [query, setQuery] = useState('');
  const appliedQuery = useDebouncedValue(query.trim().toLowerCase(), LIMITS.debounceMs);
  const [pageSize, setPageSize] = useState<AdminPageSize>(() => parseAdminPageSize(readStorage(pageSizeKey)));
  const [page, setPage] = useState(1);

  // A new search starts on page 1 (adjusted while rendering rather than in an effect).
  const [pagedQuery, setPagedQuery] = useState(appliedQuery);
  if (pagedQuery !== appliedQuery) {
    setPagedQuery(appliedQuery);
    setPage(1);
  }

  const matching = useMemo(
    () => (rows && matches && appliedQuery ? rows.filter((row) => matches(row, appliedQuery)) : rows),
    [rows, matches, appliedQuery],
  );
  const total = matching?.length ?? 0;
  const pageCount = pageCountOf(total, pageSize);
  const currentPage = Math.min(page, pageCount);

  return {
    query,
    setQuery,
    appliedQuery,
    /** the rows of the page in view; undefined while the list loads */
    rows: matching && rowsOfPage(matching, currentPage, pageSize),
    total,
    page: currentPage,
    pageCount,
    setPage,
    pageSize,
    setPageSize: (size: AdminPageSize) => {
      writeStorage(pageSizeKey, String(size));
      setPageSize(size);
      setPage(1);
    },
  };
}

export type AdminList<T> = ReturnType<typeof useAdminList<T>>;
