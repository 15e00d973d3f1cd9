import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  guestCartView,
  guestCodeUnlockBody,
  guestRideView,
  guestUnlockAnswer,
  id,
  ratesAnswer,
} from '@fairway/domain';
import type { AppContext } from '../../context';
import { limitCodeTry } from './code-try-limit';
import { GUEST_RIDE_ACTIONS } from './guest-sessions.service';
import { declareAccess } from '../../plugins/route-access';
import { GUEST_ACTIONS, GUEST_ERRORS, GUEST_READS } from './guest-route-options';
import { SECURITY } from '../../plugins/openapi';

/** The guest's ride id (session): any text, since an unknown one is answered as not found, not invalid. */
const sessionParams = z.object({ sessionId: z.string().max(100) });

const ACTION_TEXT = {
  end: 'Ends the ride: the cart is locked.',
  pause: 'Pauses the ride: the cart is locked and the ride stays open (409 notActive unless active).',
  resume: 'Resumes a paused ride: the cart is unlocked again (409 notPaused unless paused).',
  retry:
    "The guest's one retry of an unlock the cart has not confirmed: the unlock is sent again (409 noRetryLeft).",
} as const;
const ACTION_SUMMARY = {
  end: "End the guest's ride and lock the cart",
  pause: "Pause the guest's ride and lock the cart",
  resume: "Resume the guest's paused ride and unlock the cart",
  retry: 'Send an unconfirmed unlock to the cart once more',
} as const;

/**
 * /api/guest — the guest ride flow (spec §2 Guest ride flow, §7 Guest): the cart page, rates, the cart's
 * own code, and the guest's ride (session). Anonymous calls from phones, rate-limited per address.
 */
export async function guestRideRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, 'public');
  const { guestCarts: carts, guestSessions: sessions } = ctx;
  const tags = ['guest'];

  app.get(
    '/devices/:id',
    {
      config: GUEST_READS,
      schema: {
        summary: 'Read a cart as a guest sees it, with what can be bought',
        operationId: 'getGuestCart',
        security: SECURITY.guest,
        tags,
        description:
          'The cart page: cart, club, battery, the §4 guest status (AVAILABLE, IN_USE, …) and the services ' +
          'a guest can pay for. 404 for unknown carts and carts not yet at a club.',
        params: z.object({ id }),
        response: { 200: guestCartView, ...GUEST_ERRORS },
      },
    },
    (request) => carts.cartView(request.params.id),
  );

  app.get(
    '/sites/:siteId/rates',
    {
      config: GUEST_READS,
      schema: {
        summary: "List the club's guest prices",
        operationId: 'listGuestRates',
        security: SECURITY.guest,
        tags,
        description:
          "The club's guest prices (optionally of one service), special (some days and hours) or daily, " +
          'each saying whether it can be bought now; plus the unlock fee checkout adds.',
        params: z.object({ siteId: id }),
        querystring: z.object({ serviceId: id.optional() }),
        response: { 200: ratesAnswer, ...GUEST_ERRORS },
      },
    },
    (request) => carts.rates(request.params.siteId, request.query.serviceId),
  );

  app.post(
    '/devices/:deviceId/unlock',
    {
      schema: {
        summary: 'Open a ride with a cart code or a virtual key',
        operationId: 'unlockGuestCart',
        security: SECURITY.guest,
        tags,
        description:
          "Opens a ride with the cart's own 6-digit code, or a member's virtual key of the cart's club (a " +
          "'key' ride that costs one credit unless unlimited; 403 keyDisabled, keyExpired, " +
          'insufficientCredits, notAllowedForCart; 409 bookedWithoutMaster, closedWithoutMaster: only a master ' +
          'key opens a booked cart or one of a closed club), and sends the unlock; the session is the ride id. ' +
          '403 invalidCode for any other code (nothing changes). 409 with the guest status when the cart is not ' +
          'AVAILABLE. ' +
          '429 rateLimited with `retryAfter` seconds (and Retry-After) after too many tries of one code at ' +
          'one cart from one address, or too many on the cart or from the address.',
        params: z.object({ deviceId: id }),
        body: guestCodeUnlockBody,
        response: { 200: guestUnlockAnswer, ...GUEST_ERRORS },
      },
      preHandler: (request) =>
        limitCodeTry(ctx.codeAttempts, request, {
          target: `cart:${request.params.deviceId}`,
          code: request.body.rideData.code,
        }),
    },
    (request) => carts.unlockWithCode(request.params.deviceId, request.body),
  );

  app.get(
    '/rides/:sessionId',
    {
      config: GUEST_READS,
      schema: {
        summary: "Read the guest's ride",
        operationId: 'getGuestRide',
        security: SECURITY.guest,
        tags,
        description:
          "The guest's ride: awaiting the cart, active, paused or ended (an ended ride still answers). " +
          '`expand=rate` is accepted for older pages; the service and price are always included.',
        params: sessionParams,
        querystring: z.object({ expand: z.string().max(50).optional() }),
        response: { 200: guestRideView, ...GUEST_ERRORS },
      },
    },
    (request) => sessions.view(request.params.sessionId),
  );

  for (const action of GUEST_RIDE_ACTIONS) {
    app.post(
      `/rides/:sessionId/${action}`,
      {
        config: GUEST_ACTIONS,
        schema: {
          summary: ACTION_SUMMARY[action],
          operationId: `${action}GuestRide`,
          tags,
          security: SECURITY.guest,
          description: `${ACTION_TEXT[action]} Answers the ride as the guest sees it.`,
          params: sessionParams,
          response: { 200: guestRideView, ...GUEST_ERRORS },
        },
      },
      (request) => sessions.act(request.params.sessionId, action),
    );
  }
}
