import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, sandboxAccountId, sandboxAccountView, sandboxOnboardingBody } from '@fairway/domain';
import type { AppContext } from '../../../context';
import { notFound } from '../../../lib/errors';
import type { SandboxPaymentProvider } from './sandbox-provider';
import { OnboardingService } from '../onboarding.service';
import { sandboxOf } from '../payment-providers';

const params = z.object({ id: sandboxAccountId });

/**
 * /api/sandbox — the sandbox provider's side, used by its onboarding page. Like the provider's hosted pages
 * it needs no Fairway login: the account id in the address is the secret. Completing onboarding tells the
 * app the account changed, as Stripe's `account.updated` webhook does.
 */
export async function sandboxProviderRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const provider = sandboxOf(ctx.payments);
  // With Stripe configured the sandbox's pages do not exist.
  if (!provider) return;
  const sandbox: SandboxPaymentProvider = provider;
  const onboarding = new OnboardingService(ctx.db, sandbox, ctx.config.publicUrl);
  const tags = ['sandbox provider'];

  app.get(
    '/accounts/:id',
    { schema: { tags, params, response: { 200: sandboxAccountView, 400: errorBody, 404: errorBody } } },
    async (request) => {
      const account = await sandbox.account(request.params.id);
      if (!account) throw notFound('Unknown account');
      return { id: account.id, businessName: account.businessName, active: account.active };
    },
  );

  app.post(
    '/accounts/:id/complete',
    {
      schema: {
        tags,
        params,
        body: sandboxOnboardingBody,
        response: { 200: sandboxAccountView, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await sandbox.complete(id, request.body.businessName))) throw notFound('Unknown account');
      await onboarding.accountUpdated(id);
      return { id, businessName: request.body.businessName, active: true };
    },
  );
}
