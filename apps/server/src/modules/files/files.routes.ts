import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { isValidFileKey } from '../../lib/file-store';
import { notFound } from '../../lib/errors';
import { declareAccess } from '../../plugins/route-access';
import { SECURITY } from '../../plugins/openapi';

const fileParams = z.object({ '*': z.string() });

/**
 * /api/files/<key> — public files (site logos and covers). No auth: the guest pages show them. A key
 * carries a hash of the content, so a URL never changes meaning and may be cached for good.
 */
export async function publicFileRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, 'public');

  app.get(
    '/*',
    {
      // No response schema: the answer is the file's own bytes (or the usual `{ message }` 404). Hidden from
      // the OpenAPI document: a file's URL comes from the answer that names it, and OpenAPI 3.0 cannot
      // describe a wildcard path.
      schema: {
        hide: true,
        summary: 'Download a public file such as a site logo',
        operationId: 'getPublicFile',
        security: SECURITY.public,
        tags: ['files'],
        params: fileParams,
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const file = isValidFileKey(key) ? await ctx.files.get(key) : null;
      if (!file) throw notFound('File not found');
      return (
        reply
          .type(file.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          // The stored type is all a browser may go by; an image is never sniffed into HTML or script.
          .header('x-content-type-options', 'nosniff')
          .send(file.bytes)
      );
    },
  );
}
