import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, guestKeyQuery, guestKeyView, id, publicSite, rateLimitedBody } from '@fairway/domain';
import type { AppContext } from '../../context';
import { declareAccess } from '../../plugins/route-access';
import { limitCodeMisses } from './code-try-limit';
import { SECURITY } from '../../plugins/openapi';

type SiteCodeRequest = FastifyRequest<{ Params: { siteId: string }; Querystring: { code: string } }>;

/**
 * /api/guest — anonymous calls from phones. No secret is possible in a public page, so these answer only
 * public data and are rate-limited per address.
 */
export async function guestRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, 'public');

  app.get(
    '/sites/:id',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        summary: "Read a site's public profile",
        operationId: 'getGuestSite',
        security: SECURITY.guest,
        tags: ['guest'],
        params: z.object({ id }),
        response: { 200: publicSite, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    (request) => ctx.sites.publicSite(request.params.id),
  );

  app.get(
    '/sites/:siteId/virtual-keys',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        summary: "Find a member's virtual key by its code",
        operationId: 'getVirtualKey',
        security: SECURITY.guest,
        tags: ['guest'],
        description:
          "The site portal's key (spec §2 Guest site portal, issue 18): a member's virtual key found by its " +
          '6-digit code (with `master=true`, only a master key). 404 keyNotFound for an unknown code; 403 ' +
          'keyDisabled or keyExpired; 429 rateLimited with `retryAfter` after too many unknown codes at the club ' +
          'from one address, or too many at the club or from the address.',
        params: z.object({ siteId: id }),
        querystring: guestKeyQuery,
        response: {
          200: guestKeyView,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          429: rateLimitedBody,
        },
      },
      // Only a code that is no key counts as a try: the key and master pages look their key up again on
      // every visit with the code the guest typed once.
      ...limitCodeMisses<SiteCodeRequest>(ctx.codeAttempts, 'keyNotFound', (request) => ({
        target: `site:${request.params.siteId}`,
        code: request.query.code,
      })),
    },
    (request) => ctx.guestKeys.find(request.params.siteId, request.query),
  );
}
