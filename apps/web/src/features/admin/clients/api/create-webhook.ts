import {
  webhookSubscriptionWithSecret,
  type WebhookSubscriptionBody,
  type WebhookSubscriptionWithSecret,
} from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { webhooksPath, webhooksQueryKey } from './get-webhooks';

/** POST /api/admin/clients/{clientId}/webhooks: the new subscription and, this once, its signing secret. */
export async function createWebhook(
  clientId: string,
  body: WebhookSubscriptionBody,
): Promise<WebhookSubscriptionWithSecret> {
  return webhookSubscriptionWithSecret.parse(
    await apiRequest(webhooksPath(clientId), { method: 'POST', body }),
  );
}

export const useCreateWebhook = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookSubscriptionBody) => createWebhook(clientId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey(clientId) }),
  });
};
