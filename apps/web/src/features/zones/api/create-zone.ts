import { zoneView, type ZoneCreateBody, type ZoneView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setCachedZones } from './get-zones';

/** POST /api/dashboard/zones: 400 names an invalid outline, 403 a geofence below admin. */
export async function createZone(siteId: string, body: ZoneCreateBody): Promise<ZoneView> {
  return zoneView.parse(await apiRequest('/dashboard/zones', { method: 'POST', siteId, body }));
}

export const useCreateZone = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ZoneCreateBody) => createZone(siteId, body),
    onSuccess: (zone) =>
      setCachedZones(queryClient, siteId, (zones) => [...zones.filter((z) => z._id !== zone._id), zone]),
  });
};
