import { serviceView, type ServiceView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/dashboard/services: the site's services by name, each with its prices and the site's currency. */
export async function getServices(siteId: string, signal?: AbortSignal): Promise<ServiceView[]> {
  return z.array(serviceView).parse(await apiRequest('/dashboard/services', { siteId, signal }));
}

export const servicesQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: ['site', siteId, 'services'],
    queryFn: ({ signal }) => getServices(siteId, signal),
  });

export const useServices = (siteId: string) => useQuery(servicesQueryOptions(siteId));
