import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../lib/errors';
import { isValidFileKey, LocalFileStore } from '../../lib/file-store';
import { declareAccess } from '../../plugins/route-access';
import { SECURITY } from '../../plugins/openapi';

const params = z.object({ '*': z.string() });
const query = z.object({
  expires: z.string().max(20).default(''),
  signature: z.string().max(128).default(''),
});

/**
 * /api/signed-files/<key>?expires=…&signature=… — a private file (a firmware image) of the local store for
 * whoever holds a URL the server signed (a cart downloading its update). No login: the signature is the
 * permission; an expired or altered URL is refused with 403. With S3_URL the bucket serves presigned URLs
 * itself and this route has nothing to serve.
 */
export async function signedFileRoutes(instance: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  declareAccess(app, 'public');

  app.get(
    '/*',
    {
      // Hidden like /api/files: the URL comes whole from a firmware order, and OpenAPI 3.0 has no wildcard.
      schema: {
        hide: true,
        summary: 'Download a private file by its signed, expiring URL',
        operationId: 'getSignedFile',
        security: SECURITY.public,
        tags: ['files'],
        params,
        querystring: query,
      },
    },
    async (request, reply) => {
      const store = ctx.privateFiles;
      const key = request.params['*'];
      if (!(store instanceof LocalFileStore) || !store.signer || !isValidFileKey(key)) {
        throw notFound('File not found');
      }
      const check = store.signer.check(key, request.query.expires, request.query.signature);
      if (check === 'expired') throw forbidden('This link has expired', 'linkExpired');
      if (check === 'invalid') throw forbidden('This link is not valid', 'linkInvalid');
      const file = await store.get(key);
      if (!file) throw notFound('File not found');
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
}
