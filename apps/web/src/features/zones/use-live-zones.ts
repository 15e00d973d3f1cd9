import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '../realtime';
import { zonesQueryOptions } from './api/get-zones';

/** Keeps the cached zone list of `siteId` current with the socket's 'zones:update' (full lists). */
export function useLiveZones(siteId: string): void {
  const queryClient = useQueryClient();
  useSocketEvent('zones:update', (payload) => {
    if (payload.siteId === siteId)
      queryClient.setQueryData(zonesQueryOptions(siteId).queryKey, payload.zones);
  });
}
