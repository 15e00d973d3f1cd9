import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminBulkAnswer,
  adminBulkIds,
  adminPaymentsDeleted,
  adminPaymentsPage,
  adminPaymentsPatchBody,
  adminPaymentsQuery,
  errorBody,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { SECURITY } from '../../plugins/openapi';
import { currentUser } from '../../plugins/auth';
import { declareAccess } from '../../plugins/route-access';

const tags = ['admin'];
const security = SECURITY.bearer;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** /api/admin/payments — every site's payments for the platform admins (spec §7 Admin); superadmins only. */
export async function adminPaymentRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.adminPayments;
  declareAccess(app, { role: 'superadmin', site: false });

  app.get(
    '/',
    {
      schema: {
        summary: 'List payments across sites, filtered, sorted and paged',
        operationId: 'adminListPayments',
        tags,
        security,
        description:
          'All sites, or one (`siteId`). `start`/`end` select payments created in [start, end); `status` may ' +
          'repeat; `method` and `purpose` narrow further. Sorted by `sort` in `dir` order, newest first.',
        querystring: adminPaymentsQuery,
        response: { 200: adminPaymentsPage, ...errors },
      },
    },
    (request) => service.list(request.query),
  );

  app.patch(
    '/',
    {
      schema: {
        summary: 'End the open checkouts of several payments',
        operationId: 'adminUpdatePayments',
        tags,
        security,
        description:
          '`updateData` is `{ status: "cancelled" }`: each open checkout is ended at the payment provider, ' +
          "whose webhook then records the payment cancelled. Amounts, fees and customers are the provider's " +
          'record and cannot be changed; payments without an open checkout are skipped with the reason.',
        body: adminPaymentsPatchBody,
        response: { 200: adminBulkAnswer, ...errors },
      },
    },
    (request) => service.endCheckouts(currentUser(request), request.body.ids),
  );

  app.post(
    '/bulk',
    {
      schema: {
        summary: 'Delete several payments whose checkout ended unpaid',
        operationId: 'adminDeletePayments',
        tags,
        security,
        description:
          'Only cancelled payments that were never paid or refunded can be deleted. All or none: if any of ' +
          'the ids is a paid, refunded or still payable payment, nothing is deleted and 409 paymentsKept ' +
          'names them. Unknown ids are skipped.',
        body: adminBulkIds,
        response: { 200: adminPaymentsDeleted, ...errors, 409: errorBody },
      },
    },
    (request) => service.deleteMany(currentUser(request), request.body.ids),
  );
}
