import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBody,
  sandboxAccountId,
  sandboxAccountView,
  sandboxCheckoutId,
  sandboxCheckoutView,
  sandboxDashboardView,
  sandboxOnboardingBody,
  sandboxPayBody,
  sandboxRedirectAnswer,
} from '@fairway/domain';
import type { AppContext } from '../../../context';
import { notFound } from '../../../lib/errors';
import { currentUser, type AuthUser } from '../../../plugins/auth';
import type { SandboxPaymentProvider } from './sandbox-provider';
import { receiptHtml } from './sandbox-receipt';
import { sandboxOf } from '../payment-providers';
import { declareAccess } from '../../../plugins/route-access';

const params = z.object({ id: sandboxAccountId });
const checkoutParams = z.object({ id: sandboxCheckoutId });
/** Any text: a receipt address that is not one of ours is simply unknown (404), as on the provider's site. */
const receiptParams = z.object({ chargeId: z.string().max(64) });

/** The receipt page is self-contained: no script, no outside resource, not framed by other sites. */
const RECEIPT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

/**
 * /api/sandbox — the sandbox provider's side, used by its onboarding, checkout and dashboard pages and its
 * receipts; registered only while it is the provider (no Stripe key). The guest's pages need no login: the
 * checkout or charge id in the address is the guest's own capability, and paying or cancelling acts on that
 * checkout alone. A club's account (its onboarding, balance, payouts and charges) is shown and changed
 * only for the club's admins and superadmins (issue #15: an account id is no secret, staff read it from
 * the sites list). Completing onboarding tells the app the account changed, as Stripe's `account.updated`
 * webhook does.
 */
export async function sandboxProviderRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, 'public');
  const provider = sandboxOf(ctx.payments);
  // With Stripe configured the sandbox's pages do not exist.
  if (!provider) return;
  const sandbox: SandboxPaymentProvider = provider;
  const onboarding = ctx.paymentFlows.onboarding;
  const tags = ['sandbox provider'];
  const accountGuard = { preHandler: app.requireRole('admin') };
  const security = [{ bearer: [] }];
  /** The account, if the signed-in admin's club owns it (a superadmin's every club); else 404 as unknown. */
  const ownAccount = async (user: AuthUser, accountId: string) => {
    const account = await sandbox.account(accountId);
    if (!account || (user.role !== 'superadmin' && !user.sites.includes(account.siteId)))
      throw notFound('Unknown account');
    return account;
  };

  app.get(
    '/accounts/:id',
    {
      ...accountGuard,
      schema: {
        tags,
        security,
        params,
        response: { 200: sandboxAccountView, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const account = await ownAccount(currentUser(request), request.params.id);
      return { id: account.id, businessName: account.businessName, active: account.active };
    },
  );

  app.post(
    '/accounts/:id/complete',
    {
      ...accountGuard,
      schema: {
        tags,
        security,
        params,
        body: sandboxOnboardingBody,
        response: { 200: sandboxAccountView, 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const { id } = request.params;
      await ownAccount(currentUser(request), id);
      if (!(await sandbox.complete(id, request.body.businessName))) throw notFound('Unknown account');
      await onboarding.accountUpdated(id);
      return { id, businessName: request.body.businessName, active: true };
    },
  );

  app.get(
    '/accounts/:id/dashboard',
    {
      ...accountGuard,
      schema: {
        tags,
        security,
        params,
        response: {
          200: sandboxDashboardView,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) => {
      await ownAccount(currentUser(request), request.params.id);
      const dashboard = await sandbox.dashboard(request.params.id);
      if (!dashboard) throw notFound('Unknown account');
      return dashboard;
    },
  );

  app.get(
    '/checkout/:id',
    {
      schema: {
        tags,
        params: checkoutParams,
        response: { 200: sandboxCheckoutView, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => sandbox.checkouts.view(request.params.id),
  );

  app.post(
    '/checkout/:id/pay',
    {
      // A card form: a guest tries a few times at most; many tries from one address are card testing.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        params: checkoutParams,
        body: sandboxPayBody,
        response: {
          200: sandboxRedirectAnswer,
          400: errorBody,
          402: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => sandbox.checkouts.pay(request.params.id, request.body),
  );

  app.post(
    '/checkout/:id/cancel',
    {
      schema: {
        tags,
        params: checkoutParams,
        response: { 200: sandboxRedirectAnswer, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => sandbox.checkouts.cancel(request.params.id),
  );

  app.get(
    '/receipts/:chargeId',
    // HTML, so no response schema; an unknown receipt is the usual JSON 404.
    { schema: { tags, params: receiptParams } },
    async (request, reply) => {
      const receipt = await sandbox.charges.receipt(request.params.chargeId);
      if (!receipt) throw notFound('Unknown receipt');
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', RECEIPT_SECURITY_POLICY)
        .header('cache-control', 'no-store')
        .send(receiptHtml(receipt));
    },
  );
}
