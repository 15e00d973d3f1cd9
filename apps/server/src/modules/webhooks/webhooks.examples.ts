/**
 * Examples for the webhooks' part of the OpenAPI document (the client API's and the console's): one
 * subscription of the client API's example club and one delivery of a booking event, consistent with
 * clients/client-api.examples.ts. The test holds each to its schema.
 */
import { CLIENT_API_EXAMPLES } from '../clients/client-api.examples';

const CLIENT = '0d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';
const SITE = '3f1c2a9e-6b7d-4c51-9a0e-2d8f4b6c1e07';
const SUBSCRIPTION = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const DELIVERY = '1f2e3d4c-5b6a-4978-8877-665544332211';
const EVENT = 'evt_6f1d0c3b2a5e4d7c8b9a0f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6e5f4';

const subscription = {
  _id: SUBSCRIPTION,
  clientId: CLIENT,
  siteId: SITE,
  url: 'https://booking.example.com/fairway/webhooks',
  events: ['booking.created', 'booking.changed', 'booking.cancelled', 'ride.started', 'ride.ended'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  consecutiveFailures: 0,
  createdAt: '2026-05-20T08:00:00.000Z',
  updatedAt: '2026-05-20T08:00:00.000Z',
};

const delivery = {
  _id: DELIVERY,
  subscriptionId: SUBSCRIPTION,
  eventId: EVENT,
  eventType: 'booking.created',
  status: 'succeeded',
  attempts: 1,
  lastStatusCode: 200,
  lastError: null,
  lastAttemptAt: '2026-05-21T09:15:02.000Z',
  nextAttemptAt: null,
  deliveredAt: '2026-05-21T09:15:02.000Z',
  createdAt: '2026-05-21T09:15:01.000Z',
  payload: {
    id: EVENT,
    type: 'booking.created',
    created: '2026-05-21T09:15:01.000Z',
    siteId: SITE,
    // The booking as the client API shows it: the same object the receiver can read back.
    data: CLIENT_API_EXAMPLES.booking,
  },
};

export const WEBHOOK_EXAMPLES = {
  subscriptions: [subscription],
  subscription,
  withSecret: { ...subscription, secret: 'whsec_3q2-7wEjVbG0mC5x1zY8rKpLnT4sUaD6fH9iJkOeQvR' },
  body: {
    siteId: SITE,
    url: 'https://booking.example.com/fairway/webhooks',
    events: ['booking.created', 'booking.changed', 'booking.cancelled', 'ride.started', 'ride.ended'],
  },
  update: { enabled: true },
  delivery,
  deliveries: { deliveries: [delivery], total: 1 },
  error: { message: 'Webhook subscription not found', code: 'webhookNotFound' },
} as const;
