import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLIENT_LIMITS,
  WEBHOOK_LIMITS,
  errorBody,
  id,
  rateLimitedBody,
  webhookDeliveriesPage,
  webhookDeliveriesQuery,
  webhookDeliveryView,
  webhookSubscriptionBody,
  webhookSubscriptionUpdateBody,
  webhookSubscriptionView,
  webhookSubscriptionWithSecret,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentClient } from '../../plugins/api-key';
import { SECURITY } from '../../plugins/openapi';
import { declareAccess } from '../../plugins/route-access';
import { WEBHOOK_EXAMPLES as EX } from './webhooks.examples';

const tags = ['webhooks'];
const example = <T extends z.ZodType>(schema: T, value: unknown): T => schema.meta({ example: value });
const noContent = z.null().describe('No content');

const subscriptions = example(z.array(webhookSubscriptionView), EX.subscriptions);
const subscription = example(webhookSubscriptionView, EX.subscription);
const withSecret = example(webhookSubscriptionWithSecret, EX.withSecret);
const createBody = example(webhookSubscriptionBody, EX.body);
const updateBody = example(webhookSubscriptionUpdateBody, EX.update);
const delivery = example(webhookDeliveryView, EX.delivery);
const deliveries = example(webhookDeliveriesPage, EX.deliveries);

/** What every operation says, the console's and the client API's alike (docs/webhooks.md says more). */
const DOCS = {
  list: { summary: "List a client's webhook subscriptions" },
  create: {
    summary: 'Subscribe to a site’s events',
    description:
      'Events of the site (one of the client’s) are POSTed as JSON `{ id, type, created, siteId, data }` to ' +
      '`url`, signed: `Fairway-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` keyed with ' +
      'the subscription’s secret (Stripe’s scheme: Stripe’s libraries verify it), with the event id also in ' +
      '`Fairway-Event-Id` (the same for every retry and resend: deduplicate on it). Any 2xx within ' +
      `${WEBHOOK_LIMITS.timeoutMs / 1000} s acknowledges; anything else is retried with exponential back-off ` +
      `for ${WEBHOOK_LIMITS.retryHours} hours, and a subscription whose deliveries fail ` +
      `${WEBHOOK_LIMITS.failuresBeforeDisable} times in a row is switched off. The answer carries the ` +
      `signing secret, shown this once. At most ${WEBHOOK_LIMITS.perClient} subscriptions per client (409 ` +
      'webhookLimit); a site not the client’s answers 400 siteNotOfClient.',
  },
  update: {
    summary: 'Change a webhook subscription',
    description:
      'Switching it on again (`enabled: true`) clears its failures and why it was switched off; switching it ' +
      'off by hand stops deliveries (pending ones end failed).',
  },
  remove: { summary: 'Delete a webhook subscription', description: 'Its delivery log goes with it.' },
  rotate: {
    summary: 'Make a new signing secret',
    description: 'Answers the new secret, shown this once; every delivery from now on is signed with it.',
  },
  deliveries: {
    summary: "A webhook subscription's delivery log",
    description: 'Newest first, with each event exactly as it is sent; `status` filters.',
  },
  resend: {
    summary: 'Send a delivery again',
    description:
      'With the same event id (the receiver’s idempotency key), retried for another ' +
      `${WEBHOOK_LIMITS.retryHours} hours. 409 webhookDisabled while the subscription is switched off.`,
  },
} as const;

/**
 * /api/admin/clients/{clientId}/webhooks — a client's webhook subscriptions and their delivery logs in the
 * superadmin console (issue 23 item 2).
 */
