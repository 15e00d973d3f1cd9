import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { clientsQueryKey } from './get-clients';

/** DELETE /api/admin/clients/{id}: the client's key stops working at once. */
export async function deleteClient(clientId: string): Promise<void> {
  await apiRequest(`/admin/clients/${encodeURIComponent(clientId)}`, { method: 'DELETE' });
}

export const useDeleteClient = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
};
