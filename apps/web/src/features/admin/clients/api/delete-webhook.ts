import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { webhooksPath, webhooksQueryKey } from './get-webhooks';

/** DELETE /api/admin/clients/{clientId}/webhooks/{id}: the receiver gets no more events. */
export async function deleteWebhook(clientId: string, id: string): Promise<void> {
  await apiRequest(`${webhooksPath(clientId)}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export const useDeleteWebhook = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteWebhook(clientId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey(clientId) }),
  });
};
