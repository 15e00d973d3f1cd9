import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, onboardAnswer, onboardBody } from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentSite } from '../../plugins/auth';
import { publicBase } from '../../lib/public-url';

/** /api/dashboard/sites/stripe — the club's payment provider account. */
export async function dashboardOnboardingRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.paymentFlows.onboarding;

  app.post(
    '/onboard',
    {
      preHandler: app.requireSite('admin'),
      schema: {
        summary: "Start the payment provider's onboarding for the selected site",
        operationId: 'startPaymentOnboarding',
        tags: ['payments'],
        security: [{ bearer: [], siteId: [] }],
        description:
          "The payment provider's onboarding address for the selected site; the browser goes there and comes " +
          'back to /settings/booking. Creates the connected account on the first call.',
        body: onboardBody,
        response: { 200: onboardAnswer, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    (request) => service.onboard(currentSite(request), publicBase(ctx.config, request)),
  );
}
