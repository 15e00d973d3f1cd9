import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setCachedZones } from './get-zones';

/** DELETE /api/dashboard/zones/{id}. */
export async function deleteZone(siteId: string, zoneId: string): Promise<void> {
  await apiRequest(`/dashboard/zones/${encodeURIComponent(zoneId)}`, { method: 'DELETE', siteId });
}

export const useDeleteZone = (siteId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (zoneId: string) => deleteZone(siteId, zoneId),
    onSuccess: (_answer, zoneId) =>
      setCachedZones(queryClient, siteId, (zones) => zones.filter((z) => z._id !== zoneId)),
  });
};
