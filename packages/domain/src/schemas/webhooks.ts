import { z } from 'zod';
import { id } from './common';

/**
 * Outbound webhooks (issue 23): an API client subscribes per site to events; every delivery is signed
 * (`Fairway-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, the Stripe-style header)
 * and carries the event's id as its idempotency key (`Fairway-Event-Id`).
 */
export const WEBHOOK_EVENT_TYPES = [
  'ride.started',
  'ride.ended',
  'booking.created',
  'booking.changed',
  'booking.cancelled',
  'payment.succeeded',
  'payment.refunded',
  'cart.offline',
  'zone.alert',
] as const;
export const webhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventType>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export const webhookDeliveryStatus = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatus>;

export const WEBHOOK_LIMITS = {
  urlMax: 2_000,
  /** subscriptions per client */
  perClient: 20,
  /** delivery cycles failed in a row before the subscription is disabled */
  failuresBeforeDisable: 5,
  /** a delivery is retried with exponential back-off for this long */
  retryHours: 24,
  /** the receiver must answer within this */
  timeoutMs: 10_000,
  /** the delivery log keeps finished deliveries this long (pending ones until they finish) */
  retentionDays: 30,
} as const;

/** The headers of every delivery. */
export const WEBHOOK_SIGNATURE_HEADER = 'fairway-signature';
export const WEBHOOK_EVENT_ID_HEADER = 'fairway-event-id';

const instant = z.iso.datetime({ offset: true });

/** http(s) only; no credentials in the address. */
export const webhookUrl = z
  .url({ protocol: /^https?$/, message: 'Enter an http or https address' })
  .max(WEBHOOK_LIMITS.urlMax)
  .refine((value) => {
    // Zod runs this check even when the format check above failed; an address that does not parse is
    // already reported there, and `new URL` would throw out of `safeParse` (a 500 instead of a 400).
    // (try rather than URL.canParse, which Safari 16 lacks: the web form runs this schema too.)
    try {
      const url = new URL(value);
      return url.username === '' && url.password === '';
    } catch {
      return true;
    }
  }, 'The address must not contain a user name or password');

export const webhookSubscriptionView = z.object({
  _id: id,
  clientId: id,
  siteId: id,
  url: z.string(),
  events: z.array(webhookEventType),
  enabled: z.boolean(),
  /** the last delivery error when it was switched off automatically (repeated failures); null when enabled or switched off by hand */
  disabledReason: z.string().nullable(),
  disabledAt: instant.nullable(),
  consecutiveFailures: z.number().int(),
  createdAt: instant,
  updatedAt: instant,
});
export type WebhookSubscriptionView = z.infer<typeof webhookSubscriptionView>;

/** The answer to creating a subscription or rotating its secret: the secret, shown this once. */
export const webhookSubscriptionWithSecret = webhookSubscriptionView.extend({
  secret: z.string(),
});
export type WebhookSubscriptionWithSecret = z.infer<typeof webhookSubscriptionWithSecret>;

export const webhookSubscriptionBody = z.object({
  siteId: id,
  url: webhookUrl,
  events: z.array(webhookEventType).min(1, { message: 'Choose at least one event' }),
  enabled: z.boolean().optional(),
});
export type WebhookSubscriptionBody = z.infer<typeof webhookSubscriptionBody>;

export const webhookSubscriptionUpdateBody = webhookSubscriptionBody.omit({ siteId: true }).partial();
export type WebhookSubscriptionUpdateBody = z.infer<typeof webhookSubscriptionUpdateBody>;

export const webhookDeliveryView = z.object({
  _id: id,
  subscriptionId: id,
  eventId: z.string(),
  eventType: webhookEventType,
  status: webhookDeliveryStatus,
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: instant.nullable(),
  nextAttemptAt: instant.nullable(),
  deliveredAt: instant.nullable(),
  createdAt: instant,
  /** the event as sent */
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;

export const webhookDeliveriesQuery = z.object({
  status: webhookDeliveryStatus.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuery>;

export const webhookDeliveriesPage = z.object({
  deliveries: z.array(webhookDeliveryView),
  total: z.number().int(),
});
export type WebhookDeliveriesPage = z.infer<typeof webhookDeliveriesPage>;
