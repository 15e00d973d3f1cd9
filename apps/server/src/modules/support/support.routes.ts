import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody, supportExportAnswer } from '@fairway/domain';
import type { AppContext } from '../../context';
import { declareAccess } from '../../plugins/route-access';

/** POST /api/admin/users/support-export: superadmins only. */
export async function adminSupportExportRoutes(
  instance: FastifyInstance,
  { ctx }: { ctx: AppContext },
): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, { role: 'superadmin', site: false });

  app.post(
    '',
    {
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary: 'Export every user as a contact to the support tool',
        description:
          'The console\'s "Sync" button. The provider is Crisp when CRISP_IDENTIFIER, CRISP_KEY and ' +
          'CRISP_WEBSITE_ID are set, else the local directory (table support_contacts). 502 when the ' +
          'support tool refuses; nothing is counted then.',
        operationId: 'exportUsersToSupport',
        response: { 200: supportExportAnswer, 401: errorBody, 403: errorBody, 502: errorBody },
      },
    },
    async () => ctx.supportExport.export(),
  );
}
