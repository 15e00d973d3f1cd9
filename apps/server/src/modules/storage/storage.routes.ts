import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@fairway/domain';
import type { AppContext } from '../../context';
import { declareAccess } from '../../plugins/route-access';

const firmwareFile = z.object({ name: z.string(), size: z.number(), uploadedAt: z.string() });

/** /api/storage — files (firmware images, device logs) under DATA_DIR/files; superadmins only. */
export async function storageRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const firmwareDir = path.join(ctx.config.dataDir, 'files', 'firmware');
  declareAccess(app, { role: 'superadmin', site: false });

  app.get(
    '/firmware',
    {
      schema: {
        summary: 'List the firmware images',
        operationId: 'listFirmware',
        tags: ['storage'],
        security: [{ bearer: [] }],
        response: { 200: z.array(firmwareFile), 401: errorBody, 403: errorBody },
      },
    },
    async () => {
      const names = await fs.readdir(firmwareDir).catch(() => [] as string[]);
      const files = await Promise.all(
        names
          .filter((name) => name.endsWith('.bin'))
          .map(async (name) => {
            const stat = await fs.stat(path.join(firmwareDir, name));
            return { name, size: stat.size, uploadedAt: stat.mtime.toISOString() };
          }),
      );
      return files.sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
    },
  );
}
