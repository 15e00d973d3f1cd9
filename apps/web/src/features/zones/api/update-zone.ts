import { zoneView, type ZonePatchBody, type ZoneView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setCachedZones } from './get-zones';

/** PATCH /api/dashboard/zones/{id}: a new outline and/or type. */
export async function updateZone(siteId: string, zoneId: string, body: ZonePatchBody): Promise<ZoneView> {
  return zoneView.parse(
    await apiRequest(`/dashboard/zones/${encodeURIComponent(zoneId)}`, { method: 'PATCH', siteId, body }),
  );
}

export const useUpdateZone = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ zoneId, body }: { zoneId: string; body: ZonePatchBody }) =>
      updateZone(siteId, zoneId, body),
    onSuccess: (zone) =>
      setCachedZones(queryClient, siteId, (zones) => zones.map((z) => (z._id === zone._id ? zone : z))),
  });
};
