import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  availableCartsQuery,
  availableCartsView,
  bookingBody,
  bookingPatchBody,
  bookingUnlockResult,
  bookingView,
  bookingsQuery,
  errorBody,
  id,
  slotsQuery,
  slotView,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentSite, currentUser } from '../../plugins/auth';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const security = [{ bearer: [], siteId: [] }];
const bookingParams = z.object({ id });
const noContent = z.null().describe('No content');
const refusals =
  'Refusals name the field: `start`/`end` outside opening hours, in the past, shorter than the service, ' +
  '`device` out of service or already booked (409, also under concurrent requests), a maintenance block ' +
  'over bookings (409).';

/**
 * /api/dashboard/bookings — the selected site's bookings and maintenance blocks (spec §7). Desk staff (role
 * basic, who may also lock and unlock carts) book, move, cancel and unlock.
 */
export async function dashboardBookingRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { bookings, bookingAvailability } = ctx;

  app.get(
    '/',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: 'List bookings overlapping a date range',
        operationId: 'listBookings',
        tags: ['bookings'],
        security,
        description:
          'Bookings overlapping [start, end) — default from now on — in the given statuses (default ' +
          'confirmed and payment_pending), by start.',
        querystring: bookingsQuery,
        response: { 200: z.array(bookingView), ...errors },
      },
    },
    (request) => bookings.list(currentSite(request), request.query),
  );

  app.get(
    '/availability/carts',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: 'List carts free for a range and the recommended one',
        operationId: 'listAvailableCarts',
        tags: ['bookings'],
        security,
        description:
          "Carts in service free for [start, end) plus the site's turnaround, and the recommended one: the " +
          'lowest odometer among those with enough estimated charge at start.',
        querystring: availableCartsQuery,
        response: { 200: availableCartsView, ...errors },
      },
    },
    (request) => bookingAvailability.carts(currentSite(request), request.query),
  );

  app.get(
    '/availability/slots',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: "List a service's free slots on a day",
        operationId: 'listBookingSlots',
        tags: ['bookings'],
        security,
        description:
          "A service's slots on the site's date (not yet past), with free carts over carts in service.",
        querystring: slotsQuery,
        response: { 200: z.array(slotView), ...errors },
      },
    },
    (request) => bookingAvailability.slots(currentSite(request), request.query),
  );

  app.get(
    '/:id',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: 'Read one booking',
        operationId: 'getBooking',
        tags: ['bookings'],
        security,
        params: bookingParams,
        response: { 200: bookingView, ...errors },
      },
    },
    (request) => bookings.get(currentSite(request), request.params.id),
  );

  app.post(
    '/',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: 'Create a booking or a maintenance block',
        operationId: 'createBooking',
        tags: ['bookings'],
        security,
        description: `Creates a booking, or with bookingType cart_maintenance a maintenance block. ${refusals}`,
        body: bookingBody,
        response: { 201: bookingView, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await bookings.create(currentSite(request), currentUser(request).id, request.body)),
  );

  app.patch(
    '/:id',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: 'Change a booking',
        operationId: 'updateBooking',
        tags: ['bookings'],
        security,
        description: `Changes a booking; past bookings only when maintenance blocks. ${refusals}`,
        params: bookingParams,
        body: bookingPatchBody,
        response: { 200: bookingView, ...errors },
      },
    },
    (request) => bookings.update(currentSite(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: 'Cancel a booking',
        operationId: 'cancelBooking',
        tags: ['bookings'],
        security,
        description: 'Cancels a booking that has not ended (cannot be undone).',
        params: bookingParams,
        response: { 204: noContent, ...errors },
      },
    },
    async (request, reply) => {
      await bookings.remove(currentSite(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:id/unlock',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: "Unlock a booking's cart and open its ride",
        operationId: 'unlockBooking',
        tags: ['bookings'],
        security,
        description:
          "Unlocks the booking's cart within start + bookingOffset … end and opens its ride (type booking); " +
          'refused for an app booking awaiting payment. Answers the ride (session) id; the cart confirms it.',
        params: bookingParams,
        response: { 200: bookingUnlockResult, ...errors },
      },
    },
    (request) => bookings.unlock(currentSite(request), request.params.id, currentUser(request).id),
  );
}
