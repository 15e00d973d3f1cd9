import { webhookDeliveryView, type WebhookDeliveryView } from '@fairway/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { webhooksPath } from './get-webhooks';
import { webhookDeliveriesQueryKey } from './get-webhook-deliveries';

/**
 * POST /api/admin/clients/{clientId}/webhooks/{id}/deliveries/{deliveryId}/resend: the event is queued to be
 * sent again (202); the answer is the delivery as it now stands.
 */
export async function resendWebhookDelivery(
  clientId: string,
  subscriptionId: string,
  deliveryId: string,
): Promise<WebhookDeliveryView> {
  const path = `${webhooksPath(clientId)}/${encodeURIComponent(subscriptionId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`;
  return webhookDeliveryView.parse(await apiRequest(path, { method: 'POST' }));
}

export const useResendWebhookDelivery = (clientId: string, subscriptionId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) => resendWebhookDelivery(clientId, subscriptionId, deliveryId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookDeliveriesQueryKey(clientId, subscriptionId) }),
  });
};
