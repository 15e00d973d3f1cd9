import { damageReportView, type DamageReportView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { damageReportsKey } from './damage-report-keys';

/** GET /api/dashboard/damage-reports/devices/{id}: a cart's reports, open ones first, newest first. */
export async function getCartDamageReports(
  siteId: string,
  deviceId: string,
  signal?: AbortSignal,
): Promise<DamageReportView[]> {
  return z.array(damageReportView).parse(
    await apiRequest(`/dashboard/damage-reports/devices/${encodeURIComponent(deviceId)}`, {
      siteId,
      signal,
    }),
  );
}

export const cartDamageReportsQueryOptions = (siteId: string, deviceId: string) =>
  queryOptions({
    queryKey: [...damageReportsKey(siteId), 'cart', deviceId],
    queryFn: ({ signal }) => getCartDamageReports(siteId, deviceId, signal),
    // Photo addresses are signed for an hour: a list older than a few minutes is asked again when shown.
    staleTime: 5 * 60_000,
  });

export const useCartDamageReports = (siteId: string, deviceId: string) =>
  useQuery(cartDamageReportsQueryOptions(siteId, deviceId));
