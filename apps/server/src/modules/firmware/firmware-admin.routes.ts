import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, firmwareUpdateView, id, pushFirmwareBody, pushFirmwareResult } from '@fairway/domain';
import type { AppContext } from '../../context';
import { currentUser } from '../../plugins/auth';
import { SECURITY } from '../../plugins/openapi';
import { declareAccess } from '../../plugins/route-access';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** /api/admin/devices/firmware… — firmware over the air (issue 20); superadmins only. */
export async function adminFirmwareRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, { role: 'superadmin', site: false });
  const service = ctx.firmwareUpdates;

  app.post(
    '/firmware',
    {
      schema: {
        summary: 'Push a firmware image to carts',
        description:
          'Each online cart gets a firmware order with a signed download URL (30 min) and the SHA-256, and ' +
          'shows firmwareStatus 1 (pending); its progress arrives as device updates. Carts offline, unknown, ' +
          'already on the version or still installing are skipped with the reason.',
        operationId: 'pushFirmware',
        tags: ['admin'],
        security: SECURITY.bearer,
        body: pushFirmwareBody,
        response: { 200: pushFirmwareResult, ...errors },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return service.push(request.body.ids, request.body.fileId, {
        userId: user.id,
        role: user.role,
        source: 'admin',
      });
    },
  );

  app.get(
    '/:id/firmware-updates',
    {
      schema: {
        summary: "A cart's firmware updates",
        description: 'Newest first, at most 50.',
        operationId: 'listFirmwareUpdates',
        tags: ['admin'],
        security: SECURITY.bearer,
        params: z.object({ id }),
        response: { 200: z.array(firmwareUpdateView), ...errors },
      },
    },
    async (request) => service.history(request.params.id),
  );
}
