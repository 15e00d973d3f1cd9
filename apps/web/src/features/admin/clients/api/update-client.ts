import { clientSaved, type ClientPatchBody, type ClientSaved } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { clientsQueryKey } from './get-clients';

/**
 * PATCH /api/admin/clients/{id}: name, sites, or `regenerateKey: true`, which answers the new key once and
 * stops the old one at once.
 */
export async function updateClient(clientId: string, body: ClientPatchBody): Promise<ClientSaved> {
  return clientSaved.parse(
    await apiRequest(`/admin/clients/${encodeURIComponent(clientId)}`, { method: 'PATCH', body }),
  );
}

export const useUpdateClient = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, body }: { clientId: string; body: ClientPatchBody }) =>
      updateClient(clientId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
};
