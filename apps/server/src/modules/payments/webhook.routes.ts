import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@fairway/domain';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/errors';
import { WebhookSignatureError } from './payment-provider';
import { declareAccess } from '../../plugins/route-access';
import { SECURITY } from '../../plugins/openapi';

/**
 * /api/payments/webhook — the payment provider's webhooks (Stripe's, and the sandbox's in the same format).
 * The signature is checked over the raw body, so this plugin reads JSON as bytes. The event is stored
 * before the 200; processing follows at once, and a failure there is retried by the sweep, never by
 * answering the provider with an error (which would only make it redeliver what is already stored).
 */
export async function paymentWebhookRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, 'public');
  const { webhooks } = ctx.paymentFlows;
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/webhook',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        summary: 'Receive a payment provider webhook (signed)',
        operationId: 'receivePaymentWebhook',
        security: SECURITY.public,
        tags: ['payments'],
        description: 'Provider webhooks, verified by the Stripe-Signature header.',
        response: { 200: z.object({ received: z.literal(true) }), 400: errorBody },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new HttpError(400, 'Expected a JSON body', 'webhookBody');
      const signature = request.headers['stripe-signature'];
      let received;
      try {
        received = await webhooks.receive(
          request.body,
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        if (error instanceof WebhookSignatureError)
          throw new HttpError(400, error.message, 'webhookSignature');
        throw error;
      }
      if (!received.isNew) request.log.info({ eventId: received.event.id }, 'webhook redelivered');
      // A redelivery of an event whose processing failed earlier gets another try now; one already
      // processed is skipped inside (the row lock and its processed mark make this safe to repeat).
      await webhooks.process(received.event.id);
      return { received: true as const };
    },
  );
}
