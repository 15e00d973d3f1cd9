import { BATTERY_PAGE_MAX, batteryPage, type BatteryPage, type BatteryReading } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { subDays } from 'date-fns';
import { apiRequest } from '../../../lib/api-client';
import { useSelectedSiteId } from '../../../lib/selected-site';

interface BatteryRequest {
  siteId: string;
  deviceId: string;
  startDate: Date;
  endDate: Date;
  page: number;
}

/** GET /api/dashboard/devices/:id/battery: one page of 5-minute voltage averages, oldest first. */
export async function getBatteryPage(request: BatteryRequest, signal?: AbortSignal): Promise<BatteryPage> {
  const body = await apiRequest(`/dashboard/devices/${encodeURIComponent(request.deviceId)}/battery`, {
    siteId: request.siteId,
    signal,
    query: {
      startDate: request.startDate.toISOString(),
      endDate: request.endDate.toISOString(),
      sort: 'timestamp:asc',
      limit: BATTERY_PAGE_MAX,
      page: request.page,
    },
  });
  return batteryPage.parse(body);
}

/** Every reading of the last `days` days. One page holds 30 days; the loop only guards a longer range. */
export async function getBatteryReadings(
  siteId: string,
  deviceId: string,
  days: number,
  signal?: AbortSignal,
): Promise<BatteryReading[]> {
  const endDate = new Date();
  const startDate = subDays(endDate, days);
  const readings: BatteryReading[] = [];
  let page: number | null = 1;
  while (page !== null) {
    const result = await getBatteryPage({ siteId, deviceId, startDate, endDate, page }, signal);
    readings.push(...result.data);
    page = result.pagination.nextPage;
  }
  return readings;
}

export const batteryReadingsQueryOptions = (siteId: string, deviceId: string, days: number) =>
  queryOptions({
    // The range is "the last N days" from the moment of fetching, so the key holds N, not the dates.
    queryKey: ['site', siteId, 'devices', deviceId, 'battery', days],
    queryFn: ({ signal }) => getBatteryReadings(siteId, deviceId, days, signal),
    // A reading is a 5-minute average; fetching more often than that shows nothing new.
    staleTime: 5 * 60_000,
  });

export function useBatteryReadings(deviceId: string, days: number) {
  const siteId = useSelectedSiteId();
  return useQuery({
    ...batteryReadingsQueryOptions(siteId ?? '', deviceId, days),
    enabled: siteId !== null,
  });
}
