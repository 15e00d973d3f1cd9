import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SITE_LANGS } from '@fairway/domain';
import type { AppContext } from '../../../context';
import { publicBase } from '../../../lib/public-url';
import { currentSite } from '../../../plugins/auth';
import { sendAttachment } from '../../../lib/attachment';
import { fileAnswer, SITE_CALL_ERRORS } from '../../../plugins/openapi';

const posterQuery = z.object({ lang: z.enum(SITE_LANGS).optional() });

/** /api/dashboard/sites/poster — the site's A4 poster with the guest QR code, for every dashboard role. */
export async function dashboardPosterRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.posters;

  app.get(
    '/poster',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: "Download the site's A4 poster with its guest QR code (PDF)",
        operationId: 'getSitePoster',
        tags: ['sites'],
        security: [{ bearer: [], siteId: [] }],
        querystring: posterQuery,
        produces: ['application/pdf'],
        description:
          "An A4 PDF with the QR code (138 mm) to the site's guest page; `lang` defaults to the site's language.",
        response: { 200: fileAnswer('application/pdf', 'The poster'), ...SITE_CALL_ERRORS },
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
