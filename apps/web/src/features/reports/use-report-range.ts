import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSelectedSiteId } from '../../lib/selected-site';
import { useSite } from '../sites';
import {
  browserTimeZone,
  rangeFromParams,
  rangeInstants,
  RANGE_PARAMS,
  resolveTimeZone,
  todayIn,
  type CalendarDay,
  type DayRange,
} from './lib/report-range';

/** The reports' period as the pages need it: its days, and the instants the server is asked for. */
export interface ReportRange extends DayRange {
  /** ISO instant: the first day's midnight in the site's time zone */
  start: string;
  /** ISO instant: midnight after the last day (the range is half-open) */
  end: string;
  timeZone: string;
  /** the site's date now, which the presets count from */
  today: CalendarDay;
}

/**
 * The zone the site's days are counted in; null while the site is still loading, so a page does not ask for
 * a period in the browser's zone and then again in the site's. A site that fails to load leaves the browser's.
 */
function useReportTimeZone(): string | null {
  const siteId = useSelectedSiteId();
  const site = useSite(siteId);
  if (!siteId) return browserTimeZone();
  if (site.data) return resolveTimeZone(site.data.timezone);
  return site.isPending ? null : browserTimeZone();
}

/**
 * The period chosen in the reports' drawer, read from the address (`start`, `end`); the current month by
 * default. Null until the site's time zone is known.
 */
export function useReportRange(): ReportRange | null {
  const [params] = useSearchParams();
  const timeZone = useReportTimeZone();
  const today = timeZone ? todayIn(new Date(), timeZone) : null;
  const search = params.toString();
  return useMemo(() => {
    if (!timeZone || !today) return null;
    const days = rangeFromParams(new URLSearchParams(search), today);
    return { ...days, ...rangeInstants(days, timeZone), timeZone, today };
  }, [search, timeZone, today]);
}

/**
 * Puts a period in the address, keeping any other parameter. It replaces the history entry: Back leaves the
 * reports instead of stepping through every period tried.
 */
export function useSetReportRange(): (range: DayRange) => void {
  const [, setParams] = useSearchParams();
  return useCallback(
    (range: DayRange) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(RANGE_PARAMS.from, range.from);
          next.set(RANGE_PARAMS.to, range.to);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
}
