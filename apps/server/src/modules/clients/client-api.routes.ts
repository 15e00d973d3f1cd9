import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLIENT_LIMITS,
  availableCartsView,
  clientAvailableCartsQuery,
  clientBookingBody,
  clientBookingParams,
  clientBookingPatchBody,
  clientBookingView,
  clientBookingsQuery,
  clientCart,
  clientService,
  clientSite,
  clientSiteParams,
  clientSlotsQuery,
  errorBody,
  rateLimitedBody,
  slotView,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentClient } from '../../plugins/api-key';
import { SECURITY } from '../../plugins/openapi';
import { declareAccess } from '../../plugins/route-access';
import { CLIENT_API_EXAMPLES as EX } from './client-api.examples';

const tags = ['client-api'];
const security = SECURITY.apiKey;
const example = <T extends z.ZodType>(schema: T, value: unknown): T => schema.meta({ example: value });
const refusal = example(errorBody, EX.error);
const errors = { 400: refusal, 401: refusal, 404: refusal, 429: rateLimitedBody };
const bookingErrors = { ...errors, 409: refusal };
const noContent = z.null().describe('No content');
const booking = example(clientBookingView, EX.booking);
/** Per key: app.ts keys every rate limit on the request's API client when it carries a key. */
const config = { rateLimit: { max: CLIENT_LIMITS.requestsPerMinute, timeWindow: '1 minute' } };
const refusals =
  'Every rule of the club applies: opening hours, not in the past, at least the service duration, the ' +
  "site's turnaround between bookings, a cart in service. Refusals answer `{ message, code }` with the " +
  'field first in `message`; a cart already booked answers 409.';

/**
 * /api/client/v1 — the client API for booking systems (issue 21 item 5). Every call sends the client's key
 * in `x-api-key` (plugins/api-key.ts), sees only the client's sites and is rate limited per key.
 */
export async function clientApiRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const api = ctx.clientApi;
  declareAccess(app, 'apiKey');

  app.get(
    '/sites',
    {
      config,
      schema: {
        tags,
        security,
        summary: "List the client's sites",
        operationId: 'clientListSites',
        response: { 200: example(z.array(clientSite), EX.sites), ...errors },
      },
    },
    (request) => api.sites(currentClient(request)),
  );

  app.get(
    '/sites/:siteId/services',
    {
      config,
      schema: {
        tags,
        security,
        summary: "List a site's services and their prices",
        operationId: 'clientListServices',
        description: 'Amounts are in minor units of the site currency; `userGroup` null is the guest price.',
        params: clientSiteParams,
        response: { 200: example(z.array(clientService), EX.services), ...errors },
      },
    },
    (request) => api.siteServices(currentClient(request), request.params.siteId),
  );

  app.get(
    '/sites/:siteId/carts',
    {
      config,
      schema: {
        tags,
        security,
        summary: "List a site's carts",
        operationId: 'clientListCarts',
        params: clientSiteParams,
        response: { 200: example(z.array(clientCart), EX.carts), ...errors },
      },
    },
    (request) => api.carts(currentClient(request), request.params.siteId),
  );

  app.get(
    '/sites/:siteId/slots',
    {
      config,
      schema: {
        tags,
        security,
        summary: "A service's free slots on a day",
        operationId: 'clientListSlots',
        description:
          "The service's slots on the site's date (not yet past), with the carts free for each over the " +
          'carts in service. `startAt`/`endAt` are what to book.',
        params: clientSiteParams,
        querystring: clientSlotsQuery,
        response: { 200: example(z.array(slotView), EX.slots), ...errors },
      },
    },
    (request) => api.slots(currentClient(request), request.params.siteId, request.query),
  );

  app.get(
    '/sites/:siteId/available-carts',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Carts free for a time range',
        operationId: 'clientListAvailableCarts',
        description:
          'Carts in service free for [start, end) plus the turnaround, and the one a booking without ' +
          '`device` gets.',
        params: clientSiteParams,
        querystring: clientAvailableCartsQuery,
        response: { 200: example(availableCartsView, EX.availableCarts), ...errors },
      },
    },
    (request) => api.availableCarts(currentClient(request), request.params.siteId, request.query),
  );

  app.get(
    '/sites/:siteId/bookings',
    {
      config,
      schema: {
        tags,
        security,
        summary: "List the client's bookings at a site",
        operationId: 'clientListBookings',
        description: 'Live bookings this client made overlapping [start, end), by default from now on.',
        params: clientSiteParams,
        querystring: clientBookingsQuery,
        response: { 200: example(z.array(clientBookingView), [EX.booking]), ...errors },
      },
    },
    (request) => api.bookingsAt(currentClient(request), request.params.siteId, request.query),
  );

  app.post(
    '/sites/:siteId/bookings',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Book a cart',
        operationId: 'clientCreateBooking',
        description:
          'Without `device`, the recommended free cart is booked (409 noCartFree when none is). The ' +
          `answer's \`code\` is what the guest types at the cart. ${refusals}`,
        params: clientSiteParams,
        body: example(clientBookingBody, EX.bookingBody),
        response: { 201: booking, ...bookingErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await api.book(currentClient(request), request.params.siteId, request.body)),
  );

  app.get(
    '/bookings/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Read one of the client’s bookings',
        operationId: 'clientGetBooking',
        params: clientBookingParams,
        response: { 200: booking, ...errors },
      },
    },
    (request) => api.booking(currentClient(request), request.params.id),
  );

  app.patch(
    '/bookings/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Move or re-time one of the client’s bookings',
        operationId: 'clientUpdateBooking',
        description: `Only while the booking has not ended. ${refusals}`,
        params: clientBookingParams,
        body: example(clientBookingPatchBody, EX.bookingPatch),
        response: { 200: booking, ...bookingErrors },
      },
    },
    (request) => api.update(currentClient(request), request.params.id, request.body),
  );

  app.delete(
    '/bookings/:id',
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Cancel one of the client’s bookings',
        operationId: 'clientCancelBooking',
        description: 'The booking stays, cancelled; its cart is free again at once.',
        params: clientBookingParams,
        response: { 204: noContent, ...bookingErrors },
      },
    },
    async (request, reply) => {
      await api.cancel(currentClient(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
}
