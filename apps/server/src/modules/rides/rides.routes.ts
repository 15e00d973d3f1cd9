import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteRideBody,
  endRideBody,
  errorBody,
  id,
  resumeRideBody,
  rideDetail,
  rideDetailQuery,
  rideView,
  ridesPage,
  ridesQuery,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentSite, currentUser } from '../../plugins/auth';
import type { RideActor } from './ride-lifecycle.service';

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  /** the cart did not answer a resume's unlock (cartDidNotAnswer) */
  504: errorBody,
};
const security = [{ bearer: [], siteId: [] }];

const operator = (request: FastifyRequest): RideActor => {
  const user = currentUser(request);
  return { kind: 'operator', userId: user.id, role: user.role };
};

/** /api/dashboard/rides — the operator's Rides page (spec §2 Rides, §7 GET /rides, POST /rides/end, /delete). */
export async function dashboardRideRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { lifecycle, views } = ctx.rides;
  const tags = ['rides'];

  app.get(
    '/',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: "List the selected site's rides in a date range",
        operationId: 'listRides',
        tags,
        security,
        description:
          "The site's rides newest first, with the ride's start in [start, end), optionally of one cart or " +
          'matching a search in one field (car number from its start; name or email anywhere, any case).',
        querystring: ridesQuery,
        response: { 200: ridesPage, ...errors },
      },
    },
    (request) => views.list(currentSite(request), request.query),
  );

  app.get(
    '/:id',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: 'Read one ride with its trail',
        operationId: 'getRide',
        tags,
        security,
        description:
          "One ride with its trail (the cart's positions while it ran: all of them with hiRes=true, else " +
          'simplified for drawing) and the site centre for a ride without one.',
        params: z.object({ id }),
        querystring: rideDetailQuery,
        response: { 200: rideDetail, ...errors },
      },
    },
    (request) => views.detail(request.params.id, currentSite(request), request.query.hiRes),
  );

  app.post(
    '/end',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'End an open ride and lock its cart',
        operationId: 'endRide',
        tags,
        security,
        description:
          'Ends an open ride: the cart is locked and the ride closed (409 rideEnded when it had ended).',
        body: endRideBody,
        response: { 200: rideView, ...errors },
      },
    },
    async (request) => {
      const { session } = request.body;
      // The lifecycle acts on any ride by id; the site header decides which rides this operator may touch.
      await views.onSite(session, currentSite(request));
      return views.view(await lifecycle.end(session, operator(request), 'operator'));
    },
  );

  app.post(
    '/resume',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'Resume a paused ride and unlock its cart',
        operationId: 'resumeRide',
        tags,
        security,
        description: 'Resumes a paused ride: the cart is unlocked again (409 notPaused otherwise).',
        body: resumeRideBody,
        response: { 200: rideView, ...errors },
      },
    },
    async (request) => {
      const { session } = request.body;
      await views.onSite(session, currentSite(request));
      return views.view(await lifecycle.resume(session, operator(request)));
    },
  );

  app.post(
    '/delete',
    {
      preHandler: app.requireSite('user'),
      schema: {
        summary: 'Delete a ride',
        operationId: 'deleteRide',
        tags,
        security,
        description:
          'Deletes a ride (it cannot be undone): hidden from every list and view; an open ride is ended first.',
        body: deleteRideBody,
        response: { 200: rideView, ...errors },
      },
    },
    (request) => views.delete(request.body.sessionID, currentSite(request), operator(request)),
  );
}
