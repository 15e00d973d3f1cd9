import { LIMITS, type CartView } from '@fairway/domain';
import { useMemo, useState } from 'react';
import { lastPageIndex, pageOf, type FleetPageSize } from './fleet-paging';
import { searchFleet } from './fleet-search';
import { useCartSelection } from './use-cart-selection';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useFleetPageSize } from './use-fleet-preferences';

/**
 * What the fleet list shows of the site's carts: the search (applied 700 ms after typing stops, §9), the
 * ticked carts, and the current page.
 */
export function useFleetList(carts: readonly CartView[]) {
  const [query, setQuery] = useState('');
  const appliedQuery = useDebouncedValue(query, LIMITS.debounceMs);
  const found = useMemo(() => searchFleet(carts, appliedQuery), [carts, appliedQuery]);
  const selection = useCartSelection(found);
  const [pageSize, storePageSize] = useFleetPageSize();
  const [page, setPage] = useState(0);

  // A new search starts on the first page (adjusted while rendering rather than in an effect).
  const [pagedQuery, setPagedQuery] = useState(appliedQuery);
  if (pagedQuery !== appliedQuery) {
    setPagedQuery(appliedQuery);
    setPage(0);
  }
  // The list may shrink under the current page (a cart moved away): show its last page then.
  const currentPage = Math.min(page, lastPageIndex(found.length, pageSize));

  return {
    query,
    setQuery,
    appliedQuery,
    found,
    selection,
    page: currentPage,
    setPage,
    pageSize,
    setPageSize: (size: FleetPageSize) => {
      storePageSize(size);
      setPage(0);
    },
    pageCarts: pageOf(found, currentPage, pageSize),
  };
}
