import {
  webhookSubscriptionView,
  type WebhookSubscriptionUpdateBody,
  type WebhookSubscriptionView,
} from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { webhooksPath, webhooksQueryKey } from './get-webhooks';

/** PUT /api/admin/clients/{clientId}/webhooks/{id}: the address, the events or on/off (its site stays). */
export async function updateWebhook(
  clientId: string,
  id: string,
  body: WebhookSubscriptionUpdateBody,
): Promise<WebhookSubscriptionView> {
  return webhookSubscriptionView.parse(
    await apiRequest(`${webhooksPath(clientId)}/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  );
}

export const useUpdateWebhook = (clientId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: WebhookSubscriptionUpdateBody }) =>
      updateWebhook(clientId, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhooksQueryKey(clientId) }),
  });
};
