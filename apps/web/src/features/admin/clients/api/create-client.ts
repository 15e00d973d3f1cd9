import { clientSaved, type ClientBody, type ClientSaved } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { clientsQueryKey } from './get-clients';

/** POST /api/admin/clients: the new client and, this once, its API key. */
export async function createClient(body: ClientBody): Promise<ClientSaved> {
  return clientSaved.parse(await apiRequest('/admin/clients', { method: 'POST', body }));
}

export const useCreateClient = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
};
