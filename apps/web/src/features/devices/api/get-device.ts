import { cartView, type CartView } from '@fairway/domain';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/dashboard/devices/{id}: one cart as the server knows it now. */
export async function getDevice(siteId: string, deviceId: string, signal?: AbortSignal): Promise<CartView> {
  return cartView.parse(
    await apiRequest(`/dashboard/devices/${encodeURIComponent(deviceId)}`, { siteId, signal }),
  );
}

/** No caching: it is asked for when the browser's copy of the cart turned out to be stale. */
export const deviceQueryOptions = (siteId: string, deviceId: string) =>
  queryOptions({
    queryKey: ['site', siteId, 'devices', deviceId],
    queryFn: ({ signal }) => getDevice(siteId, deviceId, signal),
    staleTime: 0,
  });
