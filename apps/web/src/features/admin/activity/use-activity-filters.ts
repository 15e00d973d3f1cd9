import { ADMIN_PAGE_SIZE, dayRangeInstants, type CalendarDay } from '@fairway/domain';
import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { ActivityParams } from './api/get-activity';

/** Spec §9: searches apply once typing has paused 700 ms. */
export const SEARCH_DEBOUNCE_MS = 700;

export interface ActivityFilterValues {
  siteId: string | null;
  deviceId: string | null;
  /** the first and the last day shown, on the browser's calendar; null = open */
  startDay: CalendarDay | null;
  endDay: CalendarDay | null;
  search: string;
}

const NO_FILTERS: ActivityFilterValues = {
  siteId: null,
  deviceId: null,
  startDay: null,
  endDay: null,
  search: '',
};

/**
 * The viewer's filters (spec §2 Admin → Activity: car, start date, end date, search) and its page. Any
 * change of filter goes back to page 1; a cart belongs to one site, so choosing another site drops the cart.
 */
export function useActivityFilters(timeZone: string) {
  const [filters, setFilters] = useState<ActivityFilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(ADMIN_PAGE_SIZE);
  const search = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);

  const change = (next: Partial<ActivityFilterValues>) => {
    setFilters((current) => {
      const merged = { ...current, ...next };
      if (next.siteId !== undefined && next.siteId !== current.siteId) merged.deviceId = null;
      return merged;
    });
    setPage(1);
  };

  const params: ActivityParams = {
    siteId: filters.siteId ?? undefined,
    deviceId: filters.deviceId ?? undefined,
    // Whole days: from the start day's midnight to the last moment of the end day (the server's end is
    // inclusive).
    startDate: filters.startDay
      ? dayRangeInstants({ from: filters.startDay, to: filters.startDay }, timeZone).from.toISOString()
      : undefined,
    endDate: filters.endDay
      ? new Date(
          dayRangeInstants({ from: filters.endDay, to: filters.endDay }, timeZone).to.getTime() - 1,
        ).toISOString()
      : undefined,
    q: search === '' ? undefined : search,
    page,
    limit,
  };

  return {
    filters,
    change,
    params,
    setPage,
    setLimit: (next: number) => {
      setLimit(next);
      setPage(1);
    },
  };
}
