import { useMemo } from 'react';
import { useOpenDamageReports } from './api/get-open-damage-reports';

const NONE: ReadonlyMap<string, number> = new Map();

/**
 * How many open problem reports each cart of the site has (cart id → count), for the fleet's badges.
 * `enabled` false (a role below user, which may not list reports) answers none without asking.
 */
export function useOpenReportCounts(siteId: string, enabled: boolean): ReadonlyMap<string, number> {
  const open = useOpenDamageReports(siteId, enabled);
  return useMemo(() => {
    if (!enabled || !open.data) return NONE;
    const counts = new Map<string, number>();
    for (const report of open.data) counts.set(report.deviceId, (counts.get(report.deviceId) ?? 0) + 1);
    return counts;
  }, [enabled, open.data]);
}
