import { damageReportView, type DamageReportView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { damageReportsKey } from './damage-report-keys';

/** GET /api/dashboard/damage-reports: the site's open reports, newest first (the fleet's badges). */
export async function getOpenDamageReports(
  siteId: string,
  signal?: AbortSignal,
): Promise<DamageReportView[]> {
  return z.array(damageReportView).parse(await apiRequest('/dashboard/damage-reports', { siteId, signal }));
}

export const openDamageReportsQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: [...damageReportsKey(siteId), 'open'],
    queryFn: ({ signal }) => getOpenDamageReports(siteId, signal),
    // The socket's damage-report:update refreshes it; nothing else changes it.
    staleTime: 5 * 60_000,
  });

/** Only asked when `enabled` (roles below user may not list reports). */
export const useOpenDamageReports = (siteId: string, enabled = true) =>
  useQuery({ ...openDamageReportsQueryOptions(siteId), enabled });
