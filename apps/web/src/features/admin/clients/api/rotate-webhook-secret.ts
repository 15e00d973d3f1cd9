import { webhookSubscriptionWithSecret, type WebhookSubscriptionWithSecret } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { webhooksPath, webhooksQueryKey } from './get-webhooks';

/**
 * POST /api/admin/clients/{clientId}/webhooks/{id}/secret: a new signing secret, answered this once; deliveries
 * from now on are signed with it, so the receiver must switch to it.
 */
export async function rotateWebhookSecret(
  clientId: string,
  id: string,
): Promise<WebhookSubscriptionWithSecret> {
  return webhookSubscriptionWithSecret.parse(
    await apiRequest(`${webhooksPath(clientId)}/${encodeURIComponent(id)}/secret`, { method: 'POST' }),
  );
}

export const useRotateWebhookSecret = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => rotateWebhookSecret(clientId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey(clientId) }),
  });
};
