import { adminDevicePage, type AdminDevicePage, type AdminDeviceQuery } from '@fairway/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';

/** Every Device Manager list shares this prefix, so a bulk action or a replacement refreshes all of them. */
export const adminDevicesQueryKey = ['admin', 'devices'] as const;

/** 'All' (5,000 trackers) is a larger answer than an ordinary call. */
const LIST_TIMEOUT_MS = 60_000;

/** Filled in by the page; the search is left out when empty. */
export type AdminDeviceListQuery = Omit<AdminDeviceQuery, 'q'> & { q?: string };

/** GET /api/admin/devices: one page of trackers of every site, sorted and searched by the server. */
export async function getAdminDevices(
  query: AdminDeviceListQuery,
  signal?: AbortSignal,
): Promise<AdminDevicePage> {
  return adminDevicePage.parse(
    await apiRequest('/admin/devices', {
      query: { ...query, q: query.q || undefined },
      signal,
      timeoutMs: LIST_TIMEOUT_MS,
    }),
  );
}

export const adminDevicesQueryOptions = (query: AdminDeviceListQuery) =>
  queryOptions({
    queryKey: [...adminDevicesQueryKey, 'list', query] as const,
    queryFn: ({ signal }) => getAdminDevices(query, signal),
    // A new page, sort or search keeps the rows in view until its answer arrives.
    placeholderData: keepPreviousData,
  });

export const useAdminDevices = (query: AdminDeviceListQuery) => useQuery(adminDevicesQueryOptions(query));
