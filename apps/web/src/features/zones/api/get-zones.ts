import { zoneView, type ZoneView } from '@fairway/domain';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/dashboard/zones: the site's parking, restriction and geofence polygons. */
export async function getZones(siteId: string, signal?: AbortSignal): Promise<ZoneView[]> {
  return z.array(zoneView).parse(await apiRequest('/dashboard/zones', { siteId, signal }));
}

export const zonesQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: ['site', siteId, 'zones'],
    queryFn: ({ signal }) => getZones(siteId, signal),
    // The socket's 'zones:update' keeps the list current, so there is no reason to refetch on focus.
    staleTime: Infinity,
  });

export const useZones = (siteId: string) => useQuery(zonesQueryOptions(siteId));

/** Every writer (the mutations' answers, the socket) replaces or edits the one cached list. */
export const setCachedZones = (
  queryClient: QueryClient,
  siteId: string,
  update: (zones: ZoneView[]) => ZoneView[],
) => queryClient.setQueryData(zonesQueryOptions(siteId).queryKey, (zones) => (zones ? update(zones) : zones));
