import { cartView, type CartView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/dashboard/devices: every cart of the site. Live changes then arrive over the socket. */
export async function getDevices(siteId: string, signal?: AbortSignal): Promise<CartView[]> {
  return z.array(cartView).parse(await apiRequest('/dashboard/devices', { siteId, signal }));
}

export const devicesQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: ['site', siteId, 'devices'],
    queryFn: ({ signal }) => getDevices(siteId, signal),
  });

export const useDevices = (siteId: string | null) =>
  useQuery({ ...devicesQueryOptions(siteId ?? ''), enabled: siteId !== null });
