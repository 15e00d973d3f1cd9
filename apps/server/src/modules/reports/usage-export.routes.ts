import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rideUsageExportQuery } from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentSite, currentUser } from '../../plugins/auth';
import { sendAttachment } from '../../lib/attachment';
import { fileAnswer, SITE_CALL_ERRORS } from '../../plugins/openapi';

const EXPORT_QUERY =
  'The range and filters of GET /rides/chart; `lang` (en, de, da, cs) defaults to the user’s language, ' +
  'else the site’s.';

/**
 * /api/dashboard/rides/chart/rides.csv and /summary.pdf — the Usage report's exports (issue 19), for the
 * same roles as the chart (basic and up, the selected site). The answers are files (errors are the usual
 * `{ message }`).
 */
export async function usageExportRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = ctx.usageExport;

  app.get(
    '/rides.csv',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: "Download the usage report's rides as CSV",
        operationId: 'exportUsageCsv',
        tags: ['rides'],
        security: [{ bearer: [], siteId: [] }],
        querystring: rideUsageExportQuery,
        produces: ['text/csv'],
        description:
          'Answers text/csv: the rides the chart counts, one row each, oldest first: site date, start and ' +
          'end time, cart, type, service, price, driver, duration (h:mm:ss and seconds), distance, amount ' +
          'and currency. UTF-8 with a BOM; English uses `,` and `.` decimals, German, Danish and Czech `;` ' +
          'and `,` decimals. ' +
          EXPORT_QUERY,
        response: { 200: fileAnswer('text/csv', 'The rides, one row each'), ...SITE_CALL_ERRORS },
      },
    },
    async (request, reply) => {
      const file = await service.csv(currentSite(request), currentUser(request).id, request.query);
      return sendAttachment(reply, { type: 'text/csv; charset=utf-8', ...file });
    },
  );

  app.get(
    '/summary.pdf',
    {
      preHandler: app.requireSite('basic'),
      schema: {
        summary: "Download the usage report's one-page summary as PDF",
        operationId: 'exportUsagePdf',
        tags: ['rides'],
        security: [{ bearer: [], siteId: [] }],
        querystring: rideUsageExportQuery,
        produces: ['application/pdf'],
        description:
          'Answers application/pdf: a one-page A4 summary of the Usage report for a board meeting: the ' +
          'cards, rounds per day or month, top carts, rides by service and the weekday × hour heatmap. ' +
          EXPORT_QUERY,
        response: { 200: fileAnswer('application/pdf', 'The one-page summary'), ...SITE_CALL_ERRORS },
      },
    },
    async (request, reply) => {
      const file = await service.pdf(currentSite(request), currentUser(request).id, request.query);
      return sendAttachment(reply, { type: 'application/pdf', filename: file.filename, body: file.pdf });
    },
  );
}
