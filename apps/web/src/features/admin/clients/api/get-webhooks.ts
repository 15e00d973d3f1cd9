import { webhookSubscriptionView, type WebhookSubscriptionView } from '@fairway/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../../lib/api-client';
import { clientsQueryKey } from './get-clients';

/** A client's subscriptions and, below them, their delivery logs: one mutation invalidates them together. */
export const webhooksQueryKey = (clientId: string) => [...clientsQueryKey, clientId, 'webhooks'] as const;

export const webhooksPath = (clientId: string) => `/admin/clients/${encodeURIComponent(clientId)}/webhooks`;

/** GET /api/admin/clients/{clientId}/webhooks: the client's subscriptions (never their secrets). */
export async function getWebhooks(
  clientId: string,
  signal?: AbortSignal,
): Promise<WebhookSubscriptionView[]> {
  return z.array(webhookSubscriptionView).parse(await apiRequest(webhooksPath(clientId), { signal }));
}

export const webhooksQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: webhooksQueryKey(clientId),
    queryFn: ({ signal }) => getWebhooks(clientId, signal),
  });

export const useWebhooks = (clientId: string) => useQuery(webhooksQueryOptions(clientId));
