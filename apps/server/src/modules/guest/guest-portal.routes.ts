import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  guestBookingBody,
  guestBookingCreated,
  guestKeyCarts,
  guestKeyCartsQuery,
  guestKeyServices,
  guestKeyServicesQuery,
  guestMasterCarts,
  guestMasterCartsQuery,
  guestToggleLockAnswer,
  guestToggleLockBody,
  id,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { declareAccess } from '../../plugins/route-access';
import { GUEST_ACTIONS, GUEST_ERRORS, GUEST_READS } from './guest-route-options';
import { limitCodeMisses } from './code-try-limit';
import { SECURITY } from '../../plugins/openapi';

type SiteCodeRequest = FastifyRequest<{ Params: { siteId: string }; Querystring: { code: string } }>;
type BookingRequest = FastifyRequest<{ Body: { siteId: string; code: string } }>;
type ToggleRequest = FastifyRequest<{ Params: { id: string }; Body: { code: string } }>;

/**
 * /api/guest — the site portal's virtual-key booking form and master-key page (spec §2 Guest site portal,
 * §7 Guest, issue 18). Anonymous: each call carries the key's 6-digit code, which is checked on every call
 * (a wrong one counts as a try per address and site, or cart, as the cart and key codes do), so a code is
 * never a login.
 */
export async function guestPortalRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, 'public');
  const { guestKeyBookings: bookings, guestMaster: master } = ctx;
  const tags = ['guest'];
  const siteParams = z.object({ siteId: id });
  // Only a code that is no key (of the kind asked for) counts as a try: the pages send the right one with
  // every call, and the master page polls its carts after each lock toggle.
  const misses = <R extends FastifyRequest>(attemptOf: (request: R) => { target: string; code: string }) =>
    limitCodeMisses(ctx.codeAttempts, 'keyNotFound', attemptOf);

  app.get(
    '/sites/:siteId/key-services',
    {
      config: GUEST_READS,
      schema: {
        summary: 'List the services a virtual key may book',
        operationId: 'listKeyServices',
        security: SECURITY.guest,
        tags,
        description:
          "The services a virtual key's holder may book (a price with credits > 0 for their group or the guest " +
          'group), with those prices, the holder and the club time zone: the page picks the applicable price ' +
          'with the domain rule. 404 keyNotFound, 403 keyDisabled/keyExpired, 429 rateLimited.',
        params: siteParams,
        querystring: guestKeyServicesQuery,
        response: { 200: guestKeyServices, ...GUEST_ERRORS },
      },
      ...misses((request: SiteCodeRequest) => ({
        target: `site:${request.params.siteId}`,
        code: request.query.code,
      })),
    },
    (request) => bookings.services(request.params.siteId, request.query.code),
  );

  app.get(
    '/sites/:siteId/key-carts',
    {
      config: GUEST_READS,
      schema: {
        summary: 'List the carts a virtual key may book now',
        operationId: 'listKeyCarts',
        security: SECURITY.guest,
        tags,
        description:
          'The carts the key may book the service on now (start: now to the nearest 5 minutes; end: start + ' +
          'duration): its carts, in service, free with the turnaround, not out now; recommended first, then by ' +
          'number. 404 keyNotFound/serviceNotFound, 403 keyDisabled/keyExpired, 429 rateLimited.',
        params: siteParams,
        querystring: guestKeyCartsQuery,
        response: { 200: guestKeyCarts, ...GUEST_ERRORS },
      },
      ...misses((request: SiteCodeRequest) => ({
        target: `site:${request.params.siteId}`,
        code: request.query.code,
      })),
    },
    (request) => bookings.carts(request.params.siteId, request.query),
  );

  app.post(
    '/bookings',
    {
      config: GUEST_ACTIONS,
      schema: {
        summary: "Book a cart now with a virtual key's credits",
        operationId: 'createKeyBooking',
        security: SECURITY.guest,
        tags,
        description:
          "'Book now' with a virtual key: the server decides the price again and takes its credits in the " +
          'transaction that stores the booking (a repeat finds the cart booked: 409 overlap, nothing charged). ' +
          'The booking starts now; start/end more than 5 minutes off are 409 timesChanged. 403 keyDisabled, ' +
          'keyExpired, notAllowedForCart, insufficientCredits, bookingLocked; 404 keyNotFound, serviceNotFound, ' +
          'cartNotFound; 409 priceNotApplicable, overlap, outOfService, IN_USE, SITE_CLOSED.',
        body: guestBookingBody,
        response: { 201: guestBookingCreated, ...GUEST_ERRORS },
      },
      ...misses((request: BookingRequest) => ({
        target: `site:${request.body.siteId}`,
        code: request.body.code,
      })),
    },
    async (request, reply) => reply.code(201).send(await bookings.book(request.body)),
  );

  app.get(
    '/sites/:siteId/master-carts',
    {
      config: GUEST_READS,
      schema: {
        summary: 'List every cart of the club for a master key',
        operationId: 'listMasterCarts',
        security: SECURITY.guest,
        tags,
        description:
          "Every cart of the club by number, for a master key's code (a member's key marked master; any other " +
          'code is 404 keyNotFound). 403 keyDisabled/keyExpired, 429 rateLimited.',
        params: siteParams,
        querystring: guestMasterCartsQuery,
        response: { 200: guestMasterCarts, ...GUEST_ERRORS },
      },
      ...misses((request: SiteCodeRequest) => ({
        target: `site:${request.params.siteId}`,
        code: request.query.code,
      })),
    },
    (request) => master.carts(request.params.siteId, request.query.code),
  );

  app.post(
    '/devices/:id/toggle-lock',
    {
      config: GUEST_ACTIONS,
      schema: {
        summary: 'Lock or unlock a cart with a master key',
        operationId: 'toggleMasterLock',
        security: SECURITY.guest,
        tags,
        description:
          'A master key locks or unlocks a cart of its club, booked or not, open or closed; answers the ' +
          "command's id at once (the page polls master-carts). 409 IN_USE while a ride is open on the cart, " +
          'OFFLINE, KEYMODE, alreadyLocked, alreadyUnlocked; 404 keyNotFound/cartNotFound; 429 rateLimited.',
        params: z.object({ id }),
        body: guestToggleLockBody,
        response: { 200: guestToggleLockAnswer, ...GUEST_ERRORS },
      },
      ...misses((request: ToggleRequest) => ({
        target: `cart:${request.params.id}`,
        code: request.body.code,
      })),
    },
    (request) => master.toggleLock(request.params.id, request.body),
  );
}
