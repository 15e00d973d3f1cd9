import { LIMITS, type MEMBER_SORT_FIELDS, type MemberSearchField } from '@fairway/domain';
import { useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useMembers, type MembersListParams } from './api/get-members';
import { parseMemberPageSize, type MemberPageSize } from './lib/members-paging';

export type MemberSortField = (typeof MEMBER_SORT_FIELDS)[number];
export interface MemberSort {
  field: MemberSortField;
  direction: 'asc' | 'desc';
}
/** Which field the search box searches; 'all' = name, company and email. */
export type MemberSearchScope = 'all' | MemberSearchField;

/** Spec §9: members are sorted by name ascending. */
const DEFAULT_SORT: MemberSort = { field: 'name', direction: 'asc' };

/**
 * The members list as the server pages it: the search (applied 700 ms after typing stops, §9), the field
 * it searches, the sort, the page and its size (remembered in this browser). Anything that changes which
 * members match starts again on page 1.
 */
export function useMembersList(siteId: string) {
  const [query, setQuery] = useState('');
  const [searchIn, setSearchIn] = useState<MemberSearchScope>('all');
  const appliedQuery = useDebouncedValue(query.trim(), LIMITS.debounceMs);
  const [sort, setSort] = useState<MemberSort>(DEFAULT_SORT);
  const [pageSize, setPageSize] = useState<MemberPageSize>(() =>
    parseMemberPageSize(readStorage(STORAGE_KEYS.membersPageSize)),
  );
  const [page, setPage] = useState(1);

  // A new search starts on page 1 (adjusted while rendering rather than in an effect).
  const [pagedQuery, setPagedQuery] = useState(appliedQuery);
  if (pagedQuery !== appliedQuery) {
    setPagedQuery(appliedQuery);
    setPage(1);
  }

  const params: MembersListParams = {
    page,
    limit: pageSize,
    sort: `${sort.field}:${sort.direction}`,
    query: appliedQuery || undefined,
    searchIn: appliedQuery && searchIn !== 'all' ? searchIn : undefined,
  };
  const members = useMembers(siteId, params);

  // Members deleted from the last page leave it empty: show the new last page instead.
  const totalPages = members.isPlaceholderData ? undefined : members.data?.pagination.totalPages;
  if (totalPages !== undefined && totalPages > 0 && page > totalPages) setPage(totalPages);

  return {
    members,
    query,
    setQuery,
    appliedQuery,
    searchIn,
    setSearchIn: (scope: MemberSearchScope) => {
      setSearchIn(scope);
      setPage(1);
    },
    sort,
    /** The same column again flips the direction; another column sorts ascending. */
    sortBy: (field: MemberSortField) => {
      setSort((current) =>
        current.field === field
          ? { field, direction: current.direction === 'asc' ? 'desc' : 'asc' }
          : { field, direction: 'asc' },
      );
      setPage(1);
    },
    page,
    setPage,
    pageSize,
    setPageSize: (size: MemberPageSize) => {
      writeStorage(STORAGE_KEYS.membersPageSize, String(size));
      setPageSize(size);
      setPage(1);
    },
  };
}

export type MembersList = ReturnType<typeof useMembersList>;
