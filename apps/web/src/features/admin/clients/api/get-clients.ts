import { clientView, type ClientView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client';

export const clientsQueryKey = ['admin', 'clients'] as const;

/** GET /api/admin/clients: the API clients, each with its key's preview and usage (never the key). */
export async function getClients(signal?: AbortSignal): Promise<ClientView[]> {
  return z.array(clientView).parse(await apiRequest('/admin/clients', { signal }));
}

export const clientsQueryOptions = () =>
  queryOptions({ queryKey: clientsQueryKey, queryFn: ({ signal }) => getClients(signal) });

export const useClients = () => useQuery(clientsQueryOptions());
