import { zonePublishResult, type ZonePublishResult } from '@fairway/domain';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/dashboard/zones/publish: the site's zones into every cart's config (offline carts on reconnect). */
export async function publishZones(siteId: string): Promise<ZonePublishResult> {
  return zonePublishResult.parse(await apiRequest('/dashboard/zones/publish', { method: 'POST', siteId }));
}

export const usePublishZones = (siteId: string) => useMutation({ mutationFn: () => publishZones(siteId) });
