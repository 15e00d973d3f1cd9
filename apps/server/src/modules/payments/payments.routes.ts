import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { balanceAnswer, errorBody, id, paymentView, paymentsPage, paymentsQuery } from '@fairway/domain';
import type { AppContext } from '../../context';
import { publicBase } from '../../lib/public-url';
import { currentSite } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const security = [{ bearer: [], siteId: [] }];

/** /api/dashboard/payments — the selected site's payments ledger, balance and payouts (Revenue report). */
export async function dashboardPaymentRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { payments } = ctx.paymentFlows;
  const tags = ['payments'];

  app.get(
    '/',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: "List the selected site's payments in a date range with totals",
        operationId: 'listPayments',
        tags,
        security,
        description:
          'Payments newest first within [start, end), optionally of one status; `summary` counts the ' +
          "range's succeeded payments (gross and net per currency) whatever the status filter.",
        querystring: paymentsQuery,
        response: { 200: paymentsPage, ...errors },
      },
    },
    (request) => payments.page(currentSite(request), request.query),
  );

  app.get(
    '/balance',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: "Read the club's provider balance and recent payouts",
        operationId: 'getPaymentBalance',
        tags,
        security,
        description: "The club's provider balance, recent payouts and a link to the provider's dashboard.",
        response: { 200: balanceAnswer, ...errors },
      },
    },
    (request) => payments.balance(currentSite(request), publicBase(ctx.config, request)),
  );

  app.post(
    '/:id/refund',
    {
      preHandler: app.requireSite('admin'),
      schema: {
        summary: 'Refund a succeeded card payment in full',
        operationId: 'refundPayment',
        tags,
        security,
        description: 'Refunds a succeeded card payment in full (409 notRefundable otherwise).',
        params: z.object({ id }),
        response: { 200: paymentView, ...errors },
      },
    },
    (request) => payments.refund(currentSite(request), request.params.id),
  );
}
