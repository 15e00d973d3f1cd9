import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutSessionAnswer, checkoutSessionBody, errorBody, guestPaymentView } from '@fairway/domain';
import type { AppContext } from '../../context';
import { requestOrigin } from '../../lib/public-url';
import { declareAccess } from '../../plugins/route-access';
import { SECURITY } from '../../plugins/openapi';

/** Guest payment calls (spec §7 Guest): start a checkout for a cart, and follow the payment afterwards. */
export async function guestPaymentRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, 'public');
  const { checkout } = ctx.paymentFlows;
  const tags = ['guest'];

  app.post(
    '/stripe/generate-checkout-session',
    {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        summary: 'Start a hosted card checkout for a guest ride',
        operationId: 'createGuestCheckout',
        security: SECURITY.guest,
        tags,
        description:
          "Starts the provider's hosted checkout for a ride on a cart at one of the club's guest prices. The " +
          "amount is the catalogue's price plus the site's unlock fee; the cart must be AVAILABLE (spec §4); " +
          'the cart unlocks only when the provider confirms the payment.',
        body: checkoutSessionBody,
        response: {
          200: checkoutSessionAnswer,
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
          503: errorBody,
        },
      },
    },
    // Return addresses may point at PUBLIC_URL or at the address this request came to (a phone on the
    // club's network); the sandbox's checkout page is served at the latter when PUBLIC_URL is unset.
    (request) =>
      checkout.create(request.body, [new URL(ctx.config.publicUrl).origin, requestOrigin(request)]),
  );

  app.get(
    '/payments/:id',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        summary: "Read a guest's payment and the ride it bought",
        operationId: 'getGuestPayment',
        security: SECURITY.guest,
        tags,
        description:
          "A guest's own payment, by its id or its checkout session id (the provider's success address " +
          'carries the session id): status, refund and the ride it bought.',
        params: z.object({ id: z.string().min(1).max(255) }),
        response: { 200: guestPaymentView, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    (request) => checkout.guestPayment(request.params.id),
  );
}
