import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  guestAvailableCarts,
  guestBookingCodeQuery,
  guestBookingMoveBody,
  guestBookingRef,
  guestBookingRetrieveQuery,
  guestBookingToggleBody,
  guestBookingUnlockBody,
  guestBookingView,
  guestUnlockAnswer,
  id,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { declareAccess } from '../../plugins/route-access';
import { GUEST_ACTIONS, GUEST_ERRORS, GUEST_READS } from './guest-route-options';
import { limitCodeMisses } from './code-try-limit';
import { SECURITY } from '../../plugins/openapi';

const params = z.object({ id });

type RetrieveRequest = FastifyRequest<{ Querystring: { siteId: string; code: string } }>;
type ReadRequest = FastifyRequest<{ Params: { id: string }; Querystring: { code: string } }>;
type ActionRequest = FastifyRequest<{ Params: { id: string }; Body: { code: string } }>;

const NOT_FOUND =
  '404 bookingNotFound for an unknown booking and for a wrong code alike (ids cannot be probed). ' +
  '429 rateLimited with `retryAfter` after too many wrong codes on the booking.';

/**
 * /api/guest/bookings — the guest booking page (spec §2 Booking page, §7 Guest; issue 18). Every call
 * carries the booking's code (query for reads, body otherwise); a wrong one counts as a try on the booking
 * (the portal's lookup: on the club), rate limited per address, target and code like the cart and key codes.
 */
export async function guestBookingRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, 'public');
  const { guestBookings } = ctx;
  const tags = ['guest'];
  const codeTry = (bookingId: string, code: string) => ({ target: `booking:${bookingId}`, code });
  // Only a code that names no booking counts as a try: the page sends the right one with every call.
  const misses = <R extends FastifyRequest>(attemptOf: (request: R) => { target: string; code: string }) =>
    limitCodeMisses(ctx.codeAttempts, 'bookingNotFound', attemptOf);

  app.get(
    '/bookings/retrieve',
    {
      config: GUEST_READS,
      schema: {
        summary: 'Find a booking by its booking code',
        operationId: 'retrieveGuestBooking',
        security: SECURITY.guest,
        tags,
        description:
          "The portal's booking-code card: the club's live booking with this code (404 bookingNotFound; " +
          'maintenance blocks have none). 429 rateLimited after too many wrong codes at the club.',
        querystring: guestBookingRetrieveQuery,
        response: { 200: guestBookingRef, ...GUEST_ERRORS },
      },
      ...misses((request: RetrieveRequest) => ({
        target: `site:${request.query.siteId}`,
        code: request.query.code,
      })),
    },
    (request) => guestBookings.retrieve(request.query.siteId, request.query.code),
  );

  app.get(
    '/bookings/:id',
    {
      config: GUEST_READS,
      schema: {
        summary: 'Read a booking as its guest sees it',
        operationId: 'getGuestBooking',
        security: SECURITY.guest,
        tags,
        description: `The booking page: times, names, note and its state (expired, active, prePaid, paymentRequired). ${NOT_FOUND}`,
        params,
        querystring: guestBookingCodeQuery,
        response: { 200: guestBookingView, ...GUEST_ERRORS },
      },
      ...misses((request: ReadRequest) => codeTry(request.params.id, request.query.code)),
    },
    (request) => guestBookings.view(request.params.id, request.query.code),
  );

  app.post(
    '/bookings/:id/unlock',
    {
      config: GUEST_ACTIONS,
      schema: {
        summary: "Open the booking's ride and unlock its cart",
        operationId: 'unlockGuestBooking',
        security: SECURITY.guest,
        tags,
        description:
          "Opens the booking's ride (type 'booking') and sends the cart its unlock; the session is the ride id. " +
          'A booking whose ride is open answers that ride (resumed if paused), so a repeat opens nothing. ' +
          '409 bookingNotYet (the message says from when), bookingExpired, paymentRequired, notActive ' +
          '(cancelled), alreadyUnlocked (ridden and ended), or the cart status (IN_USE, OFFLINE, …). ' +
          NOT_FOUND,
        params,
        body: guestBookingUnlockBody,
        response: { 200: guestUnlockAnswer, ...GUEST_ERRORS },
      },
      ...misses((request: ActionRequest) => codeTry(request.params.id, request.body.code)),
    },
    (request) => guestBookings.unlock(request.params.id, request.body.code),
  );

  app.post(
    '/bookings/:id/toggle-lock',
    {
      config: GUEST_ACTIONS,
      schema: {
        summary: "Pause or resume the booking's ride",
        operationId: 'toggleGuestBookingLock',
        security: SECURITY.guest,
        tags,
        description:
          "'locked' pauses the booking's ride (the cart locks), 'unlocked' resumes it; answers the booking " +
          'page. 409 notActive (no open ride, or not yet confirmed by the cart), alreadyLocked, ' +
          `alreadyUnlocked; 504 cartDidNotAnswer. ${NOT_FOUND}`,
        params,
        body: guestBookingToggleBody,
        response: { 200: guestBookingView, ...GUEST_ERRORS },
      },
      ...misses((request: ActionRequest) => codeTry(request.params.id, request.body.code)),
    },
    (request) => guestBookings.toggleLock(request.params.id, request.body.code, request.body.lockStatus),
  );

  app.get(
    '/bookings/:id/available-carts',
    {
      config: GUEST_READS,
      schema: {
        summary: 'List other carts free for the booking',
        operationId: 'listGuestBookingCarts',
        security: SECURITY.guest,
        tags,
        description:
          "'Problem with cart?': carts in service and free for the booking's range, except its own (once " +
          'it has started, only online carts without a ride). 403 bookingLocked (booking integration), ' +
          `409 alreadyUnlocked, bookingExpired. ${NOT_FOUND}`,
        params,
        querystring: guestBookingCodeQuery,
        response: { 200: guestAvailableCarts, ...GUEST_ERRORS },
      },
      ...misses((request: ReadRequest) => codeTry(request.params.id, request.query.code)),
    },
    (request) => guestBookings.availableCarts(request.params.id, request.query.code),
  );

  app.patch(
    '/bookings/:id',
    {
      config: GUEST_ACTIONS,
      schema: {
        summary: 'Move a booking to another cart',
        operationId: 'moveGuestBooking',
        security: SECURITY.guest,
        tags,
        description:
          'Moves the booking to another cart of its club, checked as a staff edit: 403 bookingLocked, 409 ' +
          'alreadyUnlocked, bookingExpired, overlap, outOfService, 404 cartNotFound (not a cart of the ' +
          `club). Answers the booking page. ${NOT_FOUND}`,
        params,
        body: guestBookingMoveBody,
        response: { 200: guestBookingView, ...GUEST_ERRORS },
      },
      ...misses((request: ActionRequest) => codeTry(request.params.id, request.body.code)),
    },
    (request) => guestBookings.move(request.params.id, request.body.code, request.body.device),
  );
}