export async function adminWebhookRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.webhooks.subscriptions;
  declareAccess(app, { role: 'superadmin', site: false });
  const security = SECURITY.bearer;
  const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
  const ofClient = z.object({ clientId: id });
  const ofSubscription = z.object({ clientId: id, id });
  const ofDelivery = z.object({ clientId: id, id, deliveryId: id });

  app.get(
    '/:clientId/webhooks',
    {
      schema: {
        tags,
        security,
        ...DOCS.list,
        operationId: 'listClientWebhooks',
        params: ofClient,
        response: { 200: subscriptions, ...errors },
      },
    },
    (request) => service.list(request.params.clientId),
  );

  app.post(
    '/:clientId/webhooks',
    {
      schema: {
        tags,
        security,
        ...DOCS.create,
        operationId: 'createClientWebhook',
        params: ofClient,
        body: createBody,
        response: { 201: withSecret, ...errors, 409: errorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(request.params.clientId, request.body)),
  );

  app.put(
    '/:clientId/webhooks/:id',
    {
      schema: {
        tags,
        security,
        ...DOCS.update,
        operationId: 'updateClientWebhook',
        params: ofSubscription,
        body: updateBody,
        response: { 200: subscription, ...errors },
      },
    },
    (request) => service.update(request.params.clientId, request.params.id, request.body),
  );

  app.delete(
    '/:clientId/webhooks/:id',
    {
      schema: {
        tags,
        security,
        ...DOCS.remove,
        operationId: 'deleteClientWebhook',
        params: ofSubscription,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(request.params.clientId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:clientId/webhooks/:id/secret',
    {
      schema: {
        tags,
        security,
        ...DOCS.rotate,
        operationId: 'rotateClientWebhookSecret',
        params: ofSubscription,
        response: { 200: withSecret, ...errors },
      },
    },
    (request) => service.rotateSecret(request.params.clientId, request.params.id),
  );

  app.get(
    '/:clientId/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        security,
        ...DOCS.deliveries,
        operationId: 'listClientWebhookDeliveries',
        params: ofSubscription,
        querystring: webhookDeliveriesQuery,
        response: { 200: deliveries, ...errors },
      },
    },
    (request) => service.deliveries(request.params.clientId, request.params.id, request.query),
  );

  app.post(
    '/:clientId/webhooks/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        tags,
        security,
        ...DOCS.resend,
        operationId: 'resendClientWebhookDelivery',
        params: ofDelivery,
        response: { 202: delivery, ...errors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const { clientId, id: subscriptionId, deliveryId } = request.params;
      return reply.code(202).send(await service.resend(clientId, subscriptionId, deliveryId));
    },
  );
}

/**
 * /api/client/v1/webhooks — the same for the client itself, with its key (issue 23 item 2): it sees and
 * changes only its own subscriptions, for its own sites, rate limited per key like the rest of the client API.
 */
export async function clientWebhookRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.webhooks.subscriptions;
  declareAccess(app, 'apiKey');
  const security = SECURITY.apiKey;
  const refusal = example(errorBody, EX.error);
  const errors = { 400: refusal, 401: refusal, 404: refusal, 429: rateLimitedBody };
  const config = { rateLimit: { max: CLIENT_LIMITS.requestsPerMinute, timeWindow: '1 minute' } };
  const ofSubscription = z.object({ id });
  const ofDelivery = z.object({ id, deliveryId: id });

  app.get(
    '/',
    {
      config,
      schema: {
        tags,
        security,
        ...DOCS.list,
        summary: "List the client's webhook subscriptions",
        operationId: 'clientListWebhooks',
        response: { 200: subscriptions, ...errors },
      },
    },
    (request) => service.list(currentClient(request).id),
  );

  app.post(
    '/',
    {
      config,
      schema: {
        tags,
        security,
        ...DOCS.create,
        operationId: 'clientCreateWebhook',
        body: createBody,
        response: { 201: withSecret, ...errors, 409: refusal },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(currentClient(request).id, request.body)),
  );

  app.put(
    '/:id',
    {
      config,
      schema: {
        tags,
        security,
        ...DOCS.update,
        operationId: 'clientUpdateWebhook',
        params: ofSubscription,
        body: updateBody,
        response: { 200: subscription, ...errors },
      },
    },
    (request) => service.update(currentClient(request).id, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      config,
      schema: {
        tags,
        security,
        ...DOCS.remove,
        operationId: 'clientDeleteWebhook',
        params: ofSubscription,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await service.remove(currentClient(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:id/secret',
    {
      config,
      schema: {
        tags,
        security,
        ...DOCS.rotate,
        operationId: 'clientRotateWebhookSecret',
        params: ofSubscription,
        response: { 200: withSecret, ...errors },
      },
    },
    (request) => service.rotateSecret(currentClient(request).id, request.params.id),
  );

  app.get(
    '/:id/deliveries',
    {
      config,
      schema: {
        tags,
        security,
        ...DOCS.deliveries,
        operationId: 'clientListWebhookDeliveries',
        params: ofSubscription,
        querystring: webhookDeliveriesQuery,
        response: { 200: deliveries, ...errors },
      },
    },
    (request) => service.deliveries(currentClient(request).id, request.params.id, request.query),
  );

  app.post(
    '/:id/deliveries/:deliveryId/resend',
    {
      config,
      schema: {
        tags,
        security,
        ...DOCS.resend,
        operationId: 'clientResendWebhookDelivery',
        params: ofDelivery,
        response: { 202: delivery, ...errors, 409: refusal },
      },
    },
    async (request, reply) => {
      const { id: subscriptionId, deliveryId } = request.params;
      return reply
        .code(202)
        .send(await service.resend(currentClient(request).id, subscriptionId, deliveryId));
    },
  );
}
