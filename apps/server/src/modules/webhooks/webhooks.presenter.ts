import type {
  WebhookDeliveryView,
  WebhookSubscriptionView,
  WebhookSubscriptionWithSecret,
} from '@fairway/domain';
import type { WebhookDeliveryRow, WebhookSubscriptionRow } from './webhooks.repository';

const iso = (value: Date | null): string | null => (value ? value.toISOString() : null);

/** A subscription as its client and the console see it; the signing secret only when just made. */
export const toWebhookSubscriptionView = (row: WebhookSubscriptionRow): WebhookSubscriptionView => ({
  _id: row.id,
  clientId: row.clientId,
  siteId: row.siteId,
  url: row.url,
  events: row.events,
  enabled: row.enabled,
  disabledReason: row.disabledReason,
  disabledAt: iso(row.disabledAt),
  consecutiveFailures: row.consecutiveFailures,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export const toWebhookSubscriptionWithSecret = (
  row: WebhookSubscriptionRow,
): WebhookSubscriptionWithSecret => ({
  ...toWebhookSubscriptionView(row),
  secret: row.secret,
});

/** One line of the delivery log, with the event exactly as it is sent. */
export const toWebhookDeliveryView = (row: WebhookDeliveryRow): WebhookDeliveryView => ({
  _id: row.id,
  subscriptionId: row.subscriptionId,
  eventId: row.eventId,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  lastStatusCode: row.lastStatusCode,
  lastError: row.lastError,
  lastAttemptAt: iso(row.lastAttemptAt),
  nextAttemptAt: iso(row.nextAttemptAt),
  deliveredAt: iso(row.deliveredAt),
  createdAt: row.createdAt.toISOString(),
  payload: row.payload,
});
