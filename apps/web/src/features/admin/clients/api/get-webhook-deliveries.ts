import {
  webhookDeliveriesPage,
  type WebhookDeliveriesPage,
  type WebhookDeliveryStatus,
} from '@fairway/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../../lib/api-client';
import { webhooksPath, webhooksQueryKey } from './get-webhooks';

/** The page of the log asked for (domain `webhookDeliveriesQuery`); no status = every status. */
export interface WebhookDeliveriesParams {
  status?: WebhookDeliveryStatus;
  page: number;
  limit: number;
}

/** Under the client's webhooks key: a resend or a change to the subscription refreshes the log too. */
export const webhookDeliveriesQueryKey = (clientId: string, subscriptionId: string) =>
  [...webhooksQueryKey(clientId), subscriptionId, 'deliveries'] as const;

/** GET /api/admin/clients/{clientId}/webhooks/{id}/deliveries: one page of the log, newest first. */
export async function getWebhookDeliveries(
  clientId: string,
  subscriptionId: string,
  params: WebhookDeliveriesParams,
  signal?: AbortSignal,
): Promise<WebhookDeliveriesPage> {
  return webhookDeliveriesPage.parse(
    await apiRequest(`${webhooksPath(clientId)}/${encodeURIComponent(subscriptionId)}/deliveries`, {
      signal,
      query: { ...params },
    }),
  );
}

export const webhookDeliveriesQueryOptions = (
  clientId: string,
  subscriptionId: string,
  params: WebhookDeliveriesParams,
) =>
  queryOptions({
    queryKey: [...webhookDeliveriesQueryKey(clientId, subscriptionId), params],
    queryFn: ({ signal }) => getWebhookDeliveries(clientId, subscriptionId, params, signal),
    // The page in view stays while the next loads, so paging and filtering never blank the table.
    placeholderData: keepPreviousData,
  });

export const useWebhookDeliveries = (
  clientId: string,
  subscriptionId: string,
  params: WebhookDeliveriesParams,
) => useQuery(webhookDeliveriesQueryOptions(clientId, subscriptionId, params));
