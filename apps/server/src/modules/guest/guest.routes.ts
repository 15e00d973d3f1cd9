import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, id, openingHours } from '@fairway/domain';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { SitesRepository } from '../sites/sites.repository';
import { declareAccess } from '../../plugins/route-access';

/** What an anonymous guest may know about a club: enough for the site page, nothing operational. */
const publicSite = z.object({
  _id: id,
  name: z.string(),
  centerLatLong: z.string(),
  timezone: z.string(),
  currency: z.string(),
  openingHours,
  keypadEnabled: z.boolean(),
  scanToRideToggle: z.boolean(),
  bookingIntegration: z.boolean(),
});

/**
 * /api/guest — anonymous calls from phones. No secret is possible in a public page, so these answer only
 * public data and are rate-limited per address.
 */
export async function guestRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, 'public');
  const sites = new SitesRepository(ctx.db);

  app.get(
    '/sites/:id',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['guest'],
        params: z.object({ id }),
        response: { 200: publicSite, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const site = await sites.find(request.params.id);
      if (!site || site.staging) throw notFound('Site not found');
      return {
        _id: site.id,
        name: site.name,
        centerLatLong: site.centerLatLong,
        timezone: site.timezone,
        currency: site.currency,
        openingHours: site.openingHours,
        keypadEnabled: site.keypadEnabled,
        scanToRideToggle: site.scanToRideToggle,
        bookingIntegration: site.bookingIntegration,
      };
    },
  );
}
