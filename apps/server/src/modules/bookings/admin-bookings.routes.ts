import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminBookingsPage,
  adminBookingsPatchBody,
  adminBookingsQuery,
  adminBulkAnswer,
  adminBulkIds,
  errorBody,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { SECURITY } from '../../plugins/openapi';
import { currentUser } from '../../plugins/auth';
import { declareAccess } from '../../plugins/route-access';

const tags = ['admin'];
const security = SECURITY.bearer;
const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** /api/admin/bookings — every site's bookings for the platform admins (spec §7 Admin); superadmins only. */
export async function adminBookingRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.adminBookings;
  declareAccess(app, { role: 'superadmin', site: false });

  app.get(
    '/',
    {
      schema: {
        summary: 'List bookings across sites, filtered, sorted and paged',
        operationId: 'adminListBookings',
        tags,
        security,
        description:
          'All sites, or one (`siteId`). `start`/`end` select bookings starting in [start, end); `status` may ' +
          'repeat. Sorted by `sort` (start, createdAt, status, site) in `dir` order, newest start first.',
        querystring: adminBookingsQuery,
        response: { 200: adminBookingsPage, ...errors },
      },
    },
    (request) => service.list(request.query),
  );

  app.patch(
    '/',
    {
      schema: {
        summary: 'Change the note of, or cancel, several bookings',
        operationId: 'adminUpdateBookings',
        tags,
        security,
        description:
          '`updateData` may hold `note` and `status: "cancelled"` only; times, cart, service and price change ' +
          "one booking at a time on the site's calendar. Each booking meets the calendar's rules: one a " +
          'booking system or the booking app made, a past or an ended one is skipped with the reason.',
        body: adminBookingsPatchBody,
        response: { 200: adminBulkAnswer, ...errors },
      },
    },
    (request) => service.update(currentUser(request), request.body.ids, request.body.updateData),
  );

  app.post(
    '/bulk',
    {
      schema: {
        summary: 'Delete (cancel) several bookings',
        operationId: 'adminDeleteBookings',
        tags,
        security,
        description:
          'As deleting on the calendar: each booking is cancelled (its rides and reports keep it) under the ' +
          'same rules; unknown ids and refused bookings are skipped with the reason.',
        body: adminBulkIds,
        response: { 200: adminBulkAnswer, ...errors },
      },
    },
    (request) => service.cancelMany(currentUser(request), request.body.ids),
  );
}
