import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SITE_LANGS } from '@fairway/domain';
import type { AppContext } from '../../../context';
import { publicBase } from '../../../lib/public-url';
import { currentSite } from '../../../plugins/auth';
import { sendAttachment } from '../../../lib/attachment';

const posterQuery = z.object({ lang: z.enum(SITE_LANGS).optional() });

/** /api/dashboard/sites/poster — the site's A4 poster with the guest QR code, for every dashboard role. */
export async function dashboardPosterRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.posters;

  app.get(
    '/poster',
    {
      preHandler: app.requireSite('basic'),
      // No response schema: the answer is a PDF file (errors are the usual `{ message }`).
      schema: {
        tags: ['sites'],
        security: [{ bearer: [], siteId: [] }],
        querystring: posterQuery,
        produces: ['application/pdf'],
        description:
          "An A4 PDF with the QR code (138 mm) to the site's guest page; `lang` defaults to the site's language.",
      },
    },
    async (request, reply) => {
      const poster = await service.poster(
        currentSite(request),
        request.query.lang,
        publicBase(ctx.config, request),
      );
      return sendAttachment(reply, { type: 'application/pdf', filename: poster.filename, body: poster.pdf });
    },
  );
}
