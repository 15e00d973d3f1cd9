import { LIMITS, RIDE_PAGE_SIZE, type RideSearchField } from '@fairway/domain';
import { useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useRides, type RidesListParams } from './api/get-rides';

/**
 * The rides list as the server pages it, for the period [start, end): the search (applied 700 ms after
 * typing stops, spec §9), the field it searches, and the page of 10 (spec §9). Anything that changes
 * which rides match starts again on page 1.
 */
export function useRidesList(siteId: string, period: { start: string; end: string }) {
  const [search, setSearch] = useState('');
  const [searchField, setSearchField] = useState<RideSearchField>('carNumber');
  const appliedSearch = useDebouncedValue(search.trim(), LIMITS.debounceMs);
  const [page, setPage] = useState(1);

  // A new period or search starts on page 1 (adjusted while rendering rather than in an effect). The field
  // only changes the matches while something is searched.
  const filterKey = [period.start, period.end, appliedSearch, appliedSearch ? searchField : ''].join('|');
  const [pagedFilter, setPagedFilter] = useState(filterKey);
  if (pagedFilter !== filterKey) {
    setPagedFilter(filterKey);
    setPage(1);
  }

  const params: RidesListParams = {
    page,
    limit: RIDE_PAGE_SIZE,
    start: period.start,
    end: period.end,
    ...(appliedSearch ? { search: appliedSearch, searchField } : {}),
  };
  const rides = useRides(siteId, params);

  // Rides deleted from the last page leave it empty: show the new last page instead.
  const totalPages = rides.isPlaceholderData ? undefined : rides.data?.pagination.totalPages;
  if (totalPages !== undefined && totalPages > 0 && page > totalPages) setPage(totalPages);

  return {
    rides,
    search,
    setSearch,
    appliedSearch,
    searchField,
    setSearchField,
    page,
    setPage,
  };
}

export type RidesList = ReturnType<typeof useRidesList>;
